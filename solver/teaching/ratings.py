"""A puzzle's rating, worked out once and kept for every writing of it.

Rating a puzzle means the teacher's whole walk from its givens: a few
milliseconds for a newspaper puzzle, up to ``SUDOKU_EXPLAIN_SECONDS`` for the
hardest, where solving it takes the engine ten. So no answer waits for it
beyond a small slice: a rating is kept, in the database (``models.Rating``)
and in Django's cache, under the puzzle's canonical writing (the library's,
``symmetry.canonical``), which every equivalent puzzle shares.

- ``known(grid)``: the rating kept for ``grid`` or any puzzle equivalent to
  it, or None. The cache is asked first, by the grid's own text, so a puzzle
  asked for again costs no canonical writing.
- ``for_answer(grid, guesses)``: the rating an answer gives at once, or
  None when it is to be worked out off the answer's path;
- ``quick(grid)``: ``known``, else a walk of at most
  ``SUDOKU_RATE_SLICE_SECONDS``: a rating it finishes is kept and given;
  None when the walk needs longer.
- ``rated(grid)``: ``known``, else the walk within ``SUDOKU_EXPLAIN_SECONDS``,
  kept. A walk cut short by the time is kept too, marked ``cut``: it ends in
  trial steps, which rate the rest as extreme.
- ``rated_or_queued(grid)``: ``rated``, but under the celery runner no
  request walks: ``known``, else None, the walk queued for the queue's
  workers (``later``), who keep it for the next ask. ``for_answer`` queues
  it too when it gives None.
- ``keep(grid, steps)``: keep the rating of a walk made elsewhere (the steps
  page makes the whole walk anyway). A database too busy to take it is
  logged, not raised: the rating is given all the same.

Every grid here has one solution, proved by the caller.
"""

from __future__ import annotations

import logging
import random
from dataclasses import dataclass
from functools import lru_cache

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

from ..core import queue
from ..core.database import BUSY_ERRORS
from ..engine import STANDARD, Grid, format_grid
from ..engine.difficulty import Difficulty, rate
from ..engine.marks import Marks
from ..engine.steps import Step
from ..engine.symmetry import canonical
from ..engine.teacher import explain, out_of_time
from ..engine.techniques import TECHNIQUES
from . import lessons
from .models import Rating

MAX_STEPS = 1_000  # a 9x9 walk needs far fewer
TRIM_ONE_IN = 100  # the table is trimmed to its bound after about one store in this many
CACHE_SECONDS = 24 * 3600  # how long the cache keeps a rating (the database keeps it longer)
QUEUED_SECONDS = 60  # a puzzle queued for rating is not queued again for this long
RATE_TASK = "solver.teaching.tasks.rate"
# When to ask again for a rating queued (the workers take up to SUDOKU_EXPLAIN_SECONDS).
RETRY_SECONDS = 1
logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Kept:
    """A rating as kept: the teacher's ``difficulty``, and whether its walk was
    ``cut`` short by the time."""

    difficulty: Difficulty
    cut: bool


def known(grid: Grid) -> Kept | None:
    """The rating kept for ``grid`` or an equivalent puzzle, or None."""
    by_text = cache.get(_text_key(grid))
    if by_text is not None:
        return by_text
    writing = _canonical(grid)
    kept = cache.get(_canonical_key(writing))
    if kept is None:
        row = Rating.objects.filter(canonical=writing).first()
        if row is None:
            return None
        kept = Kept(Difficulty(row.level, row.score, row.hardest), row.cut)
        cache.set(_canonical_key(writing), kept, CACHE_SECONDS)
    cache.set(_text_key(grid), kept, CACHE_SECONDS)
    return kept


def for_answer(grid: Grid, guesses: int) -> Kept | None:
    """The rating an answer gives at once: the one kept, else, for a puzzle the
    search solved without a guess (most newspaper puzzles, which the teacher
    rates in milliseconds), ``quick``'s; None when it is to be worked out
    off the answer's path. A puzzle the search needed guesses for is one the
    teacher may think about for a second, so no slice of its walk is tried
    here: the answer keeps the engine's speed. Under the celery runner, a
    None queues the walk (``later``), so the level is known when asked for."""
    kept = quick(grid) if guesses == 0 else known(grid)
    if kept is None and queue.queued():
        later(grid)
    return kept


def quick(grid: Grid) -> Kept | None:
    """``known``, else the rating of a walk that ends within
    ``SUDOKU_RATE_SLICE_SECONDS`` (kept); None when it would take longer."""
    kept = known(grid)
    if kept is not None:
        return kept
    steps = walk(grid, settings.SUDOKU_RATE_SLICE_SECONDS)
    if out_of_time(steps):
        return None  # the slice is spent; the rest is for ``rated``, off the answer's path
    return keep(grid, steps)


def rated(grid: Grid) -> Kept:
    """``known``, else the rating of the teacher's walk within
    ``SUDOKU_EXPLAIN_SECONDS``, kept."""
    kept = known(grid)
    if kept is not None:
        return kept
    # The whole walk, as the steps page makes it: kept for the page too.
    marks = Marks.from_grid(grid, STANDARD)
    return keep(grid, lessons.walk(marks, TECHNIQUES, True, settings.SUDOKU_EXPLAIN_SECONDS))


def rated_or_queued(grid: Grid) -> Kept | None:
    """``rated(grid)``; under the celery runner, ``known(grid)``, else None
    once the walk is queued for the queue's workers (``later``)."""
    if not queue.queued():
        return rated(grid)
    kept = known(grid)
    if kept is None:
        later(grid)
    return kept


def later(grid: Grid) -> None:
    """Queue ``grid``'s rating for the queue's workers (``tasks.rate``),
    unless it was queued in the last ``QUEUED_SECONDS``: a page's script asks
    again every second or so until it is kept."""
    text = format_grid(grid)
    if cache.add("rating:queued:" + text, True, QUEUED_SECONDS):
        queue.send(RATE_TASK, text)


def walk(grid: Grid, max_seconds: float) -> list[Step]:
    """The teacher's steps from ``grid``'s givens, its logic within ``max_seconds``
    (never kept: a slice's walk is cut short more often than not)."""
    marks = Marks.from_grid(grid, STANDARD)
    return explain(marks, TECHNIQUES, MAX_STEPS, max_seconds, unique=True)


def keep(grid: Grid, steps: list[Step]) -> Kept:
    """Keep the rating of ``steps`` (the teacher's walk from ``grid``'s
    givens) for ``grid`` and every puzzle equivalent to it; the rating."""
    kept = Kept(rate(steps), out_of_time(steps))
    writing = _canonical(grid)
    row = Rating(
        canonical=writing,
        level=kept.difficulty.level,
        score=kept.difficulty.score,
        hardest=kept.difficulty.hardest,
        cut=kept.cut,
    )
    try:
        _store(row)
    except BUSY_ERRORS:
        # Kept only to save work later: a database too busy to take it costs
        # the reader nothing now (this process's cache keeps it a while).
        logger.warning("Rating not kept: the database stayed busy", exc_info=True)
    cache.set_many({_canonical_key(writing): kept, _text_key(grid): kept}, CACHE_SECONDS)
    return kept


def _store(row: Rating) -> None:
    """Insert ``row`` unless its puzzle was rated meanwhile, by another
    request (the first rating stands); now and then, trim the table."""
    # INSERT ... ON CONFLICT DO NOTHING on SQLite and PostgreSQL alike: no
    # error to recover from when two requests rate one puzzle at once. Its own
    # savepoint, so that a busy database undoes this alone.
    with transaction.atomic():
        Rating.objects.bulk_create([row], ignore_conflicts=True)
    if random.randrange(TRIM_ONE_IN) == 0:
        trim()


def trim(keep_rows: int | None = None) -> int:
    """Delete all but the newest ``keep_rows`` ratings (default
    ``SUDOKU_RATINGS_KEEP``); how many went."""
    keep_rows = settings.SUDOKU_RATINGS_KEEP if keep_rows is None else keep_rows
    newest = Rating.objects.order_by("-created").values_list("created", flat=True)
    first_gone = list(newest[keep_rows : keep_rows + 1])
    if not first_gone:
        return 0
    deleted, _ = Rating.objects.filter(created__lte=first_gone[0]).delete()
    return deleted


@lru_cache(maxsize=256)
def _canonical(grid: Grid) -> str:
    """The puzzle's canonical writing; remembered, as ``known`` and then
    ``keep`` ask it of the same grid in one request."""
    return format_grid(canonical(grid, STANDARD))


def _text_key(grid: Grid) -> str:
    return "rating:text:" + format_grid(grid)


def _canonical_key(writing: str) -> str:
    return "rating:" + writing
