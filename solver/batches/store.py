"""The site's stored batches: a batch stored, solved a slice at a time, and its progress.

Nothing here knows HTTP; the views call these functions. Every puzzle is
solved by ``solver.cli.solving.solve_entry``, the command line's own path,
within the site's budget for one puzzle (``SUDOKU_SOLVE_SECONDS``). A slice
(``run_slice``) solves a batch for ``SUDOKU_BATCH_SLICE_SECONDS``, however
large the batch, and the rows wait in the database between slices: a
request runs one under the inline runner, a queued task under celery's
(``tasks``, holding the batch's lease: ``leases``).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import timedelta
from itertools import islice
from uuid import UUID

from django.conf import settings
from django.db import connection, transaction
from django.db.models import Count, Exists, OuterRef, Q, QuerySet, Sum
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from ..choices import StatusChoices
from ..cli.reading import Entry, puzzle_lines
from ..cli.solving import MAX_CONFLICTS, Outcome, solve_entry
from ..core.database import Lock, hold
from ..core.messages import describe
from ..engine import Budget, Problem, Status
from .leases import Lease
from .models import PENDING, Batch, BatchRow

INSERT_ROWS = 1000  # rows stored per insert when a batch is created
SOLVE_ROWS = 200  # rows read, then written back, together while solving
SOLVED_FIELDS = ("status", "solution", "solutions", "guesses", "ms", "message")
MIN_RETRY_SECONDS = 60  # a full server's soonest "try again"


class BatchRefused(ValueError):
    """The text cannot be a batch."""


class NoPuzzles(BatchRefused):
    """The text holds no puzzle: nothing but blank lines and comments."""

    def __init__(self):
        super().__init__("The text holds no puzzles (only blank lines and # comments).")


class ServerFull(Exception):
    """The batches kept hold as many puzzles as ``SUDOKU_BATCH_MAX_ROWS``
    allows, even with the sender's own finished and idle batches gone: the
    rest are other clients' (or no client's), kept for their
    ``SUDOKU_BATCH_KEEP_HOURS``. The new batch is refused, and nothing is
    stored or deleted. ``seconds``: when to try again, once the oldest batch
    kept has had its time (at least ``MIN_RETRY_SECONDS``)."""

    def __init__(self, seconds: float = 60.0):
        super().__init__("The batches kept hold as many puzzles as the server may keep.")
        self.seconds = seconds


class TooManyPuzzles(BatchRefused):
    """The text holds more puzzles than one batch may: ``count`` found, ``limit`` allowed."""

    def __init__(self, count: int, limit: int):
        super().__init__(f"The text holds {count:,} puzzles; a batch holds at most {limit:,}.")
        self.count, self.limit = count, limit


@dataclass(frozen=True)
class BatchProgress:
    """How far a batch has got: rows solved, rows in all, and solved rows by status."""

    done: int
    total: int
    counts: dict[str, int]

    @property
    def finished(self) -> bool:
        return self.done >= self.total


def batch_entries(text: str) -> list[Entry]:
    """The puzzles of ``text``, one a line (blank lines and ``#`` comments
    skipped, as on the command line), each with its line number.

    Raises NoPuzzles, or TooManyPuzzles past ``SUDOKU_BATCH_MAX_PUZZLES``.
    """
    # Not ``files.reading.read_entries``, which reads the whole text as one puzzle when its
    # first line could be a row of one (any 4, 6, 9, 10, ... characters): a
    # header such as "puzzle", or a first line that is no puzzle, would then
    # spoil every line after it instead of being reported on its own row.
    limit = settings.SUDOKU_BATCH_MAX_PUZZLES
    entries = (Entry(number, line) for number, line in puzzle_lines(text.splitlines()))
    head = list(islice(entries, limit + 1))
    if not head:
        raise NoPuzzles()
    if len(head) > limit:
        # The text is at most SUDOKU_BATCH_MAX_BYTES long, so counting the rest is bounded.
        raise TooManyPuzzles(len(head) + sum(1 for _ in entries), limit)
    return head


def create_batch(name: str, text: str, client: str = "") -> Batch:
    """A new batch of ``client`` (a keyed hash, ``logs.client_hash``; never an
    address) holding every puzzle of ``text``, none solved yet, once
    ``make_room`` has made room for it. Raises ServerFull when it cannot,
    and as ``batch_entries`` does; either way nothing is stored or deleted.
    """
    entries = batch_entries(text)
    # One transaction, holding the batches' lock from its start (SQLite's
    # write lock, PostgreSQL's named lock: see make_room): workers storing
    # batches at once queue for it, so none counts room another has just
    # taken, and the cap holds. Leaving it by ServerFull rolls the deletions
    # back too: a refused batch changes nothing.
    with transaction.atomic():
        hold(Lock.BATCHES)
        make_room(client, len(entries))
        batch = Batch.objects.create(name=name[:255], total=len(entries), client=client)
        rows = (
            BatchRow(batch=batch, index=index, line=entry.line, puzzle=entry.text)
            for index, entry in enumerate(entries)
        )
        BatchRow.objects.bulk_create(rows, batch_size=INSERT_ROWS)
    return batch


def make_room(client: str, rows: int) -> None:
    """Make room for a batch of ``rows`` puzzles from ``client``, or raise
    ServerFull: the one place the caps are checked. In turn, these go:

    1. the batches past ``SUDOKU_BATCH_KEEP_HOURS`` (``forget_old_batches``);
    2. the client's own oldest, until with the new one it keeps at most
       ``SUDOKU_BATCH_KEEP_PER_CLIENT`` batches and
       ``SUDOKU_BATCH_CLIENT_ROWS`` puzzles (``_within_quota``), so that one
       client (an address, an IPv6 /64) never holds more than its share;
    3. while all batches would hold more than ``SUDOKU_BATCH_MAX_ROWS``
       puzzles, the client's own finished batches, oldest first; then its
       unfinished ones no slice has touched for ``SUDOKU_BATCH_IDLE_MINUTES``
       and whose lease has run out (none is queued), the longest idle first
       (``_free``). Never another client's batch before its
       ``SUDOKU_BATCH_KEEP_HOURS``, nor one of no client: past the
       client's own, ServerFull, with the time until the oldest batch kept
       has had its hours (``_until_room``). A flood from many addresses
       can fill the cap, but then only new batches wait; none sent is lost.

    Call it inside the transaction that stores the batch, after
    ``hold(Lock.BATCHES)``, so that workers run it one at a time and none
    counts room another has taken (SQLite's IMMEDIATE transactions hold the
    write lock from their start already; PostgreSQL's need the named lock).
    """
    forget_old_batches()
    _within_quota(client, rows)
    excess = _rows_kept() + rows - settings.SUDOKU_BATCH_MAX_ROWS
    if excess > 0 and _free(client, excess) < excess:
        raise ServerFull(_until_room())


def run_slice(batch: Batch, seconds: float, lease: Lease | None = None) -> int:
    """Solve the batch's pending rows in order until ``seconds`` have passed;
    return how many this slice saved (0 once the batch is finished).

    A slice solves at least one row, so every slice makes progress, and
    finishes the puzzle under way when its time is up: it lasts at most
    ``seconds`` plus one puzzle's budget (``SUDOKU_SOLVE_SECONDS``). Under
    ``lease`` (the celery runner's), each save keeps it and the last passes
    it on (``leases.Lease``); a slice that finds it lost stops there.
    """
    # Two slices on one batch at once (two tabs open on it, or a lease run
    # out) may solve the same rows twice. That is harmless: only rows still
    # pending are written, so the first slice's outcome stands and each row
    # is counted once. A lock would cost more than it saves.
    budget = Budget(max_seconds=settings.SUDOKU_SOLVE_SECONDS)
    deadline = time.monotonic() + seconds
    saved = 0
    while True:
        rows = list(batch.rows.filter(status=PENDING).order_by("index")[:SOLVE_ROWS])
        done = _solve_until(rows, budget, deadline)
        last = len(done) < SOLVE_ROWS or time.monotonic() >= deadline
        written, held = _save(batch, done, lease, last)
        saved += written
        if last or not held:
            return saved


def _solve_until(rows: Sequence[BatchRow], budget: Budget, deadline: float) -> list[BatchRow]:
    """Solve ``rows`` in order, stopping after the one under way at ``deadline``;
    return those solved, their outcomes recorded."""
    done = []
    for row in rows:
        _record(row, solve_entry(Entry(row.line, row.puzzle), budget), budget)
        done.append(row)
        if time.monotonic() >= deadline:
            break
    return done


def _save(
    batch: Batch, rows: Sequence[BatchRow], lease: Lease | None, last: bool
) -> tuple[int, bool]:
    """Write the outcomes recorded in ``rows`` back, those still pending
    only, mark ``batch`` as touched now (it is being solved: see
    ``make_room``) and keep ``lease``, or pass it on when ``last``, in one
    transaction; how many rows were written, and whether the lease is still
    held (always, without one)."""
    with transaction.atomic():
        written = _write(rows)
        if rows:
            Batch.objects.filter(pk=batch.pk).update(touched=timezone.now())
        if lease is None:
            return written, True
        if not last:
            return written, lease.keep()
        return written, lease.pass_on(finished=not batch.rows.filter(status=PENDING).exists())


def _write(rows: Sequence[BatchRow]) -> int:
    """Write the outcomes of ``rows`` that are still pending in the database
    (another slice may have saved some meanwhile); how many were written."""
    # One UPDATE statement, run once per row. Django's bulk_update writes a
    # CASE expression per field and row, and building it took three quarters
    # of a slice's time on easy puzzles.
    quote, meta = connection.ops.quote_name, BatchRow._meta
    columns = ", ".join(f"{quote(meta.get_field(name).column)} = %s" for name in SOLVED_FIELDS)
    pending = f"{quote(meta.pk.column)} = %s AND {quote(meta.get_field('status').column)} = %s"
    update = f"UPDATE {quote(meta.db_table)} SET {columns} WHERE {pending}"
    values = [[getattr(row, name) for name in SOLVED_FIELDS] + [row.pk, PENDING] for row in rows]
    if not values:
        return 0
    with connection.cursor() as cursor:
        cursor.executemany(update, values)
        return cursor.rowcount


def _record(row: BatchRow, outcome: Outcome, budget: Budget) -> None:
    """Copy the outcome into the row, its message in the reader's language."""
    row.status = outcome.status
    row.solution = outcome.solution
    row.solutions, row.guesses, row.ms = outcome.solutions, outcome.guesses, outcome.ms
    if outcome.status == Status.INVALID:
        row.message = problems_message(outcome.problems)
    elif outcome.status == Status.GAVE_UP:
        row.message = gave_up_message(bool(outcome.solution), budget)
    else:
        row.message = ""


def problems_message(problems: Sequence[Problem]) -> str:
    """Why a puzzle is invalid, in the reader's language.

    The parser names at most a few unreadable characters and counts the rest
    itself; conflicts come all together (a row of nine 1s is 36 pairs), so,
    as on the command line, the first few are named and the rest counted.
    """
    if len(problems) <= MAX_CONFLICTS or problems[0].code != "conflict":
        return " ".join(describe(problem) for problem in problems)
    named = " ".join(describe(problem) for problem in problems[:MAX_CONFLICTS])
    more = len(problems) - MAX_CONFLICTS
    rest = ngettext(
        "… and %(count)s more conflicting pair.", "… and %(count)s more conflicting pairs.", more
    )
    return f"{named} {rest % {'count': more}}"


def gave_up_message(found: bool, budget: Budget) -> str:
    """Why a puzzle has no verdict: it ran out of its time, with or without a solution."""
    if found:
        message = gettext(
            "The search ran out of its time (%(seconds)s s a puzzle) before it could prove "
            "that this solution is the only one."
        )
    else:
        message = gettext(
            "The search ran out of its time (%(seconds)s s a puzzle) before it could find "
            "a solution or prove that there is none."
        )
    return message % {"seconds": f"{budget.max_seconds:g}"}


def batch_progress(batch: Batch) -> BatchProgress:
    """How far ``batch`` has got, with every status counted (0 for those not seen yet)."""
    solved = batch.rows.exclude(status=PENDING).values("status").annotate(n=Count("pk")).order_by()
    counts = dict.fromkeys(StatusChoices.values, 0) | {row["status"]: row["n"] for row in solved}
    return BatchProgress(sum(counts.values()), batch.total, counts)


def forget_old_batches() -> int:
    """Delete the batches older than ``SUDOKU_BATCH_KEEP_HOURS``, with their rows,
    and return how many went."""
    cutoff = timezone.now() - timedelta(hours=settings.SUDOKU_BATCH_KEEP_HOURS)
    return _delete(Batch.objects.filter(created__lt=cutoff))


def _within_quota(client: str, rows: int) -> int:
    """Delete ``client``'s oldest batches, with their rows, so that with the
    one of ``rows`` puzzles it is sending it keeps at most
    ``SUDOKU_BATCH_KEEP_PER_CLIENT`` batches and ``SUDOKU_BATCH_CLIENT_ROWS``
    puzzles (its newest that fit); return how many went.

    Batches of no client ("": stored before clients were recorded, or made
    outside a request) are not one client's: no quota takes them.
    """
    if not client:
        return 0
    batches = Batch.objects.filter(client=client).order_by("-created", "-pk")
    kept = _newest_within(
        batches.values_list("pk", "total"),
        settings.SUDOKU_BATCH_KEEP_PER_CLIENT - 1,
        settings.SUDOKU_BATCH_CLIENT_ROWS - rows,
    )
    return _delete(batches.exclude(pk__in=kept))


def _newest_within(batches: Iterable[tuple[UUID, int]], count: int, rows: int) -> list[UUID]:
    """The ids of the first of ``batches`` ((id, puzzles) pairs, newest
    first) that together are at most ``count`` batches of ``rows`` puzzles."""
    kept, held = [], 0
    for pk, total in batches:
        if len(kept) >= count or held + total > rows:
            break
        kept.append(pk)
        held += total
    return kept


def _rows_kept() -> int:
    """How many puzzles the batches kept hold, all together."""
    return Batch.objects.aggregate(rows=Sum("total"))["rows"] or 0


def _free(client: str, excess: int) -> int:
    """Delete ``client``'s finished batches, oldest first, then its
    unfinished ones idle for ``SUDOKU_BATCH_IDLE_MINUTES`` and not leased,
    the longest idle first, until those gone held ``excess`` puzzles or none
    is left; return how many they held. No other client's batch goes, nor,
    for a batch of no client (""), any batch: those go by age alone."""
    if not client:
        return 0
    pending = BatchRow.objects.filter(batch=OuterRef("pk"), status=PENDING)
    batches = Batch.objects.filter(client=client).annotate(running=Exists(pending))
    now = timezone.now()
    idle = now - timedelta(minutes=settings.SUDOKU_BATCH_IDLE_MINUTES)
    finished = batches.filter(running=False).order_by("created", "pk")
    # A batch whose lease holds is queued for the celery runner's workers,
    # however long it has waited: it is being solved.
    unleased = Q(lease_until__isnull=True) | Q(lease_until__lt=now)
    abandoned = batches.filter(unleased, running=True, touched__lt=idle).order_by("touched", "pk")
    freed = 0
    for candidates in (finished, abandoned):
        gone = []
        for pk, total in candidates.values_list("pk", "total"):
            if freed >= excess:
                break
            gone.append(pk)
            freed += total
        _delete(Batch.objects.filter(pk__in=gone))
    return freed


def _until_room() -> float:
    """Seconds until the oldest batch kept has had ``SUDOKU_BATCH_KEEP_HOURS``
    and goes, the soonest a full server has room again; at least
    ``MIN_RETRY_SECONDS``."""
    oldest = Batch.objects.order_by("created").values_list("created", flat=True).first()
    if oldest is None:
        return MIN_RETRY_SECONDS
    ends = oldest + timedelta(hours=settings.SUDOKU_BATCH_KEEP_HOURS)
    return max(MIN_RETRY_SECONDS, (ends - timezone.now()).total_seconds())


def _delete(batches: QuerySet[Batch]) -> int:
    """Delete ``batches`` with their rows; return how many batches went."""
    # The ids first: SQLite cannot delete from a query that sorts or slices,
    # and this many ids (at most the batches kept) is a small list.
    ids = list(batches.values_list("pk", flat=True))
    _, deleted = Batch.objects.filter(pk__in=ids).delete()
    return deleted.get(Batch._meta.label, 0)
