"""Wings: an xy-wing removes its pincers' digit from the cells seeing both
pincers, an xyz-wing from the cells seeing the pivot too.

The soundness rule at the end walks shared puzzles with the earlier
families first, so the wings are asked on boards those leave stuck.
"""

import pytest

from solver.engine.board import STANDARD, shape
from solver.engine.techniques import wings
from solver.engine.techniques.wings import find_xy_wing, find_xyz_wing
from tests.engine.techniques.boards import cell, checked_steps, open_board
from tests.puzzles import sample


def test_an_xy_wing_removes_the_pincers_digit_where_both_pincers_are_seen():
    pivot, row_pincer, column_pincer = cell(1, 1), cell(1, 5), cell(5, 1)
    marks = open_board(pencilled={pivot: {1, 2}, row_pincer: {1, 3}, column_pincer: {2, 3}})
    [step] = find_xy_wing(marks)
    assert step.eliminations == ((cell(5, 5), 3),)
    assert step.pattern.cells == (pivot, row_pincer, column_pincer)
    assert step.pattern.digits == (1, 2, 3)
    assert step.pattern.units == (STANDARD.units[0], STANDARD.units[9])
    assert step.params == {
        "pivot": pivot,
        "pincers": (row_pincer, column_pincer),
        "digits": (1, 2),
        "digit": 3,
    }
    assert list(find_xyz_wing(marks)) == []


def test_an_xy_wing_with_a_pincer_in_the_pivots_box_clears_two_segments():
    pivot, box_pincer, row_pincer = cell(1, 1), cell(2, 2), cell(1, 7)
    marks = open_board(pencilled={pivot: {1, 2}, box_pincer: {1, 3}, row_pincer: {2, 3}})
    [step] = find_xy_wing(marks)
    seen = [cell(1, 2), cell(1, 3), cell(2, 7), cell(2, 8), cell(2, 9)]
    assert step.eliminations == tuple((c, 3) for c in seen)


def test_an_xy_wing_with_nothing_to_remove_is_not_found():
    marks = open_board(pencilled={cell(1, 1): {1, 2}, cell(1, 5): {1, 3}, cell(5, 1): {2, 3}})
    marks.eliminate(cell(5, 5), 3)
    assert list(find_xy_wing(marks)) == []


def test_pincers_that_do_not_both_see_the_pivot_make_no_wing():
    marks = open_board(pencilled={cell(1, 1): {1, 2}, cell(1, 5): {1, 3}, cell(5, 2): {2, 3}})
    assert list(find_xy_wing(marks)) == []


def test_an_xyz_wing_removes_its_digit_only_where_the_pivot_is_seen_too():
    pivot, row_pincer, box_pincer = cell(1, 1), cell(1, 5), cell(2, 2)
    marks = open_board(pencilled={pivot: {1, 2, 3}, row_pincer: {1, 3}, box_pincer: {2, 3}})
    [step] = find_xyz_wing(marks)
    assert step.eliminations == ((cell(1, 2), 3), (cell(1, 3), 3))
    assert step.pattern.digits == (1, 2, 3)
    assert step.params == {
        "pivot": pivot,
        "pincers": (row_pincer, box_pincer),
        "digits": (1, 2),
        "digit": 3,
    }
    assert list(find_xy_wing(marks)) == []


def test_two_pincers_of_the_same_two_digits_make_no_xyz_wing():
    marks = open_board(pencilled={cell(1, 1): {1, 2, 3}, cell(1, 5): {1, 3}, cell(2, 2): {1, 3}})
    assert list(find_xyz_wing(marks)) == []


@pytest.mark.parametrize(("box_rows", "box_cols"), [(2, 2), (2, 3), (4, 4)])
def test_wings_work_on_every_shape(box_rows, box_cols):
    board = shape(box_rows, box_cols)
    far = board.size  # a row and column outside the first box
    pivot, row_pincer, column_pincer = cell(1, 1, board), cell(1, far, board), cell(far, 1, board)
    marks = open_board(board, {pivot: {1, 2}, row_pincer: {1, 3}, column_pincer: {2, 3}})
    assert [s.eliminations for s in find_xy_wing(marks)] == [((cell(far, far, board), 3),)]
    box_pincer = cell(2, 2, board)
    marks = open_board(board, {pivot: {1, 2, 3}, row_pincer: {1, 3}, box_pincer: {2, 3}})
    [step] = find_xyz_wing(marks)
    assert step.eliminations == tuple((cell(1, col, board), 3) for col in range(2, box_cols + 1))


@pytest.mark.slow  # a sweep over shared puzzles; the full suite runs it
@pytest.mark.parametrize("name", ["top1465.txt", "forum_hardest_1106.txt"])
def test_every_wing_on_the_way_agrees_with_the_solution(name):
    checked = sum(checked_steps(puzzle, wings.TECHNIQUES) for puzzle in sample(name, 25))
    assert checked > 100  # measured: over 800 in each set
