"""The engine on one puzzle of each size, whole and with half its givens
removed, printed as markdown.

    .venv/bin/python -m bench.sizes

The puzzles are the tests' (``tests.support.puzzles.SIZED``: 4x4 to 25x25, each
with a unique solution). Each is solved as the site solves (the search stops
at two solutions), then again with the first half of its givens removed, as
tests/engine/test_search.py does, which leaves several solutions. Each time
is the fastest of three solves after one to warm up (the first solve of a
size also builds that size's tables), within a budget of 30 s.
"""

from __future__ import annotations

from bench.machine import machine
from solver.engine import Budget, Grid, Result, parse_puzzle, solve
from tests.support.puzzles import SIZED

BUDGET = Budget(max_seconds=30)
HEADER = (
    "| size | givens | verdict | guesses | ms | half the givens: verdict | guesses | ms |"
    "\n|---|---|---|---|---|---|---|---|"
)


def fastest(puzzle: Grid) -> Result:
    """The fastest of three solves of ``puzzle``, after one to warm up."""
    solve(puzzle, budget=BUDGET)
    return min((solve(puzzle, budget=BUDGET) for _ in range(3)), key=lambda r: r.elapsed)


def halved(puzzle: Grid) -> Grid:
    """``puzzle`` with the first half of its givens (in reading order) removed."""
    givens = [at for at, digit in enumerate(puzzle) if digit]
    removed = set(givens[: len(givens) // 2])
    return tuple(0 if at in removed else digit for at, digit in enumerate(puzzle))


def row(name: str, text: str) -> str:
    """One markdown row of ``HEADER`` for the puzzle ``text`` of size ``name``."""
    puzzle = parse_puzzle(text)
    givens = sum(1 for digit in puzzle if digit) / len(puzzle)
    whole, half = fastest(puzzle), fastest(halved(puzzle))
    return (
        f"| {name} | {givens:.0%} | {whole.status} | {whole.guesses:,} "
        f"| {whole.elapsed * 1000:.2f} | {half.status} | {half.guesses:,} "
        f"| {half.elapsed * 1000:.1f} |"
    )


def main() -> None:
    """Print the machine line and one row per size."""
    print(machine("one used") + "\n")
    print(HEADER)
    for name, text in SIZED.items():
        print(row(name, text), flush=True)


if __name__ == "__main__":
    main()
