"""The shared puzzle files, and a few small puzzles every test module may use.

The benchmark sets live in ``../shared/puzzles/`` beside the project (override
with ``SUDOKU_PUZZLES_DIR``); they are read with the benchmark's reader, never
copied into the repo.
"""

from __future__ import annotations

from functools import cache

from solver.bench import PUZZLES_DIR, read_puzzles

# magictour top1465 #1 and its solution.
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
HARD_SOLUTION = "468931527751624839392578461134756298289413675675289314846192753513867942927345186"

# Row 1 needs a 9 in column 9, but column 9 already holds one: no solution,
# though no two givens conflict.
NO_SOLUTION = "12345678." + "........9" + "." * 63

# A puzzle from serg_multi.txt with one extra given that breaks every solution
# without conflicting: propagation alone cannot tell, the search must prove it.
NO_SOLUTION_AFTER_SEARCH = (
    "8.........59.......761..........8245....2.713...5..968...416597...892136...753482"
)


@cache
def load(name: str) -> tuple[str, ...]:
    """Every puzzle line of a shared file (comments skipped).

    A missing file fails loudly: these tests never pass by having nothing to read.
    """
    path = PUZZLES_DIR / name
    if not path.is_file():
        raise FileNotFoundError(f"shared puzzle file missing: {path} (set SUDOKU_PUZZLES_DIR)")
    return tuple(read_puzzles(path))


def sample(name: str, count: int) -> tuple[str, ...]:
    """``count`` puzzles spread evenly through a shared file."""
    puzzles = load(name)
    step = max(1, len(puzzles) // count)
    return puzzles[::step][:count]
