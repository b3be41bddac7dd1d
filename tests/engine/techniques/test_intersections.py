"""Intersections: locked pointing, claiming, pairs and triples eliminate what they must.

The soundness rules at the end run the singles with them, simplest first,
on shared puzzles: every step found is checked against the solution.
"""

import pytest

from solver.engine import parse_puzzle
from solver.engine.board import STANDARD, shape, shape_of_grid
from solver.engine.marks import Marks, mask_of
from solver.engine.techniques import finders, intersections, singles
from solver.engine.techniques.intersections import (
    find_locked_claiming,
    find_locked_pair,
    find_locked_pointing,
    find_locked_triple,
)
from tests.support.puzzles import SIZED, sample
from tests.support.soundness import solution_of, unsound

TECHNIQUES = {**finders(singles.TECHNIQUES), **finders(intersections.TECHNIQUES)}


def cell(row: int, col: int, size: int = 9) -> int:
    """The cell at a 1-based row and column."""
    return (row - 1) * size + col - 1


def empty(box_rows: int = 3, box_cols: int = 3) -> Marks:
    """A board with no digit placed and every candidate pencilled in."""
    board = shape(box_rows, box_cols)
    return Marks.from_grid((0,) * board.cells, board)


def remove(marks: Marks, digit: int, cells) -> None:
    """Remove ``digit`` from the candidates of ``cells``."""
    for target in cells:
        marks.eliminate(target, digit)


def row_cells(row: int, cols, size: int = 9) -> list[int]:
    """The cells of a 1-based row at the given 1-based columns."""
    return [cell(row, col, size) for col in cols]


def test_a_digit_pointing_along_a_row_leaves_the_rest_of_the_row():
    marks = empty()
    remove(marks, 1, row_cells(2, (1, 2, 3)) + row_cells(3, (1, 2, 3)))
    [step] = find_locked_pointing(marks)
    assert step.eliminations == tuple((c, 1) for c in row_cells(1, range(4, 10)))
    assert step.pattern.cells == (0, 1, 2)
    assert step.pattern.units == (STANDARD.units[18], STANDARD.units[0])
    assert step.params == {"digit": 1, "cells": (0, 1, 2), "box": ("box", 1), "line": ("row", 1)}
    assert list(find_locked_claiming(marks)) == []


def test_a_digit_pointing_along_a_column_leaves_only_the_candidates_still_there():
    marks = empty()
    remove(marks, 7, [cell(row, col) for row in (4, 5, 6) for col in (8, 9)])
    marks.eliminate(cell(1, 7), 7)
    [step] = find_locked_pointing(marks)
    expected = [cell(row, 7) for row in (2, 3, 7, 8, 9)]
    assert step.eliminations == tuple((c, 7) for c in expected)
    assert step.params["box"] == ("box", 6)
    assert step.params["line"] == ("column", 7)


def test_one_place_in_a_box_is_a_hidden_single_not_a_pointing():
    marks = empty()
    remove(marks, 1, [c for c in STANDARD.units[18].cells if c != 0])
    assert list(find_locked_pointing(marks)) == []


def test_a_digit_a_row_keeps_in_one_box_leaves_the_rest_of_the_box():
    marks = empty()
    remove(marks, 4, row_cells(1, range(4, 10)))
    [step] = find_locked_claiming(marks)
    expected = row_cells(2, (1, 2, 3)) + row_cells(3, (1, 2, 3))
    assert step.eliminations == tuple((c, 4) for c in expected)
    assert step.params == {"digit": 4, "cells": (0, 1, 2), "box": ("box", 1), "line": ("row", 1)}
    assert list(find_locked_pointing(marks)) == []


def test_a_locked_pair_leaves_its_box_its_line_and_the_third_cell_they_share():
    marks = empty()
    marks.candidates[0] = marks.candidates[2] = mask_of([1, 2])
    [step] = find_locked_pair(marks)
    others = [1] + row_cells(2, (1, 2, 3)) + row_cells(3, (1, 2, 3)) + row_cells(1, range(4, 10))
    assert sorted(step.eliminations) == sorted((c, d) for c in others for d in (1, 2))
    assert step.params == {"digits": (1, 2), "cells": (0, 2), "box": ("box", 1), "line": ("row", 1)}
    assert list(find_locked_triple(marks)) == []


def test_a_pair_that_clears_only_its_box_is_no_locked_pair():
    marks = empty()
    marks.candidates[0] = marks.candidates[1] = mask_of([1, 2])
    remove(marks, 1, row_cells(1, range(3, 10)))
    remove(marks, 2, row_cells(1, range(3, 10)))
    assert list(find_locked_pair(marks)) == []


def test_a_locked_triple_leaves_its_box_and_its_column():
    marks = empty()
    trio = [cell(4, 5), cell(5, 5), cell(6, 5)]
    for target, digits in zip(trio, ([1, 2], [2, 3], [1, 3]), strict=True):
        marks.candidates[target] = mask_of(digits)
    [step] = find_locked_triple(marks)
    box = [c for c in STANDARD.units[22].cells if c not in trio]
    column = [cell(row, 5) for row in (1, 2, 3, 7, 8, 9)]
    assert sorted(step.eliminations) == sorted((c, d) for c in box + column for d in (1, 2, 3))
    assert step.pattern.cells == tuple(trio)
    assert step.params["line"] == ("column", 5)
    assert list(find_locked_pair(marks)) == []


def test_intersections_work_on_4x4_6x6_and_16x16_boards():
    four = empty(2, 2)
    remove(four, 3, row_cells(2, (1, 2), 4))
    assert [s.eliminations for s in find_locked_pointing(four)] == [((2, 3), (3, 3))]
    six = empty(2, 3)  # boxes of 2 rows by 3 columns
    remove(six, 5, row_cells(1, (4, 5, 6), 6))
    [claim] = find_locked_claiming(six)
    assert claim.eliminations == tuple((c, 5) for c in row_cells(2, (1, 2, 3), 6))
    sixteen = empty(4, 4)
    sixteen.candidates[0] = sixteen.candidates[1] = mask_of([15, 16])
    [pair] = find_locked_pair(sixteen)
    assert len(pair.eliminations) == 2 * (2 + 12 + 12)


def solved_steps(puzzle: str):
    """Apply the first step of the simplest technique that has one until none
    has; yield (the board, every step found on it, the solution) before each."""
    grid = parse_puzzle(puzzle)
    solution = solution_of(grid)
    marks = Marks.from_grid(grid, shape_of_grid(grid))
    while True:
        found = [step for find in TECHNIQUES.values() for step in find(marks)]
        yield marks, found, solution
        if not found:
            return
        found[0].apply(marks)


def assert_sound(puzzle: str) -> None:
    for _, found, solution in solved_steps(puzzle):
        assert unsound(found, solution) == [], puzzle


@pytest.mark.parametrize("name", ["top1465.txt", "forum_hardest_1106.txt"])
def test_every_step_on_the_way_agrees_with_the_solution(name):
    for puzzle in sample(name, 25):
        assert_sound(puzzle)


def test_every_step_on_a_16x16_board_agrees_with_the_solution():
    assert_sound(SIZED["16x16"])


def test_singles_and_intersections_solve_the_sized_puzzles():
    for name in ("4x4", "6x6", "16x16"):
        *_, (marks, _, solution) = solved_steps(SIZED[name])
        assert marks.grid() == solution, name


# The sweep: 400 puzzles of top1465 and all 375 of forum_hardest in the suite
# (about 6 s); every puzzle of both under `make soundness`.
@pytest.mark.sweep
@pytest.mark.parametrize("name", ["top1465.txt", "forum_hardest_1106.txt"])
def test_every_step_on_every_puzzle_of_a_set_agrees_with_the_solution(sweep, name):
    for puzzle in sweep(name, 400):
        assert_sound(puzzle)
