"""The generator benchmark: puzzles made on demand at each level, timed, and how
often plain digging lands on each level, printed as markdown.

    .venv/bin/python -m bench.generate [--seeds N] [--budget S] [--digs N]
                                       [--peer N] [--peer-python PATH]

After a line naming the machine:

1. on demand: ``generate(level=..., seed=s, max_seconds=--budget)`` for the
   seeds 0 to N - 1 at each level, 9x9, rotational, as the site asks; each
   call timed (median, p95 by nearest rank, max ms, failures included), the
   share that came back within the budget, and the givens' median;
2. plain digging, the baseline, in the same run: ``generate(seed=s)`` with no
   level (removal kept only while the solution stays unique, until no
   symmetric pair can go), then again with ``minimal=True`` (no given can
   go), each puzzle rated as the library's import rates it
   (``teacher.explain`` with 1 s of logic): how many land on each level, how
   many the teacher's clock cut (rated extreme by their trial steps), and
   the time to dig (rating apart);
3. other sizes: 4x4, 6x6 and 16x16 with no level, timed likewise;
4. with ``--peer N`` (and hodoku-py's venv at ``--peer-python``, see
   ``bench/teacher.py``), the first N puzzles of each level of part 1 rated
   by HoDoKu: our levels (rows) against its (columns). The peer is never a
   dependency; without its venv the part is skipped with a note.

One core is used; compare figures only within one run.
"""

from __future__ import annotations

import argparse
import gc
import statistics
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from time import perf_counter

from bench.machine import machine
from bench.teacher import DEFAULT_PEER, ask_peer, confusion, explained, rank, share
from solver.engine import format_grid
from solver.engine.board import Shape, shape
from solver.engine.difficulty import LEVELS
from solver.engine.generate import Generated, generate

BUDGET = 2.0  # settings.SUDOKU_GENERATE_SECONDS's default: the site's budget
SIZES = {"4x4": shape(2, 2), "6x6": shape(2, 3), "16x16": shape(4, 4)}
SIZE_SEEDS = 10  # seeds per other size: 16x16 takes about a second each


def timed(make: Callable[[], Generated | None]) -> tuple[float, Generated | None]:
    """``make()`` and the milliseconds it took."""
    start = perf_counter()
    made = make()
    return (perf_counter() - start) * 1000, made


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
    print("\n| level | seeds | median ms | p95 ms | max ms | within budget | givens (median) |")
    print("|---|---|---|---|---|---|---|")
    made: dict[str, list[Generated]] = {}
    for level in LEVELS:
        gc.collect()
        runs = [
            timed(lambda s=s, at=level: generate(level=at, seed=s, max_seconds=budget))
            for s in range(seeds)
        ]
        made[level] = [g for _, g in runs if g is not None]
        print(
            f"| {level} | {seeds} | {timing([ms for ms, _ in runs])} "
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
        rated = [explained(format_grid(g.puzzle)) for _, g in runs]
        levels = Counter(r.difficulty.level for r in rated)
        cut = sum(1 for r in rated if r.out_of_time)
        times = sorted(ms for ms, _ in runs)
        cells = " | ".join(share(levels[level], digs) for level in LEVELS)
        print(
            f"| {name} | {digs} | {statistics.median(times):.1f} | {times[-1]:.1f} "
            f"| {givens([g for _, g in runs])} | {cells} | {cut} |",
            flush=True,
        )


def other_sizes() -> None:
    """Print part 3: the other sizes, no level."""
    print(f"\nOther sizes, no level, rotational, seeds 0 to {SIZE_SEEDS - 1}:")
    print("\n| size | seeds | median ms | p95 ms | max ms | givens (median) |")
    print("|---|---|---|---|---|---|")
    for name, board in SIZES.items():
        runs = [timed(lambda s=s, b=board: _made(b, s)) for s in range(SIZE_SEEDS)]
        made = [g for _, g in runs if g is not None]
        print(
            f"| {name} | {SIZE_SEEDS} | {timing([ms for ms, _ in runs])} | {givens(made)} |",
            flush=True,
        )


def _made(board: Shape, seed: int) -> Generated | None:
    """A puzzle of ``board`` with no level."""
    return generate(board, seed=seed)


def against_peer(made: dict[str, list[Generated]], count: int, python: Path) -> None:
    """Print part 4: our levels against HoDoKu's on the first ``count`` of each level."""
    if not python.exists():
        print(f"\nPeer skipped: no {python} (make its venv, see `python -m bench.teacher -h`).")
        return
    chosen = [(level, g) for level in LEVELS for g in made[level][:count]]
    answers = ask_peer(python, [format_grid(g.puzzle) for _, g in chosen], None)
    peers = [answers[format_grid(g.puzzle)] for _, g in chosen]
    ratings = [g.difficulty for _, g in chosen]
    print(f"\nThe first {count} puzzles of each level, ours (rows) against HoDoKu's (columns):\n")
    print("\n".join(confusion(ratings, peers)))


def main(argv: list[str] | None = None) -> None:
    """Run the parts the command line asks for."""
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.epilog = __doc__.split("\n\n", 2)[2]
    parser.add_argument("--seeds", type=int, default=50, help="seeds per level, on demand")
    parser.add_argument("--budget", type=float, default=BUDGET, help="max_seconds on demand")
    parser.add_argument("--digs", type=int, default=200, help="plain digs, each kind")
    parser.add_argument("--peer", type=int, default=0, help="puzzles per level for HoDoKu")
    parser.add_argument("--peer-python", type=Path, default=DEFAULT_PEER)
    args = parser.parse_args(argv)
    print(machine("one used") + "\n")
    made = on_demand(args.seeds, args.budget)
    plain_digging(args.digs)
    other_sizes()
    if args.peer:
        against_peer(made, args.peer, args.peer_python)


if __name__ == "__main__":
    main()
