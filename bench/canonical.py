"""Canonical writings (``symmetry.canonical``): milliseconds per grid, printed as markdown.

    .venv/bin/python -m bench.canonical [--per-set N] [--baseline K] [--solutions M]

Three kinds of 9x9 grid: ``--per-set`` puzzles spread evenly through
``seventeen_clue.txt``, all of ``top1465.txt``, and the solutions of
``--solutions`` puzzles spread through ``top1465.txt`` (solved untimed), which
take the full grids' own search. Each grid is timed from grid to canonical
writing, in CPU time of the process (``time.process_time``), so that other
programs sharing the cores do not stretch the figures; p95 is the nearest
rank.

Then grids with many symmetries of their own, the slowest kind for
``canonical`` (its docstring bounds 9x9 ones at about 0.3 s), one row each:
``symmetric_grids``, and random 16x16 grids from a fifth of their cells given
to all of them (``sixteen_by_sixteen``).

The baseline is measured in the same run on the first ``--baseline``
grids of each kind: the same key, found without the pruning, by trying every
column arrangement of the grid and of its transpose (2 x 1,296), each
with its rows sorted, and then the digits' walk (``symmetry._DigitSearch``)
over every arrangement giving the best pattern. Both must write every grid
the same way; a mismatch is printed and makes the exit status 1. One core is
used; compare figures only within one run.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from itertools import permutations, product
from operator import itemgetter
from random import Random

from bench.machine import machine
from bench.sets import read_set, spread
from solver.engine import Grid, parse_puzzle, solve
from solver.engine.board import STANDARD, Shape, shape
from solver.engine.generate import solved_grid
from solver.engine.symmetry import _band_patterns, _DigitSearch, _views, canonical

HEADER = "| grids | how | count | median ms | p95 ms | max ms |\n|---|---|---|---|---|---|"


def baseline(grid: Grid) -> Grid:
    """The canonical writing without pruning: every column arrangement of every view."""
    n, height = STANDARD.size, STANDARD.box_rows
    stacks = [list(permutations(range(start, start + 3))) for start in range(0, n, 3)]
    arrangements = [
        [c for stack in inside for c in stack]
        for order in permutations(range(3))
        for inside in product(*(stacks[s] for s in order))
    ]
    best, winners = None, []
    for view in _views(grid, STANDARD):
        for columns in arrangements:
            arrange = itemgetter(*columns)
            rows = tuple(arrange(row) for row in view.rows)
            masks = [sum(1 << (n - 1 - c) for c, d in enumerate(row) if d) for row in rows]
            pattern = tuple(sorted(_band_patterns(masks, height), reverse=True))
            if best is None or pattern > best:
                best, winners = pattern, []
            if pattern == best:
                winners.append((rows, masks))
    search = _DigitSearch(n, height, [mask for band in best for mask in band])
    for rows, masks in winners:
        bands = _band_patterns(masks, height)
        search.run(rows, masks, [[b for b, band in enumerate(bands) if band == w] for w in best])
    return tuple(digit for row in search.best for digit in row)


def timed(write: Callable[[Grid], Grid], grids: list[Grid]) -> tuple[list[float], list[Grid]]:
    """Milliseconds per grid, and the writings."""
    times, writings = [], []
    for grid in grids:
        started = time.process_time()
        writings.append(write(grid))
        times.append((time.process_time() - started) * 1000)
    return times, writings


def row(name: str, how: str, times: list[float]) -> str:
    """One markdown row of ``HEADER``."""
    ordered = sorted(times)
    p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)]
    return (
        f"| {name} | {how} | {len(times):,} | {statistics.median(times):.2f} "
        f"| {p95:.2f} | {ordered[-1]:.2f} |"
    )


def kinds(per_set: int, solutions: int) -> dict[str, list[Grid]]:
    """The grids of each kind, by name."""
    top = [parse_puzzle(text) for text in read_set("top1465.txt")]
    seventeen = [parse_puzzle(text) for _, text in spread(read_set("seventeen_clue.txt"), per_set)]
    full = [solve(grid).solution for _, grid in spread(top, solutions)]
    return {
        "`seventeen_clue.txt`": seventeen,
        "`top1465.txt`": top,
        "solutions (of `top1465.txt`)": full,
    }


def symmetric_grids(solution: Grid) -> dict[str, Grid]:
    """9x9 grids with many symmetries, from a ``solution``: the empty grid, the
    solution, its givens in every third column (every row and every stack
    alike), a full band, a diagonal, one digit."""
    return {
        "empty": (0,) * 81,
        "solution": solution,
        "every third column": tuple(d if c % 3 == 0 else 0 for c, d in enumerate(solution)),
        "full band": solution[:27] + (0,) * 54,
        "diagonal": tuple(solution[c] if c % 10 == 0 else 0 for c in range(81)),
        "one digit": tuple(d if d == 5 else 0 for d in solution),
    }


def sixteen_by_sixteen() -> dict[str, Grid]:
    """Random 16x16 grids (the same every run): one solution, with a fifth of its
    cells given, half, ... all of them."""
    rng = Random(16)
    solution = solved_grid(shape(4, 4), rng)
    return {
        f"16x16, {density:.0%} given": tuple(d if rng.random() < density else 0 for d in solution)
        for density in (0.2, 0.5, 0.7, 0.9, 1.0)
    }


def symmetric_table() -> list[str]:
    """A markdown table: milliseconds (CPU) for each grid of ``symmetric_grids``
    (from top1465's first puzzle's solution) and ``sixteen_by_sixteen``."""
    solution = solve(parse_puzzle(read_set("top1465.txt", 1)[0])).solution
    grids: dict[str, tuple[Grid, Shape]] = {
        **{name: (grid, STANDARD) for name, grid in symmetric_grids(solution).items()},
        **{name: (grid, shape(4, 4)) for name, grid in sixteen_by_sixteen().items()},
    }
    lines = ["| grid with many symmetries | ms |", "|---|---|"]
    for name, (grid, grid_shape) in grids.items():
        [ms], _ = timed(lambda g, at=grid_shape: canonical(g, at), [grid])
        lines.append(f"| {name} | {ms:.1f} |")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Print the machine line and the table; 1 if the baseline disagrees."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-set", type=int, default=3000)
    parser.add_argument("--baseline", type=int, default=50)
    parser.add_argument("--solutions", type=int, default=200)
    args = parser.parse_args(argv)
    print(machine("one used") + "\n")
    print(HEADER)
    ratios, mismatches = [], 0
    for name, grids in kinds(args.per_set, args.solutions).items():
        times, writings = timed(lambda g: canonical(g, STANDARD), grids)
        print(row(name, "canonical", times), flush=True)
        few = grids[: args.baseline]
        slow, expected = timed(baseline, few)
        print(row(name, "baseline", slow), flush=True)
        same, _ = timed(lambda g: canonical(g, STANDARD), few)
        ratios.append((name, len(few), statistics.median(slow) / statistics.median(same)))
        for grid, got, want in zip(few, writings, expected, strict=False):
            if got != want:
                mismatches += 1
                print(f"mismatch: {''.join(map(str, grid))}", file=sys.stderr)
    print("\n| grids | count | baseline median / canonical median |\n|---|---|---|")
    for name, count, ratio in ratios:
        print(f"| {name} | {count:,} | {ratio:.0f}x |")
    print("\n" + "\n".join(symmetric_table()))
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
