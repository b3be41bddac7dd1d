"""The engine benchmark: solve the puzzles of some files and print the figures as markdown.

    .venv/bin/python -m bench.engine [FILE ...] [--limit N] [--mode both|unique|first]
                                     [--baseline-limit K]

Without files, the four shared sets (``bench.sets``) are used. After a line
naming the machine, three tables are printed, ready to paste into
bench/README.md:

1. the engine on every puzzle of each file (the first ``--limit``), in two
   modes: ``unique`` as the site solves (the search stops at two solutions,
   which proves a puzzle unique) and ``first`` (it stops at the first);
2. the baseline (``bench.baseline``, a Norvig-style solver) and the engine
   on the first ``--baseline-limit`` of those puzzles (0 skips tables 2 and 3);
3. the engine's puzzles per second divided by the baseline's, both measured
   in this run on those same puzzles, so the ratio compares like with like.

Every solver is timed per puzzle from its text to its answer, parsing
included. The figures: puzzles per second (puzzles over the summed times),
median, p99 (nearest rank) and max milliseconds, guesses per puzzle (the
engine's count of candidates tried; the baseline keeps none) and the verdicts.
One core is used. Run it on an idle machine and compare figures only within
one run.
"""

from __future__ import annotations

import argparse
import math
import statistics
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from time import perf_counter

from bench.baseline import solve_first
from bench.machine import machine
from bench.sets import PUZZLES_DIR, SOLVING_SETS, read_set
from solver.engine import STANDARD, InvalidPuzzle, Status, count_cells, parse_puzzle, solve

# Keeps the default run (all four sets, both modes) within about three
# minutes on the 2-core development machine; the baseline is the slow part.
DEFAULT_BASELINE_LIMIT = 250
MODES = {"unique": 2, "first": 1}  # mode -> how many solutions the engine looks for
HEADER = (
    "| set | solver | puzzles | puzzles/s | median ms | p99 ms | max ms | guesses/puzzle "
    "| verdicts |\n|---|---|---|---|---|---|---|---|---|"
)


@dataclass(frozen=True)
class Said:
    """What a solver said about one puzzle; ``guesses`` is None if it does not count them."""

    verdict: Status
    guesses: int | None


Solver = Callable[[str], Said]


@dataclass(frozen=True)
class Figures:
    """One solver's figures on one list of puzzles.

    ``guesses`` is per puzzle, None unless every outcome counted its guesses;
    ``verdicts`` maps each verdict to how many puzzles got it, by name.
    """

    puzzles: int
    per_second: float
    median_ms: float
    p99_ms: float
    max_ms: float
    guesses: float | None
    verdicts: dict[str, int]


def engine(mode: str) -> Solver:
    """The engine as a solver, looking for as many solutions as ``mode`` needs
    (a key of ``MODES``; any other raises KeyError)."""
    limit = MODES[mode]

    def run(text: str) -> Said:
        result = solve(parse_puzzle(text), limit=limit)
        return Said(result.status, result.guesses)

    return run


def baseline(text: str) -> Said:
    """The baseline as a solver: verdict SOLVED or NONE, guesses not counted."""
    return Said(Status.NONE if solve_first(text) is None else Status.SOLVED, None)


def measure(puzzles: list[str], solver: Solver) -> Figures:
    """Time ``solver`` on each puzzle in turn; the figures for the whole list.

    Raises ValueError if ``puzzles`` is empty.
    """
    times_ms, outcomes = [], []
    for text in puzzles:
        start = perf_counter()
        outcomes.append(solver(text))
        times_ms.append((perf_counter() - start) * 1000)
    return figures(times_ms, outcomes)


def figures(times_ms: list[float], outcomes: list[Said]) -> Figures:
    """The figures for puzzles that took ``times_ms`` each and ended in ``outcomes``.

    Raises ValueError if there are none: no figure means anything without a puzzle.
    """
    if not times_ms:
        raise ValueError("no puzzles to measure")
    ordered = sorted(times_ms)
    counted = [outcome.guesses for outcome in outcomes if outcome.guesses is not None]
    return Figures(
        puzzles=len(ordered),
        per_second=len(ordered) / (sum(ordered) / 1000),
        median_ms=statistics.median(ordered),
        p99_ms=ordered[math.ceil(0.99 * len(ordered)) - 1],
        max_ms=ordered[-1],
        guesses=sum(counted) / len(counted) if len(counted) == len(outcomes) else None,
        verdicts=dict(sorted(Counter(outcome.verdict for outcome in outcomes).items())),
    )


def row(name: str, solver: str, f: Figures) -> str:
    """One markdown row of ``HEADER``: set ``name``, ``solver`` and its figures."""
    guesses = "–" if f.guesses is None else f"{f.guesses:,.1f}"
    verdicts = ", ".join(f"{verdict} {count}" for verdict, count in f.verdicts.items())
    return (
        f"| `{name}` | {solver} | {f.puzzles:,} | {f.per_second:,.0f} | {f.median_ms:.2f} "
        f"| {f.p99_ms:.1f} | {f.max_ms:.1f} | {guesses} | {verdicts} |"
    )


def ratio_row(name: str, puzzles: int, ratios: list[float]) -> str:
    """One markdown row of the ratios table: set ``name``, its puzzles, one ratio per mode."""
    cells = " | ".join(f"{ratio:.2f}x" for ratio in ratios)
    return f"| `{name}` | {puzzles:,} | {cells} |"


def run_engine(sets: list[tuple[Path, list[str]]], modes: list[str]) -> None:
    """Print table 1: the engine in each mode on every puzzle of each set."""
    print("Engine, every puzzle read from each set:\n")
    print(HEADER)
    for path, puzzles in sets:
        for mode in modes:
            print(row(path.name, f"engine, {mode}", measure(puzzles, engine(mode))), flush=True)


def run_baseline(sets: list[tuple[Path, list[str]]], modes: list[str], count: int) -> None:
    """Print tables 2 and 3: the baseline and the engine on the first ``count`` puzzles
    of each set, then the engine's rate over the baseline's in each mode."""
    # The baseline knows 9x9 only; other sizes are left out of the comparison.
    subsets = [
        (path, [text for text in puzzles if count_cells(text) == STANDARD.cells][:count])
        for path, puzzles in sets
    ]
    subsets = [(path, subset) for path, subset in subsets if subset]
    if not subsets:
        return
    print(f"\nBaseline (`bench.baseline`) and engine, first {count:,} puzzles of each set:\n")
    print(HEADER)
    ratios = []
    for path, subset in subsets:
        base = measure(subset, baseline)
        print(row(path.name, "baseline", base), flush=True)
        rates = []
        for mode in modes:
            f = measure(subset, engine(mode))
            print(row(path.name, f"engine, {mode}", f), flush=True)
            rates.append(f.per_second / base.per_second)
        ratios.append(ratio_row(path.name, len(subset), rates))
    print("\nEngine puzzles/s over baseline puzzles/s, same puzzles, same run:\n")
    print("| set | puzzles | " + " | ".join(f"{mode} / baseline" for mode in modes) + " |")
    print("|---|---|" + "---|" * len(modes))
    print("\n".join(ratios))


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line, parsed; a missing or empty file or a bad limit is an error."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="puzzle files, one puzzle a line")
    parser.add_argument("--limit", type=int, help="solve at most this many puzzles per file")
    parser.add_argument("--mode", choices=["both", *MODES], default="both")
    parser.add_argument(
        "--baseline-limit",
        type=int,
        default=DEFAULT_BASELINE_LIMIT,
        help="puzzles per file (the first ones) for the baseline comparison; 0 skips it",
    )
    args = parser.parse_args(argv)
    if (args.limit is not None and args.limit < 1) or args.baseline_limit < 0:
        parser.error("--limit must be at least 1 and --baseline-limit at least 0")
    args.files = args.files or [PUZZLES_DIR / name for name in SOLVING_SETS]
    args.sets = [(path, _readable(parser, path, args.limit)) for path in args.files]
    return args


def _readable(parser: argparse.ArgumentParser, path: Path, limit: int | None) -> list[str]:
    """The puzzles of ``path``; a parser error if there are none or one is unreadable,
    so that a bad file stops the run before any figure, not with a traceback."""
    puzzles = read_set(path, limit) if path.is_file() else []
    if not puzzles:
        parser.error(f"no puzzles in {path}")
    for number, text in enumerate(puzzles, 1):
        try:
            parse_puzzle(text)
        except InvalidPuzzle as error:
            parser.error(f"{path.name}, puzzle {number}: {error.problems[0].message}")
    return puzzles


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark on the command line ``argv`` (by default, the process's)."""
    args = _arguments(argv)
    modes = list(MODES) if args.mode == "both" else [args.mode]
    sets = args.sets
    print(machine("one used") + "\n")
    run_engine(sets, modes)
    if args.baseline_limit > 0:
        run_baseline(sets, modes, args.baseline_limit)


if __name__ == "__main__":
    main()
