"""What the page and API tests store before they look: puzzles put straight
into the library, without the generator or the teacher (each is HARD under a
made-up canonical writing, so any number of them are distinct, at any
level), and batches solved to the end."""

from __future__ import annotations

from solver.batches.models import PASTED, Batch
from solver.batches.store import create_batch, run_slice
from solver.library import store
from solver.library.models import Puzzle
from tests.support.puzzles import HARD, HARD_SOLUTION

# A technique of each level, to stand as a stored puzzle's hardest.
HARDEST = {
    "easy": "hidden-single",
    "medium": "naked-pair",
    "hard": "x-wing",
    "expert": "xy-chain",
    "extreme": "forcing-chain",
}


def store_puzzles(
    level: str, count: int = 1, source: str = "top1465", symmetry: str = "none"
) -> list[Puzzle]:
    """``count`` new puzzles of ``level`` in the library, from ``source``,
    their givens said to have ``symmetry``."""
    # After the last made-up writing, so that puzzles trimmed away leave no gap to reuse.
    last = Puzzle.objects.filter(canonical__regex=r"^[0-9]{81}$").order_by("-canonical").first()
    start = int(last.canonical) + 1 if last else 0
    puzzles = [_puzzle(level, start + n, source, symmetry) for n in range(count)]
    return Puzzle.objects.bulk_create(puzzles)


def _puzzle(level: str, number: int, source: str, symmetry: str) -> Puzzle:
    canonical = f"{number:081d}"
    return Puzzle(
        id=store.puzzle_id(canonical),
        givens=HARD,
        solution=HARD_SOLUTION,
        canonical=canonical,
        level=level,
        score=100 + number,
        hardest=HARDEST[level],
        symmetry=symmetry,
        source=source,
    )


def finished_batch(lines: list[str], name: str = PASTED) -> Batch:
    """A batch of ``lines`` stored and solved to its end."""
    batch = create_batch(name, "\n".join(lines))
    while run_slice(batch, 10.0):
        pass
    return batch
