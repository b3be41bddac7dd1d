"""Boards for the techniques' tests: cells by row and column, open boards with
chosen pencil marks, and a walk that checks a family's steps on the way."""

from collections.abc import Mapping

from solver.engine import parse_puzzle
from solver.engine.board import STANDARD, Shape, Unit, shape_of_grid
from solver.engine.marks import Marks, mask_of
from solver.engine.teacher import Finder, next_step
from solver.engine.techniques import finders, intersections, singles, subsets
from tests.support.soundness import solution_of, unsound

# The families a person tries before fish, single-digit patterns and wings.
EARLIER = {
    **finders(singles.TECHNIQUES),
    **finders(intersections.TECHNIQUES),
    **finders(subsets.TECHNIQUES),
}


def cell(row: int, col: int, board: Shape = STANDARD) -> int:
    """The cell at a 1-based row and column."""
    return (row - 1) * board.size + col - 1


def open_board(board: Shape = STANDARD, pencilled: dict[int, set[int]] | None = None) -> Marks:
    """A board with no digit placed and every candidate in every cell, except
    the cells of ``pencilled``, which hold only the digits given."""
    marks = Marks.from_grid((0,) * board.cells, board)
    for at, digits in (pencilled or {}).items():
        marks.candidates[at] = mask_of(digits)
    return marks


def unit(board: Shape, kind: str, number: int) -> Unit:
    """The unit of a kind (row, column or box) and 1-based number."""
    return next(u for u in board.units if u.kind == kind and u.number == number)


def checked_steps(puzzle: str, finders: Mapping[str, Finder]) -> int:
    """Walk ``puzzle`` with the earlier families and ``finders`` (a trial step
    when all are stuck), asserting that every instance ``finders`` find on the
    way keeps the solution (``support.soundness``); how many were checked."""
    grid = parse_puzzle(puzzle)
    solution = solution_of(grid)
    marks = Marks.from_grid(grid, shape_of_grid(grid))
    checked = 0
    while (step := next_step(marks, {**EARLIER, **finders})) is not None:
        for find in finders.values():
            for found in find(marks):
                assert unsound([found], solution) == [], puzzle
                checked += 1
        step.apply(marks)
    return checked
