"""Two versions of the engine side by side: this checkout's and another's, in one run.

    .venv/bin/python -m bench.compare OTHER [FILE ...] [--limit N] [--rounds R]

OTHER is another checkout of this repository (for example one made by
``git worktree add /tmp/before <commit>``). For each file (by default the
four shared sets, ``bench.sets``), each round times every puzzle in a fresh
process of the other checkout, then in one of this one, solving as the site
does (``solve(grid)``: two solutions looked for, the uniqueness proof on).
Rounds alternate, so a machine that gets busier or quieter affects both
alike. The table gives each version's median puzzles per second over the
rounds and this version's over the other's: above 1 is faster.

Only ``solver.engine``'s ``parse_puzzle`` and ``solve`` are used, which every
version has, so any two commits can be compared.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
from pathlib import Path

from bench.machine import machine
from bench.sets import PUZZLES_DIR, SOLVING_SETS, read_set

HERE = Path(__file__).resolve().parents[1]
HEADER = (
    "| set | puzzles | other puzzles/s | other guesses | this puzzles/s | this guesses "
    "| this / other |\n|---|---|---|---|---|---|---|"
)

# Run in a checkout's directory: read puzzles from standard input, one a line,
# print the puzzles per second and the guesses per puzzle.
TIMER = """
import sys
from time import perf_counter
sys.path.insert(0, ".")
from solver.engine import parse_puzzle, solve
grids = [parse_puzzle(line) for line in sys.stdin.read().split()]
spent = guesses = 0
for grid in grids:
    start = perf_counter()
    guesses += solve(grid).guesses
    spent += perf_counter() - start
print(len(grids) / spent, guesses / len(grids))
"""


def rate(checkout: Path, puzzles: list[str]) -> tuple[float, float]:
    """Puzzles per second and guesses per puzzle of ``checkout``'s engine on ``puzzles``.

    Raises CalledProcessError if that checkout cannot solve them.
    """
    done = subprocess.run(
        [sys.executable, "-c", TIMER],
        input="\n".join(puzzles),
        capture_output=True,
        text=True,
        cwd=checkout,
        check=True,
    )
    per_second, guesses = done.stdout.split()
    return float(per_second), float(guesses)


def compare(other: Path, name: str, puzzles: list[str], rounds: int) -> str:
    """One markdown row: the two versions on ``puzzles`` over ``rounds`` alternating rounds."""
    theirs, ours = [], []
    for _ in range(rounds):
        theirs.append(rate(other, puzzles))
        ours.append(rate(HERE, puzzles))
    their_rate = statistics.median(r for r, _ in theirs)
    our_rate = statistics.median(r for r, _ in ours)
    return (
        f"| `{name}` | {len(puzzles):,} | {their_rate:,.0f} | {theirs[0][1]:,.1f} "
        f"| {our_rate:,.0f} | {ours[0][1]:,.1f} | {our_rate / their_rate:.3f} |"
    )


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    """The command line, parsed; a missing checkout or file is an error."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("other", type=Path, help="another checkout of this repository")
    parser.add_argument("files", nargs="*", type=Path, help="puzzle files, one puzzle a line")
    parser.add_argument("--limit", type=int, help="solve at most this many puzzles per file")
    parser.add_argument("--rounds", type=int, default=3, help="alternating rounds per file")
    args = parser.parse_args(argv)
    if not (args.other / "solver" / "engine").is_dir():
        parser.error(f"{args.other} is not a checkout of this repository")
    if args.rounds < 1 or (args.limit is not None and args.limit < 1):
        parser.error("--rounds and --limit must be at least 1")
    args.files = args.files or [PUZZLES_DIR / name for name in SOLVING_SETS]
    for path in args.files:
        if not path.is_file():
            parser.error(f"no puzzles in {path}")
    return args


def main(argv: list[str] | None = None) -> None:
    """Run the comparison on the command line ``argv`` (by default, the process's)."""
    args = _arguments(argv)
    print(machine("one used") + "\n")
    print(f"Other: `{args.other}`; this: `{HERE}`; {args.rounds} alternating rounds.\n")
    print(HEADER)
    for path in args.files:
        puzzles = read_set(path, args.limit)
        print(compare(args.other.resolve(), path.name, puzzles, args.rounds), flush=True)


if __name__ == "__main__":
    main()
