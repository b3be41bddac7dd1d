"""What a request is handed from the library: a puzzle of a level drawn at
random, the puzzle of a seed, or the day's puzzle; at the levels made on
demand, one the generator makes within the site's time.

Words used here, beside ``store``'s:

- made ahead of time: expert and extreme (``store.AHEAD_OF_TIME``). Nothing
  here generates them: the library hands out those the commands stored, and
  while it holds none, the pages and the API say they are being prepared.
- made on demand: easy, medium and hard (``store.ON_DEMAND``), generated
  within ``SUDOKU_GENERATE_SECONDS`` when the library cannot give one. A
  puzzle made for a request comes back unsaved, and is stored
  (``store.keep``) only when a page is opened for it.
- a seed's puzzle: the same seed, level and symmetry give the same puzzle,
  made from the seed on demand, or picked by it from the library (the same
  while the library holds the same puzzles).

A pick is the first id at or after a hash (of a random draw, a seed, a day),
wrapping round: one or two indexed reads, no ORDER BY RANDOM, no scan. Ids
are hashes, spread evenly, so every puzzle is about as likely as another.
"""

from __future__ import annotations

import hashlib
import time
from datetime import date
from random import Random, SystemRandom

from django.conf import settings
from django.db.models import QuerySet
from django.utils import timezone

from ..engine import STANDARD, Budget, Grid, Shape, Status, solve
from ..engine import generate as generator
from . import store
from .models import Daily, Puzzle

SEEDS = 2**63  # a seed is below it, as the generator takes them
DEFAULT_SYMMETRY = generator.SYMMETRIES[0]  # rotational
# Retry-After while a level is being prepared: the first top-up of an empty
# library (make library) takes about a minute.
PREPARING_RETRY_SECONDS = 60


def on_demand(level: str) -> bool:
    """True if puzzles of ``level`` may be generated inside a request."""
    return level in store.ON_DEMAND


def random_puzzle(level: str, rng: Random | None = None) -> Puzzle | None:
    """A puzzle of ``level`` drawn from the library (with ``rng``, else a fresh
    generator); None when the library has none of that level. Raises
    ValueError for an unknown level."""
    store.check_level(level)
    rng = rng or Random()
    start = "".join(rng.choice(store.ALPHABET) for _ in range(store.ID_LENGTH))
    return _first_from(Puzzle.objects.filter(level=level), start)


def seeded_puzzle(level: str, symmetry: str, seed: int) -> Puzzle | None:
    """The library's puzzle of ``level`` whose givens have ``symmetry`` that
    ``seed`` picks, the same while the library holds the same puzzles; None
    when it holds none of them. Raises ValueError for an unknown level or
    symmetry."""
    store.check_level(level)
    _check_symmetry(symmetry)
    puzzles = Puzzle.objects.filter(level=level, symmetry=symmetry)
    return _first_from(puzzles, store.puzzle_id(f"{level}/{symmetry}/{seed}"))


def for_seed(
    level: str, symmetry: str, seed: int | None = None, max_seconds: float | None = None
) -> tuple[Puzzle | None, int]:
    """The puzzle of ``level`` and ``symmetry`` for ``seed`` (None: one drawn),
    and that seed. At a level made on demand, the generator's (``made``:
    unsaved unless an equivalent one is stored), None when ``max_seconds``
    ran out; at a level made ahead of time, the library's (``seeded_puzzle``),
    None while it holds none. Raises ValueError for an unknown level or
    symmetry."""
    if seed is None:
        seed = SystemRandom().randrange(SEEDS)
    if on_demand(level):
        return made(level, symmetry, seed, max_seconds), seed
    return seeded_puzzle(level, symmetry, seed), seed


def made(level: str, symmetry: str, seed: int, max_seconds: float | None = None) -> Puzzle | None:
    """The puzzle the generator makes at ``level``, its givens ``symmetry``,
    from ``seed``, within ``max_seconds`` (default ``SUDOKU_GENERATE_SECONDS``):
    the library's when an equivalent puzzle is stored, else unsaved, from
    ``store.GENERATED`` (``store.keep`` stores it). None when the time ran
    out. Raises ValueError for an unknown level or symmetry, and for a level
    made ahead of time: no request generates those."""
    if not on_demand(level):
        store.check_level(level)
        raise ValueError(f"{level} puzzles are made ahead of time only (manage.py generate).")
    if max_seconds is None:
        max_seconds = settings.SUDOKU_GENERATE_SECONDS
    generated = generator.generate(STANDARD, level, symmetry, seed, max_seconds=max_seconds)
    if generated is None:
        return None
    entry = store.entry_of(generated)
    stored = Puzzle.objects.filter(canonical=entry.canonical).first()
    return stored or store.unsaved(entry, store.GENERATED)


def drawn_or_made(level: str) -> Puzzle | None:
    """A puzzle of ``level`` drawn from the library; when it holds none of a
    level made on demand, one generated (within ``SUDOKU_GENERATE_SECONDS``)
    and stored, so that the next is drawn. None while the library holds none
    of a level made ahead of time, or when the generator ran out of time.
    Raises ValueError for an unknown level."""
    puzzle = random_puzzle(level)
    if puzzle is not None or not on_demand(level):
        return puzzle
    puzzle, _ = for_seed(level, DEFAULT_SYMMETRY)
    return None if puzzle is None else _kept_or_none(puzzle)


def daily_puzzle(
    level: str, day: date | None = None, max_seconds: float | None = None
) -> Puzzle | None:
    """The puzzle of ``level`` for ``day`` (default today, in the site's time
    zone): the same for everyone, all day. Raises ValueError for an unknown
    level.

    The first ask chooses it and stores the choice (``Daily``; trimming never
    removes a day's puzzle): a library puzzle picked from the day and the
    level, or, when the library has none of a level made on demand, one
    generated from a seed made of them (within ``max_seconds``, default
    ``SUDOKU_GENERATE_SECONDS``; none is tried when it is 0 or less) and
    stored. None when there is none: a level made ahead of time that the
    library lacks, or the generator out of time. Two first asks at once
    agree: the unique (day, level) keeps the first choice stored.
    """
    store.check_level(level)
    day = day or timezone.localdate()
    chosen = Daily.objects.filter(day=day, level=level).select_related("puzzle").first()
    if chosen is not None:
        return chosen.puzzle
    key = f"{day.isoformat()}/{level}"
    puzzles = Puzzle.objects.filter(level=level)
    puzzle = _first_from(puzzles, store.puzzle_id(key)) or _generated_for(level, key, max_seconds)
    if puzzle is None:
        return None
    chosen, _ = Daily.objects.get_or_create(day=day, level=level, defaults={"puzzle": puzzle})
    return chosen.puzzle


def _generated_for(level: str, key: str, max_seconds: float | None) -> Puzzle | None:
    """A puzzle of ``level`` generated from a seed made of ``key`` and stored;
    None for a level made ahead of time, or when the generator ran out of
    ``max_seconds`` (or had none)."""
    if not on_demand(level) or (max_seconds is not None and max_seconds <= 0):
        return None
    seed = int.from_bytes(hashlib.sha256(key.encode("ascii")).digest()[:8]) >> 1  # < SEEDS
    puzzle = made(level, DEFAULT_SYMMETRY, seed, max_seconds)
    return None if puzzle is None else _kept_or_none(puzzle)


def _kept_or_none(puzzle: Puzzle) -> Puzzle | None:
    """``puzzle`` stored (``store.keep``), or None when the library is full of
    puzzles it keeps (``store.Full``)."""
    try:
        return store.keep(puzzle)[0]
    except store.Full:
        return None


def _first_from(puzzles: QuerySet[Puzzle], start: str) -> Puzzle | None:
    """Of ``puzzles``, the one with the first id at or after ``start``,
    wrapping round to the first of all; None when there are none."""
    puzzles = puzzles.order_by("id")
    return puzzles.filter(id__gte=start).first() or puzzles.first()


def _check_symmetry(symmetry: str) -> None:
    """Raise ValueError unless ``symmetry`` is one of the generator's ``SYMMETRIES``."""
    if symmetry not in generator.SYMMETRIES:
        raise ValueError(
            f"Unknown symmetry {symmetry!r}: one of {', '.join(generator.SYMMETRIES)}."
        )


def of_size(board: Shape, symmetry: str, seed: int) -> Grid | None:
    """A puzzle of ``board`` (a size other than 9x9, so no level), made from
    ``seed`` with its givens ``symmetry``, that the site's own solve proves
    unique within ``SUDOKU_SOLVE_SECONDS``; None when
    ``SUDOKU_GENERATE_SECONDS`` ran out first. The same seed and symmetry
    give the same puzzle (on a machine as fast).

    A dug puzzle can hold a unique solution that takes the search longer to
    prove than a page may spend (a 16x16 of thousands of guesses): such a
    puzzle gets more givens from its solution, a few at a time in an order
    the seed draws, until the proof fits; the game and the answer page can
    then always say it is solved."""
    deadline = time.monotonic() + settings.SUDOKU_GENERATE_SECONDS
    made = generator.generate(
        board, symmetry=symmetry, seed=seed, max_seconds=settings.SUDOKU_GENERATE_SECONDS
    )
    if made is None:
        return None
    puzzle, open_cells = list(made.puzzle), [cell for cell, d in enumerate(made.puzzle) if not d]
    Random(seed).shuffle(open_cells)
    step = max(1, board.size // 4)  # givens added at a time
    while time.monotonic() < deadline:
        proof = Budget(max_seconds=min(settings.SUDOKU_SOLVE_SECONDS, deadline - time.monotonic()))
        if solve(tuple(puzzle), budget=proof).status is Status.UNIQUE:
            return tuple(puzzle)
        for cell in open_cells[:step]:
            puzzle[cell] = made.solution[cell]
        del open_cells[:step]
    return None
