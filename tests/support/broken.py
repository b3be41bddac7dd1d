"""Puzzles with no solution made from the shared ones: one given changed to
another digit that no given conflicts with, kept when the search proves
there is then no solution. The engine's tests of ``contradiction`` and the
answer page's tests take them, so neither pastes a puzzle of its own."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

import pytest

from solver.engine import Status, find_conflicts, parse_puzzle, shape_of_grid, solve
from solver.engine.board import Grid
from solver.engine.contradiction import Contradiction, find_contradiction


def broken_by_one_given(text: str) -> Iterator[Grid]:
    """``text``'s puzzle with one given changed, every such way in order,
    each proved by the search to have no solution (the premise checked)."""
    grid = parse_puzzle(text)
    board = shape_of_grid(grid)
    for cell, given in enumerate(grid):
        for digit in range(1, board.size + 1) if given else ():
            changed = grid[:cell] + (digit,) + grid[cell + 1 :]
            if digit == given or find_conflicts(changed, board):
                continue
            if solve(changed, board).status is Status.NONE:
                yield changed


def first_broken(
    texts: Iterable[str], wanted: Callable[[Contradiction], bool]
) -> tuple[Grid, Contradiction]:
    """The first puzzle of ``texts`` broken by one given whose contradiction
    (as singles find it) is ``wanted``; fails the test if there is none."""
    for text in texts:
        for puzzle in broken_by_one_given(text):
            found = find_contradiction(puzzle)
            if found is not None and wanted(found):
                return puzzle, found
    pytest.fail("no puzzle of the sample breaks that way")
