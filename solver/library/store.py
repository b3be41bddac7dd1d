"""The puzzle library: 9x9 puzzles stored once each under a stable id, within a bound.

What a request is handed from it (a pick, a seed's puzzle, the day's) is
``picks``'s.

Words used here, beside the engine's (see ``solver.engine.board``):

- entry: a puzzle made ready for the library (``prepare``): its givens, its
  one solution, its canonical writing, its rating and the symmetry of its
  givens, all plain values, so that a worker process can send it back.
- canonical writing: the one writing every equivalent puzzle shares
  (``symmetry.canonical``). Its unique index finds a duplicate however the
  copy was written: digits relabelled, rows, columns, bands or stacks
  swapped, the board transposed.
- id: a puzzle's short name in URLs, a hash of its canonical writing
  (``puzzle_id``), so it is the same for every writing, in every database.
- the bound: ``SUDOKU_LIBRARY_MAX_ROWS`` puzzles. Storing past it removes
  the oldest puzzles the site could make again on demand (``trim``), never
  a kept one; when only those are left, a visitor's puzzle is refused
  (``Full``) rather than any removed.
- kept: a puzzle whose page (``/p/<id>``) was opened (``mark_kept``): its
  link may have been shared, so it stays.

Everything here goes through the ORM (no SQL, no ORDER BY RANDOM), the same
on SQLite and PostgreSQL; storing holds the library's lock
(``core.database.hold``), so that the bound's count stays true on both.
Settings are read at call time.
"""

from __future__ import annotations

import base64
import hashlib
import math
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass

from django.conf import settings
from django.db import IntegrityError, transaction

from ..core.database import Lock, hold
from ..engine import (
    STANDARD,
    Budget,
    Grid,
    InvalidPuzzle,
    Status,
    format_grid,
    parse_puzzle,
    solve,
)
from ..engine import generate as generator
from ..engine.difficulty import Difficulty
from ..engine.levels import LEVELS, Level
from ..engine.symmetry import canonical
from ..engine.teacher import TRIAL
from .models import Puzzle

GENERATED = "generated"  # the source of a puzzle the generator made
# The levels whose puzzles are made ahead of time only (``manage.py generate
# --until``), never inside a request: a seed of expert took up to 1.5 s of a
# worker, one of extreme 2 s, and the same seed costs the same at each asking
# (docs/library.md's figures); easy, medium and hard stay under 0.3 s.
AHEAD_OF_TIME = (Level.EXPERT, Level.EXTREME)
ON_DEMAND = tuple(level for level in LEVELS if level not in AHEAD_OF_TIME)
ID_LENGTH = 12  # base32 letters of the hash: 60 bits, so ids of a million puzzles never meet
ALPHABET = "abcdefghijklmnopqrstuvwxyz234567"  # base32, lower case: safe in a URL


class Full(Exception):
    """The library is at its bound and holds nothing it may remove: every
    puzzle left is kept, a day's, imported or made ahead of time."""


# Why ``prepare`` turns a puzzle away, by the solver's verdict.
_VERDICT_REASONS = {
    Status.MULTIPLE: "not unique",
    Status.NONE: "no solution",
    Status.GAVE_UP: "out of time",
}


@dataclass(frozen=True)
class Entry:
    """A puzzle ready to store: ``givens``, ``solution`` and ``canonical`` are 81
    symbols, ``.`` for an empty cell; ``level``, ``score`` and ``hardest`` are
    the teacher's rating; ``symmetry`` is one of ``generate.SYMMETRIES``."""

    givens: str
    solution: str
    canonical: str
    level: str
    score: int
    hardest: str
    symmetry: str


def prepare(givens: Grid, max_seconds: float | None = 1.0) -> Entry | str:
    """The entry for a 9x9 puzzle, solved and rated; or why it cannot be one:
    "not 9x9", "not unique", "no solution" (conflicting givens included), or
    "out of time" when the search, or the teacher's logic, took more than
    ``max_seconds`` (None: no limit)."""
    if len(givens) != STANDARD.cells:
        return "not 9x9"
    budget = Budget(max_seconds=math.inf if max_seconds is None else max_seconds)
    result = solve(givens, STANDARD, budget)
    if result.status is not Status.UNIQUE:
        return _VERDICT_REASONS[result.status]
    start = time.perf_counter()
    difficulty = generator.rate(givens, STANDARD, max_seconds)
    # Past its time the teacher ends with trial steps, which rate a puzzle
    # extreme whatever it is: a rating that is not the puzzle's is no rating.
    late = max_seconds is not None and time.perf_counter() - start >= max_seconds
    if late and difficulty.hardest == TRIAL:
        return "out of time"
    pattern = generator.symmetry_of(givens, STANDARD)
    return _entry(givens, result.solution, difficulty, pattern)


def prepare_lines(lines: Sequence[tuple[int, str]], max_seconds: float | None) -> list[Entry | str]:
    """``prepare`` for each (line number, text) of a file: the entry, or why it is
    skipped ("not a puzzle" for text the parser cannot read). The work one process does at
    a time for ``manage.py import_puzzles``."""
    return [_prepare_text(text, max_seconds) for _, text in lines]


def _prepare_text(text: str, max_seconds: float | None) -> Entry | str:
    try:
        givens = parse_puzzle(text)
    except InvalidPuzzle:
        return "not a puzzle"
    return prepare(givens, max_seconds)


def generate_entries(
    seeds: Sequence[int], level: str, symmetry: str, minimal: bool, max_seconds: float | None
) -> list[Entry | None]:
    """The entry of a 9x9 puzzle generated from each seed (``generate.generate``
    with these arguments), None for one that ran out of ``max_seconds``. The
    work one process does at a time for ``manage.py generate``."""
    entries: list[Entry | None] = []
    for seed in seeds:
        made = generator.generate(STANDARD, level, symmetry, seed, minimal, max_seconds)
        entries.append(None if made is None else entry_of(made))
    return entries


def entry_of(made: generator.Generated) -> Entry:
    """The entry of a 9x9 puzzle the generator made at a level."""
    return _entry(made.puzzle, made.solution, made.difficulty, made.symmetry)


def _entry(givens: Grid, solution: Grid, difficulty: Difficulty, pattern: str) -> Entry:
    """The entry of a solved, rated puzzle whose givens have the symmetry ``pattern``."""
    return Entry(
        givens=format_grid(givens),
        solution=format_grid(solution),
        canonical=format_grid(canonical(givens, STANDARD)),
        level=difficulty.level,
        score=difficulty.score,
        hardest=difficulty.hardest,
        symmetry=pattern,
    )


def puzzle_id(canonical: str) -> str:
    """The id of the puzzles whose canonical writing is ``canonical``: the first
    ``ID_LENGTH`` letters of its SHA-256 in base32, lower case."""
    digest = hashlib.sha256(canonical.encode("ascii")).digest()
    return base64.b32encode(digest).decode("ascii")[:ID_LENGTH].lower()


def store(entry: Entry, source: str) -> tuple[Puzzle, bool]:
    """The library's puzzle for ``entry``, stored from ``source`` and True; or,
    when an equivalent puzzle was stored already (before, or meanwhile by
    another process), that one and False."""
    return keep(unsaved(entry, source))


def keep(puzzle: Puzzle) -> tuple[Puzzle, bool]:
    """``puzzle`` stored and True, the library then trimmed to its bound
    (``trim``, which spares it); or, when it or an equivalent puzzle was
    stored already (before, or meanwhile by another process), that one and
    False. Raises ``Full``, storing nothing, when the library is at its
    bound and trimming could remove nothing to make room."""
    if is_stored(puzzle):
        return puzzle, False
    try:
        with transaction.atomic():
            hold(Lock.LIBRARY)  # trim's count stays true until this one is stored
            puzzle.save(force_insert=True)
            trim(spare=puzzle.pk)
            if Puzzle.objects.count() > settings.SUDOKU_LIBRARY_MAX_ROWS:
                raise Full  # the transaction is undone: the new one is not stored
    except IntegrityError:
        # The unique canonical writing, or the id made from it, was taken:
        # by this puzzle, written another way.
        return Puzzle.objects.get(canonical=puzzle.canonical), False
    return puzzle, True


def store_all(entries: Sequence[Entry], source: str) -> int:
    """Store the entries from ``source`` in one transaction, each unless an
    equivalent puzzle is stored already or comes earlier in ``entries``, then
    trim the library to its bound (``trim``); the number stored.

    The count is exact: writers store one at a time (``Lock.LIBRARY``); the
    unique index would turn any duplicate away regardless.
    """
    fresh: dict[str, Entry] = {}
    for entry in entries:
        fresh.setdefault(entry.canonical, entry)
    with transaction.atomic():
        hold(Lock.LIBRARY)
        taken = Puzzle.objects.filter(canonical__in=list(fresh)).values_list("canonical", flat=True)
        for known in taken:
            del fresh[known]
        Puzzle.objects.bulk_create(
            [unsaved(entry, source) for entry in fresh.values()], ignore_conflicts=True
        )
        trim()
    return len(fresh)


def is_stored(puzzle: Puzzle) -> bool:
    """True for a puzzle read from the library or stored, False for one made
    and not stored (``unsaved``)."""
    return not puzzle._state.adding


def unsaved(entry: Entry, source: str) -> Puzzle:
    """The puzzle of an entry, not stored (``keep`` stores it)."""
    return Puzzle(id=puzzle_id(entry.canonical), source=source, **asdict(entry))


def trim(spare: str = "") -> int:
    """Delete the oldest puzzles that the site can make again on demand until
    the library holds at most ``SUDOKU_LIBRARY_MAX_ROWS``; how many went.

    Those are the generated puzzles of the levels made on demand
    (``ON_DEMAND``) that are no day's puzzle, not kept (no one opened their
    page, so no link to them was shared) and not ``spare`` (the id of the
    one just stored, whose page is about to be shown). Everything else
    stays: the kept ones, whose links must keep working; the daily puzzles,
    so each day's stays the same; the imported sets and the expert and
    extreme puzzles, which only the commands store and bound (``generate
    --until``). So visitors can never grow the table past the bound, whatever
    they open: ``keep`` refuses what trimming cannot make room for.
    """
    excess = Puzzle.objects.count() - settings.SUDOKU_LIBRARY_MAX_ROWS
    if excess <= 0:
        return 0
    spent = Puzzle.objects.filter(
        source=GENERATED, level__in=ON_DEMAND, days__isnull=True, kept=False
    )
    oldest = spent.exclude(pk=spare).order_by("created", "pk").values_list("pk", flat=True)
    # The ids first: SQLite cannot delete from a query that sorts or slices.
    _, deleted = Puzzle.objects.filter(pk__in=list(oldest[:excess])).delete()
    return deleted.get(Puzzle._meta.label, 0)


def mark_kept(puzzle: Puzzle) -> None:
    """Mark ``puzzle`` kept: its page was opened, so its link may be shared and
    trimming never removes it. One write, on the first opening only."""
    if not puzzle.kept:
        Puzzle.objects.filter(pk=puzzle.pk, kept=False).update(kept=True)
        puzzle.kept = True


def count(level: str) -> int:
    """How many puzzles of ``level`` the library holds (ValueError for no level)."""
    check_level(level)
    return Puzzle.objects.filter(level=level).count()


def check_level(level: str) -> None:
    """Raise ValueError unless ``level`` is one of ``LEVELS``."""
    if level not in LEVELS:
        raise ValueError(f"Unknown level {level!r}: one of {', '.join(LEVELS)}.")
