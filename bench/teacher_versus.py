"""The teacher against another checkout's: explanations timed side by side.

    .venv/bin/python -m bench.teacher_versus DIR [--sets A,B] [--sample N]
                                             [--max-seconds S] [--cpu]

``DIR`` holds another version of the engine (its ``solver/engine``), for
instance main's: ``mkdir /tmp/main && git archive main solver | tar -x -C
/tmp/main``. A subprocess imports it from there; this process uses the
checkout's own. Each puzzle (``--sample`` spread through each set, as
``bench.teacher`` takes them) is explained by both in turn, as the site
explains it (every technique, uniqueness ones included, ``--max-seconds``
of logic, the site's 1 s by default, 0 for no limit), the one going first
changing from puzzle to puzzle, so that a machine's changing load falls on
both alike. For each side and set: the median and p95 (nearest rank)
explanation time, the puzzles with no ``trial`` step, those whose logic ran
out of time (their last steps are trials), and the ratio of the medians.

``--cpu`` measures both the logic's budget and the times in each process's
CPU time, so that other work on a shared machine counts against neither;
the site's budget is wall-clock time, so on an idle machine both agree.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bench.machine import machine
from bench.sets import TEACHING_SETS, parse_sets
from bench.teacher import (
    DEFAULT_SAMPLE,
    SITE_SECONDS,
    share,
    timing,
    walk_arguments,
)
from solver.engine import parse_puzzle, shape_of_grid
from solver.engine import teacher as this_teacher
from solver.engine.marks import Marks

# Run by the other checkout's Python, from ``DIR``: its engine explains one
# puzzle a line ("seconds puzzle", 0 seconds for no limit), one JSON object a
# line back. It uses what every version of the engine has.
OTHER_SCRIPT = """
import json, sys, time, types
from solver.engine import parse_puzzle, shape_of_grid, teacher
from solver.engine.marks import Marks
clock = time.process_time if sys.argv[1] == "cpu" else time.perf_counter
teacher.time = types.SimpleNamespace(perf_counter=clock)  # the budget's clock
for line in sys.stdin:
    seconds, puzzle = line.split()
    grid = parse_puzzle(puzzle)
    marks = Marks.from_grid(grid, shape_of_grid(grid))
    start = clock()
    steps = teacher.explain(marks, max_seconds=float(seconds) or None, unique=True)
    ms = (clock() - start) * 1000
    trials = [step for step in steps if step.technique == teacher.TRIAL]
    budget = any(step.params.get("budget") for step in trials)
    print(json.dumps({"ms": ms, "trials": len(trials), "out_of_time": budget}), flush=True)
"""


@dataclass(frozen=True)
class Run:
    """One explanation: its time, how many trial steps, whether the logic ran out of time."""

    ms: float
    trials: int
    out_of_time: bool


def explain_here(puzzle: str, max_seconds: float | None, clock: Callable[[], float]) -> Run:
    """This checkout's teacher on ``puzzle``, timed on ``clock`` (which the
    budget is measured on too, ``budget_clock``)."""
    grid = parse_puzzle(puzzle)
    marks = Marks.from_grid(grid, shape_of_grid(grid))
    with budget_clock(clock):
        start = clock()
        steps = this_teacher.explain(marks, max_seconds=max_seconds, unique=True)
        ms = (clock() - start) * 1000
    trials = [step for step in steps if step.technique == this_teacher.TRIAL]
    return Run(ms, len(trials), any(step.params.get("budget") for step in trials))


@contextmanager
def budget_clock(clock: Callable[[], float]) -> Iterator[None]:
    """The teacher's budget measured on ``clock`` meanwhile (the teacher reads
    ``time.perf_counter``), as the other side's script does."""
    kept = this_teacher.time
    this_teacher.time = types.SimpleNamespace(perf_counter=clock)
    try:
        yield
    finally:
        this_teacher.time = kept


class Other:
    """The other checkout's teacher, in a subprocess of this Python run from ``root``."""

    def __init__(self, root: Path, cpu: bool) -> None:
        process = subprocess.Popen(
            [sys.executable, "-c", OTHER_SCRIPT, "cpu" if cpu else "wall"],
            cwd=root,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        if process.stdin is None or process.stdout is None:
            raise RuntimeError("no pipes to the other checkout's teacher")
        self.process, self.stdin, self.stdout = process, process.stdin, process.stdout

    def explain(self, puzzle: str, max_seconds: float | None) -> Run:
        """The other teacher on ``puzzle``. Raises RuntimeError if it stopped."""
        self.stdin.write(f"{max_seconds or 0} {puzzle}\n")
        self.stdin.flush()
        line = self.stdout.readline()
        if not line:
            raise RuntimeError("the other checkout's teacher stopped")
        return Run(**json.loads(line))

    def close(self) -> None:
        """End the subprocess."""
        self.stdin.close()
        self.process.wait()


def side_row(label: str, name: str, runs: list[Run]) -> str:
    """One markdown row of one side's figures on set ``name``."""
    trial_free = sum(1 for run in runs if run.trials == 0)
    in_time = sum(1 for run in runs if not run.out_of_time)
    return (
        f"| `{name}` | {label} | {len(runs)} | {timing(run.ms for run in runs)} "
        f"| {share(trial_free, len(runs))} | {share(in_time, len(runs))} |"
    )


def compare(
    sets: list[tuple[str, list[str]]], other: Other, max_seconds: float | None, cpu: bool
) -> None:
    """Print the table: each set, this checkout's row, the other's and the ratio."""
    clock = time.process_time if cpu else time.perf_counter
    print(
        "| set | teacher | puzzles | median ms | p95 ms | max ms | no trial "
        "| no trial for want of time |\n|---|---|---|---|---|---|---|---|"
    )
    for name, puzzles in sets:
        here, there = [], []
        for index, puzzle in enumerate(puzzles):
            if index % 2:
                there.append(other.explain(puzzle, max_seconds))
                here.append(explain_here(puzzle, max_seconds, clock))
            else:
                here.append(explain_here(puzzle, max_seconds, clock))
                there.append(other.explain(puzzle, max_seconds))
        print(side_row("this", name, here))
        print(side_row("other", name, there))
        ratio = statistics.median(r.ms for r in here) / statistics.median(r.ms for r in there)
        print(f"| `{name}` | this / other | | {ratio:.2f} | | | | |", flush=True)


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line, parsed; a missing set, a bad sample size or a DIR
    without an engine is an error."""
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.epilog = __doc__.split("\n\n", 2)[2]
    parser.add_argument("other", type=Path, help="a directory holding solver/engine")
    parser.add_argument(
        "--sets", type=parse_sets, default=list(TEACHING_SETS), help="shared set files"
    )
    parser.add_argument(
        "--sample", type=int, default=DEFAULT_SAMPLE, help="puzzles per set, spread through it"
    )
    parser.add_argument(
        "--max-seconds",
        type=float,
        default=SITE_SECONDS,
        help="the teacher's seconds of logic per puzzle (0: no limit); the site's by default",
    )
    parser.add_argument("--cpu", action="store_true", help="budget and times in CPU time")
    args = parser.parse_args(argv)
    if not (args.other / "solver" / "engine" / "teacher.py").is_file():
        parser.error(f"{args.other} holds no solver/engine/teacher.py")
    return walk_arguments(parser, args)


def main(argv: list[str] | None = None) -> None:
    """Run the comparison on the command line ``argv`` (by default, the process's)."""
    args = _arguments(argv)
    print(machine("one used at a time") + "\n")
    limit = "no limit" if args.max_seconds is None else f"{args.max_seconds} s"
    clock = "CPU time" if args.cpu else "wall-clock time"
    print(
        f"{args.sample:,} puzzles spread through each set; `teacher.explain` from the givens "
        f"({limit} of logic), this checkout's and {args.other}'s in turn, in {clock}:\n"
    )
    other = Other(args.other, args.cpu)
    try:
        compare(args.puzzles, other, args.max_seconds, args.cpu)
    finally:
        other.close()


if __name__ == "__main__":
    main()
