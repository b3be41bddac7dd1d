"""Puzzles put straight into the library for the page and API tests, without
the generator or the teacher: each is HARD under a made-up canonical writing,
so any number of them are distinct, at any level."""

from __future__ import annotations

from solver import library
from solver.models import Puzzle
from tests.puzzles import HARD, HARD_SOLUTION

# A technique of each level, to stand as a stored puzzle's hardest.
HARDEST = {
    "easy": "hidden-single",
    "medium": "naked-pair",
    "hard": "x-wing",
    "expert": "xy-chain",
    "extreme": "forcing-chain",
}


def store_puzzles(level: str, count: int = 1, source: str = "top1465") -> list[Puzzle]:
    """``count`` new puzzles of ``level`` in the library, from ``source``."""
    start = Puzzle.objects.count()
    puzzles = [_puzzle(level, start + n, source) for n in range(count)]
    return Puzzle.objects.bulk_create(puzzles)


def _puzzle(level: str, number: int, source: str) -> Puzzle:
    canonical = f"{number:081d}"
    return Puzzle(
        id=library.puzzle_id(canonical),
        givens=HARD,
        solution=HARD_SOLUTION,
        canonical=canonical,
        level=level,
        score=100 + number,
        hardest=HARDEST[level],
        symmetry="none",
        source=source,
    )
