"""The puzzle library: 9x9 puzzles stored once each, found by level, by id and by day.

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

Everything here goes through the ORM (no SQL, no ORDER BY RANDOM), so that
PostgreSQL can replace SQLite unchanged. Settings are read at call time.
"""

from __future__ import annotations

import base64
import hashlib
import math
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import date
from random import Random

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone

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
from ..engine.levels import LEVELS
from ..engine.symmetry import canonical
from ..engine.teacher import TRIAL
from .models import Daily, Puzzle

GENERATED = "generated"  # the source of a puzzle the generator made
ID_LENGTH = 12  # base32 letters of the hash: 60 bits, so ids of a million puzzles never meet
_ALPHABET = "abcdefghijklmnopqrstuvwxyz234567"  # base32, lower case: safe in a URL

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
    puzzle = _puzzle(entry, source)
    try:
        with transaction.atomic():
            puzzle.save(force_insert=True)
    except IntegrityError:
        # The unique canonical writing, or the id made from it, was taken:
        # by this puzzle, written another way.
        return Puzzle.objects.get(canonical=entry.canonical), False
    return puzzle, True


def store_all(entries: Sequence[Entry], source: str) -> int:
    """Store the entries from ``source`` in one transaction, each unless an
    equivalent puzzle is stored already or comes earlier in ``entries``; the
    number stored.

    The count is exact while one writer stores at a time (SQLite's write lock
    holds others off for the transaction); the library stays right either way,
    since the unique index turns every duplicate away.
    """
    fresh: dict[str, Entry] = {}
    for entry in entries:
        fresh.setdefault(entry.canonical, entry)
    with transaction.atomic():
        taken = Puzzle.objects.filter(canonical__in=list(fresh)).values_list("canonical", flat=True)
        for known in taken:
            del fresh[known]
        Puzzle.objects.bulk_create(
            [_puzzle(entry, source) for entry in fresh.values()], ignore_conflicts=True
        )
    return len(fresh)


def _puzzle(entry: Entry, source: str) -> Puzzle:
    """The (unsaved) puzzle of an entry."""
    return Puzzle(id=puzzle_id(entry.canonical), source=source, **asdict(entry))


def count(level: str) -> int:
    """How many puzzles of ``level`` the library holds (ValueError for no level)."""
    _check(level)
    return Puzzle.objects.filter(level=level).count()


def random_puzzle(level: str, rng: Random | None = None) -> Puzzle | None:
    """A puzzle of ``level`` drawn from the library (with ``rng``, else a fresh
    generator); None when the library has none of that level. Raises
    ValueError for an unknown level.

    The pick is the first id at or after a random one, wrapping round: two
    indexed reads however large the library. Ids are hashes, spread evenly,
    so every puzzle is about as likely as another.
    """
    _check(level)
    rng = rng or Random()
    start = "".join(rng.choice(_ALPHABET) for _ in range(ID_LENGTH))
    return _first_from(level, start)


def _first_from(level: str, start: str) -> Puzzle | None:
    """The puzzle of ``level`` with the first id at or after ``start``, wrapping
    round to the first of all; None when there is none of the level."""
    puzzles = Puzzle.objects.filter(level=level).order_by("id")
    return puzzles.filter(id__gte=start).first() or puzzles.first()


def daily_puzzle(
    level: str, day: date | None = None, max_seconds: float | None = None
) -> Puzzle | None:
    """The puzzle of ``level`` for ``day`` (default today, in the site's time
    zone): the same for everyone, all day. Raises ValueError for an unknown
    level.

    The first ask chooses it and stores the choice: a library puzzle picked
    from the day and the level, or, when the library has none of the level,
    one generated from a seed made of them (within ``max_seconds``, default
    ``SUDOKU_GENERATE_SECONDS``; none is tried when it is 0 or less). None
    when that ran out of time. Two first
    asks at once agree: the unique (day, level) keeps the first choice stored.
    """
    _check(level)
    day = day or timezone.localdate()
    chosen = Daily.objects.filter(day=day, level=level).select_related("puzzle").first()
    if chosen is not None:
        return chosen.puzzle
    key = f"{day.isoformat()}/{level}"
    puzzle = _first_from(level, puzzle_id(key)) or _generated_for(level, key, max_seconds)
    if puzzle is None:
        return None
    chosen, _ = Daily.objects.get_or_create(day=day, level=level, defaults={"puzzle": puzzle})
    return chosen.puzzle


def _generated_for(level: str, key: str, max_seconds: float | None) -> Puzzle | None:
    """A puzzle of ``level`` generated from a seed made of ``key`` and stored;
    None when the generator ran out of ``max_seconds`` (or had none)."""
    if max_seconds is not None and max_seconds <= 0:
        return None
    seed = int.from_bytes(hashlib.sha256(key.encode("ascii")).digest()[:8]) >> 1  # < 2**63
    made = new_puzzle(level, seed=seed, max_seconds=max_seconds)
    return None if made is None else made[0]


def new_puzzle(
    level: str,
    symmetry: str = "rotational",
    seed: int | None = None,
    max_seconds: float | None = None,
) -> tuple[Puzzle, generator.Generated] | None:
    """A puzzle generated at ``level`` with givens symmetric as
    ``symmetry`` says, from ``seed`` (None: a random one), and stored; the
    library's puzzle (an equivalent one stored before, if any) and what the
    generator made. None when ``max_seconds`` (default
    ``SUDOKU_GENERATE_SECONDS``) ran out first. Raises ValueError for an
    unknown level or symmetry."""
    _check(level)
    if max_seconds is None:
        max_seconds = settings.SUDOKU_GENERATE_SECONDS
    made = generator.generate(STANDARD, level, symmetry, seed, max_seconds=max_seconds)
    if made is None:
        return None
    puzzle, _ = store(entry_of(made), GENERATED)
    return puzzle, made


def _check(level: str) -> None:
    """Raise ValueError unless ``level`` is one of ``LEVELS``."""
    if level not in LEVELS:
        raise ValueError(f"Unknown level {level!r}: one of {', '.join(LEVELS)}.")
