"""Making killer puzzles: cages with sums and no givens, with one solution.

``make_killer(seed)`` draws a solved grid, cuts it into cages of side-by-side
cells grown from the first free cell (``grow_cages``: 2 to 5 cells, never a
digit twice in one), and reads each cage's sum off the grid. While the
solver finds two solutions it splits the cage where they differ: its cell
there becomes a cage of its own, whose sum is its digit; while it cannot
decide in its budget, it splits the largest cage. Each split only adds a
rule the solution keeps, so the loop ends, at worst with every cell a cage.
The same seed makes the same puzzle.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random

from .board import Grid, Shape, shape
from .generate import solved_grid
from .puzzle import Puzzle
from .rules import rule_set
from .rules.cages import Cage, Killer
from .search import Budget
from .solve import Status, solve

# Each check's budget: a killer the solver decides in it is one the site answers.
CHECK_BUDGET = Budget(max_seconds=0.5)


@dataclass(frozen=True)
class MadeKiller:
    """A killer made from ``seed``: the puzzle (no givens), its solution, and
    the splits it took to make it unique."""

    puzzle: Puzzle
    solution: Grid
    seed: int
    splits: int


def make_killer(seed: int, board: Shape | None = None, largest: int = 5) -> MadeKiller:
    """A killer with one solution on ``board`` (9x9 by default), from ``seed``."""
    board = board or shape(3, 3)
    rng = Random(seed)
    grid = solved_grid(board, rng)
    assert grid is not None  # no deadline: a grid always comes
    cages = list(grow_cages(grid, board.size, rng, largest))
    splits = 0
    while True:
        rules = rule_set(board.size, [Killer(tuple(cages))])
        found = solve((0,) * board.cells, budget=CHECK_BUDGET, rules=rules)
        if found.status is Status.UNIQUE:
            return MadeKiller(Puzzle((0,) * board.cells, rules), found.solution, seed, splits)
        if found.status is Status.MULTIPLE:
            cell = next(c for c in range(board.cells) if found.solution[c] != found.other[c])
        else:  # undecided in the budget: a smaller cage makes it easier
            cell = max(cages, key=lambda cage: len(cage.cells)).cells[0]
        cages = split(cages, cell, grid)
        splits += 1


def grow_cages(grid: Grid, size: int, rng: Random, largest: int = 5) -> tuple[Cage, ...]:
    """The board cut into cages of 1 to ``largest`` side-by-side cells, each
    grown from the first free cell, a digit at most once in each, its sum
    read off ``grid``."""
    free = set(range(len(grid)))
    found = []
    while free:
        start = min(free)
        cage, want = [start], rng.randint(2, largest)
        free.discard(start)
        while len(cage) < want:
            held = {grid[c] for c in cage}
            around = sorted(
                {o for c in cage for o in _sides(c, size) if o in free and grid[o] not in held}
            )
            if not around:
                break
            chosen = rng.choice(around)
            cage.append(chosen)
            free.discard(chosen)
        found.append(Cage(tuple(sorted(cage)), sum(grid[c] for c in cage)))
    return tuple(found)


def split(cages: list[Cage], cell: int, grid: Grid) -> list[Cage]:
    """``cages`` with ``cell`` taken out of its cage into one of its own."""
    done = []
    for cage in cages:
        if cell in cage.cells and len(cage.cells) > 1:
            rest = tuple(c for c in cage.cells if c != cell)
            done += [Cage((cell,), grid[cell]), Cage(rest, sum(grid[c] for c in rest))]
        else:
            done.append(cage)
    return done


def _sides(cell: int, size: int) -> list[int]:
    """The cells that share an edge with ``cell``."""
    row, col = divmod(cell, size)
    return [
        r * size + c
        for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
        if 0 <= r < size and 0 <= c < size
    ]
