"""The tail benchmark: the engine as the site runs it, on equivalent copies of puzzles.

    .venv/bin/python -m bench.tails [FILE ...] [--per-set N] [--seed S]
                                    [--adversarial K] [--orientations M]

Without files, the four shared sets (``bench.sets``) are used. ``--per-set``
puzzles are taken spread evenly through each file (all of them if it holds
no more), and each family below makes one copy of each, drawn from a
``random.Random`` seeded with ``--seed``, the file's name and the family's
name, so that a run repeats and no family's copies depend on another's:

- ``as written``: the puzzle itself;
- ``relabelled``: its digits permuted, nothing else;
- ``lines swapped``: rows moved within their bands and columns within their
  stacks, bands and stacks moved; digits kept;
- ``transposed``: rows made columns, nothing else (square boxes only);
- ``all symmetries``: all of these drawn at random (``random_transform``);
- ``sparse``: an ``all symmetries`` copy with k givens removed at random,
  k drawn uniformly from 1 to 6; usually several solutions;
- ``impossible``: an ``all symmetries`` copy with one given, drawn at
  random, changed to another digit that no given of its units holds (so
  ``rules.find_conflicts`` finds nothing); usually no solution. A puzzle
  with no such change gets no copy.

Each copy is solved as the site solves it, ``solve(grid,
budget=Budget(max_seconds=0.5))`` (two solutions looked for, so a unique one
is proved), and timed from grid to ``Result``; building copies is not timed.
After a line naming the machine, one markdown row per file and family:
copies, p50, p99 (both nearest rank) and max milliseconds, max guesses, the
verdicts and the slowest copy (``.`` for an empty cell). A line follows: the
slowest copy of all, the gave_up count and whether every family's slowest
copy took at most 50 ms.

Then the adversarial search: the ``--adversarial`` puzzles with the most
guesses as written, over all files, each solved in ``--orientations``
random orientations (all symmetries): median and max ms, max guesses, the
verdicts and the slowest orientation. At most K * M * 0.5 s, since the
budget stops every solve.

Every copy is checked against its puzzle as written (re-solved untimed with
a larger budget if it gave up): a symmetric copy must get the same verdict
and, if unique, the solution written the same way; a sparse copy of a
unique puzzle may have more solutions, but if unique that same one, and of
a puzzle with several it has several; any solution found must solve its
copy. A gave_up verdict is a figure, never a mismatch; each mismatch is
printed after the tables and makes the exit status 1, since a wrong verdict
is a bug, not a figure. One core is used; compare figures only within one run.
"""

from __future__ import annotations

import argparse
import gc
import math
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from random import Random
from time import perf_counter

from bench.machine import machine
from bench.sets import PUZZLES_DIR, SOLVING_SETS, read_set, spread
from solver.engine import (
    Budget,
    Grid,
    InvalidPuzzle,
    Result,
    Shape,
    Status,
    find_conflicts,
    format_grid,
    is_valid_solution,
    parse_puzzle,
    shape_of_grid,
    solve,
)
from solver.engine.symmetry import Transform, compose, random_transform

SITE_BUDGET = Budget(max_seconds=0.5)  # settings.SUDOKU_SOLVE_SECONDS's default
# For the untimed check of a puzzle that gave up as written: hard1 needs
# about 77,000 guesses, a few seconds.
REFERENCE_BUDGET = Budget(max_guesses=10_000_000, max_seconds=60.0)
# Keeps the default run within about four minutes on the 2-core development
# machine (3 min 15 s measured with another benchmark running).
DEFAULT_PER_SET = 10_000
DEFAULT_SEED = 2026
DEFAULT_ADVERSARIAL = 8
DEFAULT_ORIENTATIONS = 100
MOST_REMOVED = 6  # a sparse copy loses 1 to this many givens
TAIL_MS = 50.0  # the slowest copy any family may have, for the last line's verdict
DECIDED = frozenset({Status.UNIQUE, Status.MULTIPLE, Status.NONE})
HEADER = (
    "| set | family | copies | p50 ms | p99 ms | max ms | max guesses | verdicts "
    "| slowest copy |\n|---|---|---|---|---|---|---|---|---|"
)
ADVERSARIAL_HEADER = (
    "| set | puzzle | guesses as written | orientations | median ms | max ms | max guesses "
    "| verdicts | slowest orientation |\n|---|---|---|---|---|---|---|---|---|"
)


@dataclass(frozen=True)
class Copy:
    """A grid to solve and what its solve must say.

    ``verdicts`` are those it may get besides GAVE_UP; ``solution`` is the
    one a UNIQUE verdict must give, when known.
    """

    grid: Grid
    verdicts: frozenset[Status]
    solution: Grid | None = None


@dataclass(frozen=True)
class Run:
    """One copy solved: what ``solve`` said and how long it took."""

    copy: Copy
    result: Result
    ms: float


@dataclass(frozen=True)
class Tail:
    """The figures of one family's runs; ``verdicts`` maps each verdict to its count."""

    copies: int
    p50_ms: float
    p99_ms: float
    max_ms: float
    max_guesses: int
    verdicts: dict[str, int]
    slowest: Grid


Family = Callable[[Grid, Result, Shape, Random], Copy | None]


def relabelled(grid: Grid, reference: Result, shape: Shape, rng: Random) -> Copy:
    """``grid`` with its digits permuted."""
    same = list(range(shape.size))
    digits = rng.sample(range(1, shape.size + 1), shape.size)
    return moved(compose(shape, same, same, digits), grid, reference)


def lines_swapped(grid: Grid, reference: Result, shape: Shape, rng: Random) -> Copy:
    """``grid`` with its rows and columns moved, each within its band or stack, and
    its bands and stacks moved."""
    rows = _lines(shape.box_rows, shape.size // shape.box_rows, rng)
    columns = _lines(shape.box_cols, shape.size // shape.box_cols, rng)
    return moved(compose(shape, rows, columns, list(range(1, shape.size + 1))), grid, reference)


def transposed(grid: Grid, reference: Result, shape: Shape, rng: Random) -> Copy | None:
    """``grid`` transposed; None if its boxes are not square (no such symmetry)."""
    if shape.box_rows != shape.box_cols:
        return None
    same = list(range(shape.size))
    return moved(compose(shape, same, same, list(range(1, shape.size + 1)), True), grid, reference)


def all_symmetries(grid: Grid, reference: Result, shape: Shape, rng: Random) -> Copy:
    """``grid`` changed by every symmetry, drawn at random."""
    return moved(random_transform(shape, rng), grid, reference)


def sparse(grid: Grid, reference: Result, shape: Shape, rng: Random) -> Copy:
    """An ``all_symmetries`` copy of ``grid`` with 1 to ``MOST_REMOVED`` givens removed."""
    transform = random_transform(shape, rng)
    cells = list(transform.apply(grid))
    givens = [cell for cell, digit in enumerate(cells) if digit]
    for cell in rng.sample(givens, min(rng.randint(1, MOST_REMOVED), len(givens))):
        cells[cell] = 0
    # Every solution of the puzzle is still one: fewer givens only add solutions.
    verdicts = {Status.UNIQUE: {Status.UNIQUE, Status.MULTIPLE}, Status.MULTIPLE: {Status.MULTIPLE}}
    return Copy(
        tuple(cells),
        frozenset(verdicts.get(reference.status, DECIDED)),
        _solution(transform, reference),
    )


def impossible(grid: Grid, reference: Result, shape: Shape, rng: Random) -> Copy | None:
    """An ``all_symmetries`` copy of ``grid`` with one given changed to a digit that
    conflicts with no other given; None if no given can be changed so."""
    cells = list(random_transform(shape, rng).apply(grid))
    changes = [
        (cell, digit)
        for cell, given in enumerate(cells)
        if given
        for digit in range(1, shape.size + 1)
        if digit != given
    ]
    rng.shuffle(changes)
    for cell, digit in changes:
        changed = (*cells[:cell], digit, *cells[cell + 1 :])
        if not find_conflicts(changed, shape):
            return Copy(changed, DECIDED)
    return None


FAMILIES: dict[str, Family] = {
    "relabelled": relabelled,
    "lines swapped": lines_swapped,
    "transposed": transposed,
    "all symmetries": all_symmetries,
    "sparse": sparse,
    "impossible": impossible,
}
AS_WRITTEN = "as written"  # the family every other is checked against, solved first


def moved(transform: Transform, grid: Grid, reference: Result) -> Copy:
    """``grid`` written as ``transform`` writes it, to be solved as ``reference`` was
    (its verdict; if unique, its solution written the same way)."""
    verdicts = DECIDED if reference.status == Status.GAVE_UP else frozenset({reference.status})
    return Copy(transform.apply(grid), verdicts, _solution(transform, reference))


def _solution(transform: Transform, reference: Result) -> Grid | None:
    """The reference's solution written as ``transform`` writes it, if it is the only one."""
    if reference.status != Status.UNIQUE or reference.solution is None:
        return None
    return transform.apply(reference.solution)


def _lines(per_group: int, groups: int, rng: Random) -> list[int]:
    """A random order of ``per_group * groups`` lines that keeps each group (band or
    stack) together: the groups shuffled, and the lines inside each."""
    return [
        group * per_group + line
        for group in rng.sample(range(groups), groups)
        for line in rng.sample(range(per_group), per_group)
    ]


def solve_all(copies: list[Copy]) -> list[Run]:
    """Each of ``copies`` solved by ``solve_copy``, in turn.

    Every object alive before is frozen out of the garbage collector first:
    the runs kept so far would otherwise make its full collections take up
    to a tenth of a second within some timed solve, the benchmark's own
    cost, not the engine's.
    """
    gc.collect()
    gc.freeze()
    return [solve_copy(copy) for copy in copies]


def solve_copy(copy: Copy) -> Run:
    """``copy`` solved as the site solves a puzzle, timed from grid to result."""
    start = perf_counter()
    result = solve(copy.grid, budget=SITE_BUDGET)
    return Run(copy, result, (perf_counter() - start) * 1000)


def mismatches(run: Run) -> list[str]:
    """What ``run``'s result says that its copy rules out; empty if nothing."""
    status, solution = run.result.status, run.result.solution
    found = []
    if status != Status.GAVE_UP and status not in run.copy.verdicts:
        found.append(f"verdict {status}, expected {' or '.join(sorted(run.copy.verdicts))}")
    if solution is not None and not is_valid_solution(run.copy.grid, solution):
        found.append("a solution that breaks the rules or drops a given")
    elif status == Status.UNIQUE and run.copy.solution not in (None, solution):
        found.append("not the puzzle's solution written the same way")
    return found


def tail(runs: list[Run]) -> Tail:
    """The figures of ``runs``: p50 and p99 by nearest rank, the slowest copy by ms.

    Raises ValueError if there are none: no figure means anything without a copy.
    """
    if not runs:
        raise ValueError("no copies to measure")
    times = sorted(run.ms for run in runs)
    verdicts = Counter(run.result.status for run in runs)
    return Tail(
        copies=len(runs),
        p50_ms=_rank(times, 0.50),
        p99_ms=_rank(times, 0.99),
        max_ms=times[-1],
        max_guesses=max(run.result.guesses for run in runs),
        verdicts=dict(sorted(verdicts.items())),
        slowest=max(runs, key=lambda run: run.ms).copy.grid,
    )


def _rank(ordered: list[float], fraction: float) -> float:
    """The nearest-rank percentile ``fraction`` of ``ordered`` (sorted, not empty)."""
    return ordered[math.ceil(fraction * len(ordered)) - 1]


def row(name: str, family: str, runs: list[Run]) -> str:
    """One markdown row of ``HEADER``: file ``name``, ``family`` and its figures."""
    if not runs:
        return f"| `{name}` | {family} | 0 | – | – | – | – | – | – |"
    t = tail(runs)
    verdicts = ", ".join(f"{verdict} {count}" for verdict, count in t.verdicts.items())
    return (
        f"| `{name}` | {family} | {t.copies:,} | {t.p50_ms:.2f} | {t.p99_ms:.1f} "
        f"| {t.max_ms:.1f} | {t.max_guesses:,} | {verdicts} | `{format_grid(t.slowest)}` |"
    )


@dataclass(frozen=True)
class Puzzle:
    """A puzzle of file ``name`` solved as written, and the result its copies must agree with."""

    name: str
    grid: Grid
    shape: Shape
    written: Run
    reference: Result


def run_file(name: str, grids: list[Grid], seed: int) -> tuple[list[Puzzle], dict[str, list[Run]]]:
    """Print the rows of file ``name``, one per family; its puzzles and each family's runs."""
    written = solve_all([Copy(grid, DECIDED) for grid in grids])
    print(row(name, AS_WRITTEN, written), flush=True)
    puzzles = [
        Puzzle(name, run.copy.grid, shape_of_grid(run.copy.grid), run, reference(run))
        for run in written
    ]
    families = {AS_WRITTEN: written}
    for family, build in FAMILIES.items():
        rng = Random(f"{seed}:{name}:{family}")
        copies = [build(p.grid, p.reference, p.shape, rng) for p in puzzles]
        families[family] = solve_all([copy for copy in copies if copy is not None])
        print(row(name, family, families[family]), flush=True)
    return puzzles, families


def reference(written: Run) -> Result:
    """What the puzzle of ``written`` is: its result, or if it gave up, one found
    untimed with ``REFERENCE_BUDGET`` (which may give up too)."""
    if written.result.status != Status.GAVE_UP:
        return written.result
    return solve(written.copy.grid, budget=REFERENCE_BUDGET)


def summary(families: list[list[Run]]) -> str:
    """The line after the table: the slowest copy, the gave_up count and whether
    every family's slowest copy is within ``TAIL_MS``."""
    tails = [tail(runs) for runs in families if runs]
    slowest = max(t.max_ms for t in tails)
    copies = sum(t.copies for t in tails)
    gave_up = sum(t.verdicts.get(Status.GAVE_UP, 0) for t in tails)
    within = "yes" if all(t.max_ms <= TAIL_MS for t in tails) else "no"
    return (
        f"Over every family: slowest copy {slowest:.1f} ms; {Status.GAVE_UP} {gave_up:,} "
        f"of {copies:,} copies; every family's slowest within {TAIL_MS:.0f} ms: {within}."
    )


def run_adversarial(puzzles: list[Puzzle], count: int, orientations: int, seed: int) -> list[Run]:
    """Print one row per puzzle of the ``count`` with the most guesses as written,
    each solved in ``orientations`` random orientations; every run."""
    hardest = sorted(puzzles, key=lambda p: p.written.result.guesses, reverse=True)[:count]
    print(
        f"\nAdversarial: of every puzzle as written, the {len(hardest)} with the most guesses, "
        f"each in {orientations:,} random orientations (all symmetries):\n"
    )
    print(ADVERSARIAL_HEADER)
    every = []
    for puzzle in hardest:
        rng = Random(f"{seed}:orientations:{format_grid(puzzle.grid)}")
        runs = solve_all(
            [
                moved(random_transform(puzzle.shape, rng), puzzle.grid, puzzle.reference)
                for _ in range(orientations)
            ]
        )
        print(adversarial_row(puzzle, runs), flush=True)
        every.extend(runs)
    return every


def adversarial_row(puzzle: Puzzle, runs: list[Run]) -> str:
    """One markdown row of ``ADVERSARIAL_HEADER``: ``puzzle`` and its orientations' figures."""
    t = tail(runs)
    median = statistics.median(run.ms for run in runs)
    verdicts = ", ".join(f"{verdict} {count}" for verdict, count in t.verdicts.items())
    return (
        f"| `{puzzle.name}` | `{format_grid(puzzle.grid)}` | {puzzle.written.result.guesses:,} "
        f"| {t.copies:,} | {median:.2f} | {t.max_ms:.1f} | {t.max_guesses:,} | {verdicts} "
        f"| `{format_grid(t.slowest)}` |"
    )


def report_mismatches(labelled: list[tuple[str, Run]]) -> int:
    """Print every mismatch of the runs, each after its label; how many runs had one."""
    wrong = [(label, run, found) for label, run in labelled if (found := mismatches(run))]
    if not wrong:
        print("\nNo mismatch: every verdict and solution agrees with the puzzle as written.")
        return 0
    print(f"\nMismatches, {len(wrong):,} copies (each a bug):\n")
    for label, run, found in wrong:
        print(f"- {label}, `{format_grid(run.copy.grid)}`: {'; '.join(found)}")
    return len(wrong)


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line, parsed; a missing or empty file, an unreadable puzzle or a
    bad count is an error."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="puzzle files, one puzzle a line")
    parser.add_argument(
        "--per-set",
        type=int,
        default=DEFAULT_PER_SET,
        help="puzzles per file, spread evenly through it (all if it holds no more)",
    )
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of every copy")
    parser.add_argument(
        "--adversarial",
        type=int,
        default=DEFAULT_ADVERSARIAL,
        help="how many of the hardest puzzles to solve in many orientations; 0 skips it",
    )
    parser.add_argument(
        "--orientations",
        type=int,
        default=DEFAULT_ORIENTATIONS,
        help="random orientations of each of those puzzles",
    )
    args = parser.parse_args(argv)
    if args.per_set < 1 or args.orientations < 1 or args.adversarial < 0:
        parser.error("--per-set and --orientations must be at least 1, --adversarial at least 0")
    args.files = args.files or [PUZZLES_DIR / name for name in SOLVING_SETS]
    args.sets = [(path.name, _spread(parser, path, args.per_set)) for path in args.files]
    return args


def _spread(parser: argparse.ArgumentParser, path: Path, count: int) -> list[Grid]:
    """``count`` puzzles of ``path`` spread evenly through it, read; a parser error if
    there are none or one is unreadable, so a bad file stops the run before any figure."""
    puzzles = read_set(path) if path.is_file() else []
    if not puzzles:
        parser.error(f"no puzzles in {path}")
    grids = []
    for index, text in spread(puzzles, count):
        try:
            grids.append(parse_puzzle(text))
        except InvalidPuzzle as error:
            parser.error(f"{path.name}, puzzle {index + 1}: {error.problems[0].message}")
    return grids


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark on the command line ``argv`` (by default, the process's); exit
    with status 1 after the figures if any copy's result mismatches its puzzle."""
    args = _arguments(argv)
    print(machine("one used") + "\n")
    print(
        f"Tails: each family's copies solved as the site solves (budget "
        f"{SITE_BUDGET.max_seconds} s), up to {args.per_set:,} puzzles spread through "
        f"each file, seed {args.seed}:\n"
    )
    print(HEADER)
    puzzles, every_family, labelled = [], [], []
    for name, grids in args.sets:
        file_puzzles, families = run_file(name, grids, args.seed)
        puzzles.extend(file_puzzles)
        every_family.extend(families.values())
        labelled.extend(
            (f"`{name}`, {family}", run) for family in families for run in families[family]
        )
    print("\n" + summary(every_family))
    if args.adversarial:
        runs = run_adversarial(puzzles, args.adversarial, args.orientations, args.seed)
        labelled.extend(("adversarial", run) for run in runs)
    if report_mismatches(labelled):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
