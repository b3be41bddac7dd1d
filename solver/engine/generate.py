"""Generating: a new puzzle with one solution, at the level asked for.

A puzzle is made in three moves, each drawn from one ``random.Random`` seeded
by the caller's seed:

1. A solved grid: the boxes on the diagonal (which share no row or column)
   are filled with shuffled digits, the solver completes the grid, and a
   random ``symmetry.random_transform`` writes it another way, so that the
   solver's habits leave no mark on it.
2. Digging: the givens are removed in groups that keep the asked symmetry
   (``orbits``: a cell and its images), in random order, and a removal is kept
   only if the solution stays unique (``solve`` with ``limit=2``; a search
   that gives up counts as not unique). ``minimal`` then tries each given
   left on its own, so that none can go; that may break the symmetry, so
   ``Generated.symmetry`` is what the givens' pattern really has
   (``symmetry_of``).
3. Rating: the teacher walks the puzzle (``rate``) and the puzzle is kept only
   at the level asked for; else the next draw of the same generator is tried,
   until one fits or ``max_seconds`` runs out.

Rating every removal would cost a walk each, so digging for a level keeps a
removal only while the puzzle stays at or below that level, checked the
cheap way first: singles alone solving it (a fill of naked and hidden
singles, far quicker than the teacher) proves it easy, and only past that is
the teacher asked, with the techniques of the level and below only. When
that walk solves the board it is the full walk, step for step (the teacher
asks the simplest technique first, so one of a higher level is never
reached); when it stalls, the puzzle is above the level. Digging above easy
stops as soon as the level is reached; a draw that ends below it puts its
last removals back and digs on in another order (``BACK``, ``RETRIES``).
With ``minimal``, the symmetric digging stays within the level without
stopping, then single givens go while the solution stays unique, and the
rating decides. Extreme has no level above it to stay under, and a walk
that needs its techniques is slow (forcing chains): extreme draws are dug
plainly and rated by the whole walk. Plain digging lands on expert or on
extreme about one time in twenty-five each (``bench/generate.py``).

Determinism: the same seed and arguments give the same puzzle. Uniqueness
checks are bounded by guesses, not seconds (``UNIQUE_BUDGET``'s seconds are
a backstop no generated 9x9 puzzle comes near). Only two clocks are read:
``max_seconds``, which decides whether a puzzle comes back at all, and for
extreme the teacher's ``RATE_SECONDS`` per draw: a draw whose
walk runs out of it is dropped, not rated, so a much slower machine may
skip a draw that a faster one keeps, and hand out another puzzle.

The deadline: every solve made while generating gets only the seconds left
before ``max_seconds`` runs out (``_budget``), and a check the clock cut
ends the generation with None rather than being taken for "not unique", so
what comes back is still the seed's puzzle. Past the deadline the work
left is the solve under way up to its next look at the clock (every 64
guesses), or one step of a walk: a slice of a second on 25x25, never a
whole check (which, on 25x25, once had 30 s of its own).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from time import perf_counter

from .board import STANDARD, Grid, Shape
from .difficulty import WEIGHTS, Difficulty
from .difficulty import rate as rate_steps
from .levels import LEVELS, Level
from .marks import Marks
from .search import Budget
from .solve import Status, solve
from .steps import Step
from .symmetry import random_transform
from .teacher import allowed, explain, out_of_time
from .techniques import TECHNIQUES

# How the removed givens are paired: the first is the default.
SYMMETRIES = ("rotational", "none", "mirror", "diagonal")

# Each uniqueness check: bounded by guesses, so that its verdict does not
# depend on the machine; the seconds are a backstop only. Measured over 60
# generations of each kind: at most 29 guesses on 9x9, 1,813 on 16x16.
UNIQUE_BUDGET = Budget(max_guesses=50_000, max_seconds=30.0)
# The teacher's time per draw when rating an extreme candidate: forcing
# chains can take seconds, and a walk cut by the clock is no rating.
RATE_SECONDS = 2.0
# Levels dug with the cheap checks and stopped when reached. Expert is one:
# 20 expert puzzles took 0.44 s of CPU at the median so, 0.52 s dug plainly.
DUG_FOR = (Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT)
# Digging above easy ends below the level in most draws: the puzzle stays
# easy until no group can go. Rather than a new grid, the last BACK removals
# are put back and the rest dug again in another order, up to RETRIES times:
# 111 draws for 60 medium puzzles instead of 412, the time (median CPU)
# 46 ms instead of 70.
BACK, RETRIES = 8, 4
# What bounds a generation: its deadline (a ``perf_counter`` time) and the
# guesses of each uniqueness check while digging (None: each has no cut).
Limits = tuple[float | None, int | None]


@dataclass(frozen=True)
class Generated:
    """A generated puzzle: its givens, its one solution, its rating (None when no
    level was asked for), the symmetry of its givens and the seed that makes it
    again (``generate(..., seed=seed)`` with the same other arguments)."""

    puzzle: Grid
    solution: Grid
    difficulty: Difficulty | None
    symmetry: str
    seed: int


def generate(
    shape: Shape = STANDARD,
    level: str | None = None,
    symmetry: str = "rotational",
    seed: int | None = None,
    minimal: bool = False,
    max_seconds: float | None = None,
    max_guesses: int | None = None,
) -> Generated | None:
    """A puzzle of ``shape`` with exactly one solution, rated ``level`` when one
    is asked for (one of ``difficulty.LEVELS``), its givens symmetric as
    ``symmetry`` says (one of ``SYMMETRIES``), minimal (no given can go) if
    ``minimal``. The same ``seed`` (an int, 0 <= seed < 2**63) gives the same
    puzzle; None draws one. None when ``max_seconds`` (None: no limit) ran out
    first. ``max_guesses`` (None: ``UNIQUE_BUDGET``'s) bounds each uniqueness
    check while digging: a removal not proved within it is put back, so the
    puzzle is one a search proves within as many guesses (what a big board's
    stock asks: 50,000 guesses on 25x25 is a minute a check). Raises
    ValueError for an unknown level or symmetry."""
    if level is not None and level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: one of {', '.join(LEVELS)}")
    if symmetry not in SYMMETRIES:
        raise ValueError(f"unknown symmetry {symmetry!r}: one of {', '.join(SYMMETRIES)}")
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    rng = random.Random(seed)
    deadline = None if max_seconds is None else perf_counter() + max_seconds
    while not _past(deadline):
        made = _draw(shape, level, symmetry, minimal, rng, (deadline, max_guesses))
        if made is not None:
            puzzle, solution, difficulty = made
            return Generated(puzzle, solution, difficulty, symmetry_of(puzzle, shape), seed)
    return None


def rate(givens: Grid, shape: Shape = STANDARD, max_seconds: float | None = 1.0) -> Difficulty:
    """The teacher's rating of ``givens``, which must have one solution: its walk
    with every technique, uniqueness ones included, rated by
    ``difficulty.rate``. After ``max_seconds`` (None: no limit) the steps
    left are trials, which rate the puzzle extreme."""
    steps = explain(Marks.from_grid(givens, shape), max_seconds=max_seconds, unique=True)
    return rate_steps(steps)


def symmetry_of(grid: Grid, shape: Shape) -> str:
    """The first of ``SYMMETRIES`` other than "none" that the pattern of the
    grid's givens (which cells hold one, whatever the digits) has, else "none"."""
    for name in SYMMETRIES:
        if name != "none" and all(
            bool(grid[cell]) == bool(grid[image])
            for cell in range(shape.cells)
            for image in _images(cell, name, shape.size)
        ):
            return name
    return "none"


def orbits(shape: Shape, symmetry: str) -> list[tuple[int, ...]]:
    """The groups of cells that ``symmetry`` maps onto each other, each once,
    in reading order of their first cell: givens removed a group at a time
    keep the pattern symmetric."""
    seen: set[int] = set()
    groups = []
    for cell in range(shape.cells):
        if cell not in seen:
            group = tuple(sorted({cell, *_images(cell, symmetry, shape.size)}))
            seen.update(group)
            groups.append(group)
    return groups


def _images(cell: int, symmetry: str, size: int) -> tuple[int, ...]:
    """Where ``symmetry`` takes ``cell`` on a board of ``size`` rows."""
    row, col = divmod(cell, size)
    if symmetry == "rotational":  # half a turn about the centre
        return ((size - 1 - row) * size + size - 1 - col,)
    if symmetry == "mirror":  # left and right swapped
        return (row * size + size - 1 - col,)
    if symmetry == "diagonal":  # reflected in the main diagonal
        return (col * size + row,)
    return ()


def _draw(
    shape: Shape,
    level: str | None,
    symmetry: str,
    minimal: bool,
    rng: random.Random,
    limits: Limits,
) -> tuple[Grid, Grid, Difficulty | None] | None:
    """One try: a solved grid dug for ``level`` within ``limits``, with its
    rating; None if it did not land on the level or the deadline passed."""
    deadline = limits[0]
    solution = solved_grid(shape, rng, deadline)
    if solution is None:
        return None
    rated: dict[Grid, Difficulty] = {}
    puzzle = _dug(solution, shape, level, symmetry, minimal, rng, rated, limits)
    if puzzle is None or level is None:
        return None if puzzle is None else (puzzle, solution, None)
    if level != Level.EASY and puzzle not in rated and singles_solve(puzzle, shape):
        return None  # dug as far as it goes, and still easy
    difficulty = rated.get(puzzle) or _rating(puzzle, shape, level, deadline)
    if difficulty is None or difficulty.level != level:
        return None
    return puzzle, solution, difficulty


def _dug(
    solution: Grid,
    shape: Shape,
    level: str | None,
    symmetry: str,
    minimal: bool,
    rng: random.Random,
    rated: dict[Grid, Difficulty],
    limits: Limits,
) -> Grid | None:
    """The puzzle dug from ``solution``: symmetric groups first (towards
    ``level`` if it is one of ``DUG_FOR``, its ratings noted in ``rated``, with
    retries below it), then single givens if ``minimal``. None if the
    deadline passed."""
    deadline, guesses = limits
    within = None
    if level in DUG_FOR:
        within = _within(level, shape, rated, stop=not minimal, deadline=deadline)
    groups = orbits(shape, symmetry)
    removed = dig(solution, shape, groups, rng, within, deadline, guesses)
    for _ in range(RETRIES if level in DUG_FOR[1:] and not minimal else 0):
        if removed is None or _rated_at(rated, emptied(solution, removed), level):
            break
        kept = removed[:-BACK]
        more = dig(emptied(solution, kept), shape, groups, rng, within, deadline, guesses)
        removed = None if more is None else kept + more
    if removed is not None and minimal:
        cells = [(cell,) for cell in range(shape.cells)]
        more = dig(emptied(solution, removed), shape, cells, rng, None, deadline, guesses)
        removed = None if more is None else removed + more
    return None if removed is None else emptied(solution, removed)


def _rated_at(rated: dict[Grid, Difficulty], puzzle: Grid, level: str | None) -> bool:
    """True if ``puzzle`` was rated ``level`` while digging."""
    return puzzle in rated and rated[puzzle].level == level


def solved_grid(shape: Shape, rng: random.Random, deadline: float | None = None) -> Grid | None:
    """A random solved grid of ``shape``, drawn from ``rng``; None only when
    ``deadline`` (a ``perf_counter`` time; None: never) passed first."""
    while not _past(deadline):
        grid = [0] * shape.cells
        bands, stacks = shape.size // shape.box_rows, shape.size // shape.box_cols
        for k in range(min(bands, stacks)):
            box = shape.units[2 * shape.size + k * stacks + k]
            digits = rng.sample(range(1, shape.size + 1), shape.size)
            for cell, digit in zip(box.cells, digits, strict=True):
                grid[cell] = digit
        result = solve(tuple(grid), shape, _budget(deadline), limit=1)
        if result.solution is not None:
            return random_transform(shape, rng).apply(result.solution)
    return None


# Whether a dug puzzle, unique, may stay: (puzzle, whether singles solve it)
# -> "keep" (go on digging), "stop" (keep it and stop: the level is reached)
# or "undo" (put the givens back).
Check = Callable[[Grid, bool], str]


def dig(
    puzzle: Grid,
    shape: Shape,
    groups: Sequence[tuple[int, ...]],
    rng: random.Random,
    within: Check | None,
    deadline: float | None,
    max_guesses: int | None = None,
) -> list[tuple[int, ...]] | None:
    """The ``groups`` whose givens were removed from ``puzzle``, in the order
    removed: tried one by one in random order, each removal kept only if the
    solution stays unique (proved within ``max_guesses``; None:
    ``UNIQUE_BUDGET``'s) and ``within`` (None: always) says "keep" or "stop".
    Groups with no given are passed over. None if the deadline passed."""
    order = list(groups)
    rng.shuffle(order)
    grid = list(puzzle)
    removed = []
    for group in order:
        if _past(deadline):
            return None
        if not any(grid[cell] for cell in group):
            continue
        tried = list(grid)
        for cell in group:
            tried[cell] = 0
        verdict = _verdict(tuple(tried), shape, within, _budget(deadline, max_guesses))
        if _past(deadline):
            return None  # the check may have been cut by the clock: no verdict
        if verdict != "undo":
            grid = tried
            removed.append(group)
        if verdict == "stop":
            break
    return removed


def emptied(grid: Grid, groups: Sequence[tuple[int, ...]]) -> Grid:
    """``grid`` with the cells of ``groups`` emptied."""
    cells = {cell for group in groups for cell in group}
    return tuple(0 if cell in cells else digit for cell, digit in enumerate(grid))


def _verdict(puzzle: Grid, shape: Shape, within: Check | None, budget: Budget) -> str:
    """``within``'s word on ``puzzle`` if it is unique within ``budget``, else
    "undo". The cheap check first: when singles solve it, it is unique and
    easy."""
    if within is not None and singles_solve(puzzle, shape):
        return within(puzzle, True)
    if solve(puzzle, shape, budget, limit=2).status is not Status.UNIQUE:
        return "undo"
    return "keep" if within is None else within(puzzle, False)


def _within(
    level: str, shape: Shape, rated: dict[Grid, Difficulty], stop: bool, deadline: float | None
) -> Check:
    """The check that digs towards ``level``: keep a puzzle singles solve (it is
    easy), else walk it with the techniques up to ``level``: "undo" when it is
    rated above ``level`` or the walk stalls, else "keep", or "stop" if
    ``stop`` and it is rated ``level``. Each rating is noted in ``rated``."""

    def check(puzzle: Grid, easy: bool) -> str:
        if easy:
            return "keep"
        if level == Level.EASY:
            return "undo"
        difficulty = walk_within(puzzle, shape, level, deadline)
        if difficulty is None or LEVELS.index(difficulty.level) > LEVELS.index(level):
            return "undo"
        rated[puzzle] = difficulty
        return "stop" if stop and difficulty.level == level else "keep"

    return check


def walk_within(
    givens: Grid, shape: Shape, level: str, deadline: float | None = None
) -> Difficulty | None:
    """The rating of a unique puzzle if the teacher's techniques up to ``level``
    solve it, else None (it needs a harder one, or ``deadline`` passed). When
    they solve it, the walk is the one ``rate`` takes, so the rating is the
    same, without a clock."""
    top = LEVELS.index(level)
    finders = [
        finder
        for name, finder in allowed(TECHNIQUES, unique=True).items()
        if LEVELS.index(WEIGHTS[name].level) <= top
    ]
    marks = Marks.from_grid(givens, shape)
    steps: list[Step] = []
    while not marks.solved():
        if _past(deadline):
            return None
        step = next((found for finder in finders for found in finder(marks)), None)
        if step is None:
            return None
        step.apply(marks)
        steps.append(step)
    return rate_steps(steps)


def _rating(puzzle: Grid, shape: Shape, level: str, deadline: float | None) -> Difficulty | None:
    """The rating of a dug puzzle, as ``rate`` gives it, if it is ``level`` or
    below; None if above, or if the time ran out first, so that no puzzle is
    claimed at a level a clock chose. Below extreme, the walk with the
    techniques up to ``level`` tells, with no clock but the deadline; for
    extreme, the whole walk within ``RATE_SECONDS`` (less if the deadline is
    nearer)."""
    if level != Level.EXTREME:
        return walk_within(puzzle, shape, level, deadline)
    seconds = RATE_SECONDS if deadline is None else min(RATE_SECONDS, deadline - perf_counter())
    steps = explain(Marks.from_grid(puzzle, shape), max_seconds=max(seconds, 0.0), unique=True)
    if out_of_time(steps):
        return None
    return rate_steps(steps)


def singles_solve(puzzle: Grid, shape: Shape) -> bool:
    """True if naked and hidden singles alone fill ``puzzle`` (so it has one
    solution, and is easy). Each pass places every single it finds; hidden
    singles are looked for only when no naked single is left."""
    full = (1 << shape.size) - 1
    peers = shape.peers
    units = [unit.cells for unit in shape.units]
    candidates = [0 if digit else full for digit in puzzle]
    for cell, digit in enumerate(puzzle):
        if digit:
            keep = ~(1 << (digit - 1))
            for peer in peers[cell]:
                candidates[peer] &= keep
    open_cells = {cell for cell, digit in enumerate(puzzle) if not digit}
    while open_cells:
        singles = {
            cell: candidates[cell]
            for cell in open_cells
            if not candidates[cell] & (candidates[cell] - 1)
        }
        if not singles:
            singles = _hidden_singles(candidates, units)
            if not singles:
                return False
        for cell, mask in singles.items():
            if mask & (mask - 1) or not mask & candidates[cell]:
                return False  # a cell with none, or two singles clash: broken
            candidates[cell] = 0
            open_cells.discard(cell)
            keep = ~mask
            for peer in peers[cell]:
                candidates[peer] &= keep
    return True


def _hidden_singles(candidates: list[int], units: list[tuple[int, ...]]) -> dict[int, int]:
    """Each cell that is the one place of a digit in a unit, with that digit's
    bit (two bits if it is so for two digits: a broken board)."""
    singles: dict[int, int] = {}
    for cells in units:
        once = twice = 0
        for cell in cells:
            mask = candidates[cell]
            twice |= once & mask
            once |= mask
        lone = once & ~twice
        if lone:
            for cell in cells:
                if candidates[cell] & lone:
                    singles[cell] = singles.get(cell, 0) | (candidates[cell] & lone)
    return singles


def _budget(deadline: float | None, max_guesses: int | None = None) -> Budget:
    """``UNIQUE_BUDGET``, its seconds cut to those left before ``deadline``
    (a ``perf_counter`` time; None: no cut; none left: 0, a search that
    gives up at once), its guesses to ``max_guesses`` (None: no cut)."""
    guesses = UNIQUE_BUDGET.max_guesses if max_guesses is None else max_guesses
    if deadline is None:
        return Budget(guesses, UNIQUE_BUDGET.max_seconds)
    left = max(deadline - perf_counter(), 0.0)
    return Budget(guesses, min(UNIQUE_BUDGET.max_seconds, left))


def _past(deadline: float | None) -> bool:
    """True once ``deadline`` (a ``perf_counter`` time; None: never) has passed."""
    return deadline is not None and perf_counter() > deadline
