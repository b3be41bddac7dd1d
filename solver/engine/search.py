"""Search: iterative backtracking over candidates, with propagation at each step.

When propagation stalls, the search guesses: it picks the empty cell with the
fewest candidates, tries each of them in turn on a copy of the board, and
propagates again. Instead of recursion, an explicit stack holds one frame per
open choice: (board before the choice, cell, candidates not yet tried). Deep
searches therefore cost heap memory, never Python stack frames.

Work is bounded by a ``Budget``; a search that runs out says so instead of
running on.
"""

from __future__ import annotations

from dataclasses import dataclass
from time import perf_counter

from .board import Grid, Shape
from .propagation import place, propagate

Frame = tuple[list[int], int, int]  # (board, cell, untried candidates)

_CLOCK_EVERY = 64  # guesses between looks at the clock, which is not free


@dataclass(frozen=True)
class Budget:
    """The most work one search may do: guesses made and seconds spent."""

    max_guesses: int = 500_000
    max_seconds: float = 1.0


DEFAULT_BUDGET = Budget()


@dataclass(frozen=True)
class SearchOutcome:
    """What a search found.

    ``solutions`` holds at most the requested number of grids; ``complete`` is
    False when the budget ran out first, so fewer solutions than exist may
    have been found. ``guesses`` counts every candidate tried by the search.
    """

    solutions: list[Grid]
    guesses: int
    complete: bool


def search(
    candidates: list[int], shape: Shape, limit: int = 2, budget: Budget = DEFAULT_BUDGET
) -> SearchOutcome:
    """Find up to ``limit`` solutions from a propagated board (which it consumes)."""
    deadline = perf_counter() + budget.max_seconds
    solutions: list[Grid] = []
    stack: list[Frame] = []
    guesses = 0
    board: list[int] | None = candidates
    while True:
        if board is not None:
            cell = fewest_candidates(board)
            if cell is None:
                solutions.append(to_grid(board))
                if len(solutions) >= limit:
                    return SearchOutcome(solutions, guesses, True)
            else:
                stack.append((board, cell, board[cell]))
        if not stack:
            return SearchOutcome(solutions, guesses, True)
        if guesses >= budget.max_guesses or (
            guesses % _CLOCK_EVERY == 0 and perf_counter() > deadline
        ):
            return SearchOutcome(solutions, guesses, False)
        board = _next_guess(stack, shape)
        guesses += 1


def _next_guess(stack: list[Frame], shape: Shape) -> list[int] | None:
    """Try the next candidate of the top frame; the new board, or None if it fails.

    The last candidate of a frame reuses the frame's board instead of a copy,
    since nothing else will look at it again.
    """
    board, cell, untried = stack[-1]
    bit = untried & -untried
    untried ^= bit
    if untried:
        stack[-1] = (board, cell, untried)
        board = board.copy()
    else:
        stack.pop()
    if place(board, cell, bit, shape) and propagate(board, shape):
        return board
    return None


def fewest_candidates(board: list[int]) -> int | None:
    """The unsettled cell with the fewest candidates, or None if all are settled."""
    best, best_count = None, 1 << 30
    for cell, mask in enumerate(board):
        if mask & (mask - 1):
            count = mask.bit_count()
            if count < best_count:
                best, best_count = cell, count
                if count == 2:
                    break  # no unsettled cell has fewer
    return best


def to_grid(board: list[int]) -> Grid:
    """The grid of a board whose every cell is settled."""
    return tuple(mask.bit_length() for mask in board)
