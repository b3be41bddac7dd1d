"""The generator benchmark: puzzles made on demand at each level, timed, and how
often plain digging lands on each level, printed as markdown.

    .venv/bin/python -m bench.generate [--seeds N] [--budget S] [--digs N]
                                       [--size-seeds N] [--peer N]
                                       [--peer-python PATH]

After a line naming the machine:

1. on demand: ``generate(level=..., seed=s, max_seconds=--budget)`` for the
   seeds 0 to N - 1 at each level, 9x9, rotational, as the site asks; each
   call timed (median, p95 by nearest rank, max ms, failures included; and the
   median CPU ms of this process, which other programs slow less), the
   share that came back within the budget, and the givens' median;
2. plain digging, the baseline, in the same run: ``generate(seed=s)`` with no
   level (removal kept only while the solution stays unique, until no
   symmetric pair can go), then again with ``minimal=True`` (no given can
   go), each puzzle rated as the library's import rates it
   (``teacher.explain`` with 1 s of logic): how many land on each level, how
   many the teacher's clock cut (rated extreme by their trial steps), and
   the time to dig (rating apart);
3. other sizes: 4x4, 6x6 and 16x16 with no level, ``--size-seeds`` each,
   timed likewise;
4. with ``--peer N`` (and hodoku-py's venv at ``--peer-python``, see
   ``bench/teacher.py``), every puzzle of part 1 checked by HoDoKu's own
   solution counter (``validate``: an outside proof of uniqueness), then the
   first N puzzles of each level rated by HoDoKu: our levels (rows) against
   its (columns). The peer is never a dependency; without its venv the part
   is skipped with a note.

One core is used; compare figures only within one run.
"""

from __future__ import annotations

import argparse
import gc
import json
import statistics
import subprocess
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from time import perf_counter, process_time
from typing import NamedTuple

from bench.machine import machine
from bench.teacher import DEFAULT_PEER, ask_peer, confusion, explained, rank, share
from solver.engine import format_grid
from solver.engine.board import Shape, shape
from solver.engine.generate import Generated, generate
from solver.engine.levels import LEVELS

BUDGET = 2.0  # settings.SUDOKU_GENERATE_SECONDS's default: the site's budget
SIZES = {"4x4": shape(2, 2), "6x6": shape(2, 3), "16x16": shape(4, 4)}


class Run(NamedTuple):
    """One call: its milliseconds, on the clock and of this process's CPU (which
    other programs on the machine slow less), and what it made."""

    ms: float
    cpu_ms: float
    made: Generated | None


def timed(make: Callable[[], Generated | None]) -> Run:
    """``make()``, timed."""
    start, cpu = perf_counter(), process_time()
    made = make()
    return Run((perf_counter() - start) * 1000, (process_time() - cpu) * 1000, made)


def timing(times: list[float]) -> str:
    """Median, p95 (nearest rank) and max of ``times`` (ms, not empty) as table cells."""
    ordered = sorted(times)
    return f"{statistics.median(ordered):.1f} | {rank(ordered, 0.95):.1f} | {ordered[-1]:.1f}"


def givens(made: list[Generated]) -> str:
    """The median number of givens of ``made``, or a dash if none."""
    return str(statistics.median(sum(1 for d in g.puzzle if d) for g in made)) if made else "–"


def on_demand(seeds: int, budget: float) -> dict[str, list[Generated]]:
    """Print part 1; the puzzles made at each level."""
    print(
        f"On demand: `generate(level=..., seed=s, max_seconds={budget})`, seeds 0 to {seeds - 1}:"
    )
    print(
        "\n| level | seeds | median ms | p95 ms | max ms | CPU median ms | within budget "
        "| givens (median) |\n|---|---|---|---|---|---|---|---|"
    )
    made: dict[str, list[Generated]] = {}
    for level in LEVELS:
        gc.collect()
        runs = [
            timed(lambda s=s, at=level: generate(level=at, seed=s, max_seconds=budget))
            for s in range(seeds)
        ]
        made[level] = [run.made for run in runs if run.made is not None]
        cpu = statistics.median(run.cpu_ms for run in runs)
        print(
            f"| {level} | {seeds} | {timing([run.ms for run in runs])} | {cpu:.1f} "
            f"| {share(len(made[level]), seeds)} | {givens(made[level])} |",
            flush=True,
        )
    return made


def plain_digging(digs: int) -> None:
    """Print part 2: where plain digging lands, symmetric and minimal."""
    print(
        f"\nPlain digging (no level), seeds 0 to {digs - 1}, each puzzle rated with 1 s of logic:"
    )
    columns = ["digging", "puzzles", "dig median ms", "dig max ms", "givens (median)"]
    columns += [*LEVELS, "cut by the clock"]
    print("\n| " + " | ".join(columns) + " |\n|" + "---|" * len(columns))
    for name, minimal in (("rotational", False), ("minimal", True)):
        gc.collect()
        runs = [timed(lambda s=s, m=minimal: generate(seed=s, minimal=m)) for s in range(digs)]
        rated = [explained(format_grid(run.made.puzzle)) for run in runs]
        levels = Counter(r.difficulty.level for r in rated)
        cut = sum(1 for r in rated if r.out_of_time)
        times = sorted(run.ms for run in runs)
        cells = " | ".join(share(levels[level], digs) for level in LEVELS)
        print(
            f"| {name} | {digs} | {statistics.median(times):.1f} | {times[-1]:.1f} "
            f"| {givens([run.made for run in runs])} | {cells} | {cut} |",
            flush=True,
        )


def other_sizes(seeds: int) -> None:
    """Print part 3: the other sizes, no level, ``seeds`` each."""
    print(f"\nOther sizes, no level, rotational, seeds 0 to {seeds - 1}:")
    print("\n| size | seeds | median ms | p95 ms | max ms | givens (median) |")
    print("|---|---|---|---|---|---|")
    for name, board in SIZES.items():
        runs = [timed(lambda s=s, b=board: _made(b, s)) for s in range(seeds)]
        made = [run.made for run in runs if run.made is not None]
        print(
            f"| {name} | {seeds} | {timing([run.ms for run in runs])} | {givens(made)} |",
            flush=True,
        )


def _made(board: Shape, seed: int) -> Generated | None:
    """A puzzle of ``board`` with no level."""
    return generate(board, seed=seed)


# HoDoKu's verdict on each puzzle read from standard input, a JSON line each.
VALIDATE_SCRIPT = """
import json, sys
from hodoku import Generator
generator = Generator()
for line in sys.stdin:
    print(json.dumps(generator.validate(line.strip())), flush=True)
"""


def against_peer(made: dict[str, list[Generated]], count: int, python: Path) -> None:
    """Print part 4: HoDoKu's verdicts on every puzzle made, then our levels against
    HoDoKu's on the first ``count`` of each level."""
    if not python.exists():
        print(f"\nPeer skipped: no {python} (make its venv, see `python -m bench.teacher -h`).")
        return
    every = [format_grid(g.puzzle) for level in LEVELS for g in made[level]]
    verdicts = peer_verdicts(python, every)
    print(f"\nHoDoKu's solution counter on all {len(every)} puzzles of part 1: {fmt(verdicts)}.")
    chosen = [(level, g) for level in LEVELS for g in made[level][:count]]
    answers = ask_peer(python, [format_grid(g.puzzle) for _, g in chosen], None)
    peers = [answers[format_grid(g.puzzle)] for _, g in chosen]
    ratings = [g.difficulty for _, g in chosen]
    print(f"\nThe first {count} puzzles of each level, ours (rows) against HoDoKu's (columns):\n")
    print("\n".join(confusion(ratings, peers)))


def peer_verdicts(python: Path, puzzles: list[str]) -> Counter:
    """How many of ``puzzles`` HoDoKu's ``validate`` calls valid (one solution),
    multiple or invalid (none)."""
    run = subprocess.run(
        [str(python), "-c", VALIDATE_SCRIPT],
        input="\n".join(puzzles) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    return Counter(json.loads(line) for line in run.stdout.splitlines())


def fmt(counts: Counter) -> str:
    """``counts`` as "valid 250, multiple 0", most first."""
    return ", ".join(f"{word} {n:,}" for word, n in counts.most_common()) or "no puzzle"


def main(argv: list[str] | None = None) -> None:
    """Run the parts the command line asks for."""
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.epilog = __doc__.split("\n\n", 2)[2]
    parser.add_argument("--seeds", type=int, default=50, help="seeds per level, on demand")
    parser.add_argument("--budget", type=float, default=BUDGET, help="max_seconds on demand")
    parser.add_argument("--digs", type=int, default=200, help="plain digs, each kind")
    parser.add_argument(
        "--size-seeds", type=int, default=10, help="seeds per other size (16x16: ~1 s each)"
    )
    parser.add_argument("--peer", type=int, default=0, help="puzzles per level for HoDoKu")
    parser.add_argument("--peer-python", type=Path, default=DEFAULT_PEER)
    args = parser.parse_args(argv)
    print(machine("one used") + "\n")
    made = on_demand(args.seeds, args.budget)
    plain_digging(args.digs)
    other_sizes(args.size_seeds)
    if args.peer:
        against_peer(made, args.peer, args.peer_python)


if __name__ == "__main__":
    main()
