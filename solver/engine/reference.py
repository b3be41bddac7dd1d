"""The reference solver: plain backtracking, deliberately simple.

First empty cell, digits in order, no propagation: easy to trust, slow on hard
puzzles. Faster solvers are checked against it on puzzles it can finish.
Iterative like the real search, so no puzzle can exhaust the Python stack.
"""

from __future__ import annotations

from .board import Grid, Shape, shape_of_grid


def count_solutions(
    puzzle: Grid, shape: Shape | None = None, limit: int = 2, max_steps: int = 1_000_000
) -> int | None:
    """How many solutions ``puzzle`` has, counting no further than ``limit``.

    The shape defaults to the usual one for the puzzle's size. None if
    ``max_steps`` digit placements were not enough to decide.
    """
    shape = shape or shape_of_grid(puzzle)
    grid = list(puzzle)
    empty = [cell for cell, digit in enumerate(grid) if not digit]
    if not _givens_agree(grid, shape):
        return 0
    found = steps = 0
    depth = 0  # index into ``empty`` of the cell being filled
    while depth >= 0:
        if depth == len(empty):
            found += 1
            if found >= limit:
                return found
            depth -= 1
            continue
        cell = empty[depth]
        digit = _next_allowed(grid, cell, grid[cell] + 1, shape)
        grid[cell] = digit
        steps += 1
        if steps > max_steps:
            return None
        depth += 1 if digit else -1
    return found


def _next_allowed(grid: list[int], cell: int, start: int, shape: Shape) -> int:
    """The smallest digit from ``start`` that no peer of ``cell`` holds, or 0."""
    taken = {grid[peer] for peer in shape.peers[cell]}
    return next((d for d in range(start, shape.size + 1) if d not in taken), 0)


def _givens_agree(grid: list[int], shape: Shape) -> bool:
    """True if no two peers hold the same given."""
    return all(
        not digit or all(grid[peer] != digit for peer in shape.peers[cell])
        for cell, digit in enumerate(grid)
    )
