"""Wings: a remote pair removes its two digits from the cells seeing two of
its cells of opposite parity, a w-wing its other digit from the cells seeing
both its cells, an xy-wing its pincers' digit from the cells seeing both
pincers, an xyz-wing from the cells seeing the pivot too.

The soundness rule at the end walks shared puzzles with the earlier
families first, so the wings are asked on boards those leave stuck.
"""

import pytest

from solver.engine.board import STANDARD, shape
from solver.engine.techniques import finders, wings
from solver.engine.techniques.wings import (
    find_remote_pair,
    find_w_wing,
    find_xy_wing,
    find_xyz_wing,
)
from tests.support.boards import cell, checked_steps, open_board, unit
from tests.support.puzzles import sample


def removed(steps) -> set[tuple[int, int]]:
    """Every candidate some steps remove."""
    return {candidate for step in steps for candidate in step.eliminations}


def test_a_remote_pair_removes_both_digits_where_both_ends_are_seen():
    chain = (cell(1, 1), cell(1, 5), cell(5, 5), cell(5, 9))
    marks = open_board(pencilled={at: {1, 2} for at in chain})
    [step] = find_remote_pair(marks)
    seen = [cell(1, 9), cell(5, 1)]
    assert step.eliminations == tuple((c, d) for c in seen for d in (1, 2))
    assert step.pattern.cells == chain
    assert step.pattern.digits == (1, 2)
    assert [link.strong for link in step.pattern.links] == [True, False] * 3 + [True]
    assert step.pattern.links[1].start == ((cell(1, 1), 2),)
    assert step.pattern.links[1].end == ((cell(1, 5), 2),)
    assert step.params == {"digits": (1, 2), "chain": chain}
    assert list(find_xy_wing(marks)) == []


def test_three_cells_of_one_pair_make_no_remote_pair():
    chain = (cell(1, 1), cell(1, 5), cell(5, 5))
    marks = open_board(pencilled={at: {1, 2} for at in chain})
    assert list(find_remote_pair(marks)) == []


def test_cells_seeing_two_neighbours_of_the_chain_are_a_pairs_not_a_remote_pairs():
    chain = (cell(1, 1), cell(1, 5), cell(5, 5), cell(5, 9))
    marks = open_board(pencilled={at: {1, 2} for at in chain})
    marks.eliminate(cell(1, 9), 1)
    marks.eliminate(cell(1, 9), 2)
    [step] = find_remote_pair(marks)
    assert step.eliminations == ((cell(5, 1), 1), (cell(5, 1), 2))  # not r1c2..r1c4


def test_a_longer_remote_pair_removes_where_any_two_cells_of_opposite_parity_are_seen():
    chain = [(1, 1), (1, 4), (4, 4), (4, 7), (7, 7), (7, 9)]
    marks = open_board(pencilled={cell(*at): {3, 8} for at in chain})
    ends = {((1, 1), (4, 7)), ((1, 4), (7, 7)), ((4, 4), (7, 9)), ((1, 1), (7, 9))}
    steps = list(find_remote_pair(marks))
    assert {(s.pattern.cells[0], s.pattern.cells[-1]) for s in steps} == {
        (cell(*a), cell(*b)) for a, b in ends
    }
    seen = [(1, 7), (4, 1), (7, 4), (4, 9), (1, 9), (7, 1)]
    assert removed(steps) == {(cell(*at), d) for at in seen for d in (3, 8)}
    assert all(len(s.pattern.cells) in (4, 6) for s in steps)


def test_two_neighbours_on_a_loop_end_the_chain_the_other_way_round():
    loop = (cell(1, 1), cell(1, 5), cell(5, 5), cell(5, 1))
    marks = open_board(pencilled={at: {1, 2} for at in loop})
    steps = [s for s in find_remote_pair(marks) if s.params["chain"][0] == cell(1, 1)]
    first = next(s for s in steps if s.params["chain"][-1] == cell(1, 5))
    assert first.params["chain"] == (cell(1, 1), cell(5, 1), cell(5, 5), cell(1, 5))
    assert removed([first]) == {(cell(1, col), d) for col in (2, 3, 4, 6, 7, 8, 9) for d in (1, 2)}


def test_cells_of_one_pair_that_cannot_take_it_by_turns_are_left_alone():
    triangle = (cell(1, 1), cell(1, 2), cell(2, 1))  # three cells, two digits: broken marks
    marks = open_board(pencilled={at: {1, 2} for at in (*triangle, cell(1, 9), cell(9, 1))})
    assert list(find_remote_pair(marks)) == []


def link_on(marks, digit: int, row: int, cols) -> None:
    """Leave ``digit`` in a 1-based ``row`` only at the 1-based ``cols``: a strong link."""
    for col in range(1, marks.shape.size + 1):
        if col not in cols:
            marks.eliminate(cell(row, col, marks.shape), digit)


def test_a_w_wing_removes_its_other_digit_where_both_cells_are_seen():
    first, second = cell(1, 1), cell(5, 9)
    marks = open_board(pencilled={first: {1, 2}, second: {1, 2}})
    link_on(marks, 1, 9, (1, 9))
    [step] = find_w_wing(marks)
    assert step.eliminations == ((cell(1, 9), 2), (cell(5, 1), 2))
    assert step.pattern.cells == (first, cell(9, 1), cell(9, 9), second)
    assert step.pattern.units == (unit(STANDARD, "row", 9),)
    assert step.pattern.digits == (1, 2)
    assert [link.strong for link in step.pattern.links] == [True, False, True, False, True]
    assert step.params == {
        "cells": (first, second),
        "digit": 2,
        "link_digit": 1,
        "link": (cell(9, 1), cell(9, 9)),
        "unit": ("row", 9),
    }


def test_a_w_wing_needs_each_end_of_the_link_to_see_one_cell():
    marks = open_board(pencilled={cell(1, 1): {1, 2}, cell(5, 8): {1, 2}})
    link_on(marks, 1, 9, (1, 9))  # r9c9 does not see r5c8
    assert list(find_w_wing(marks)) == []


def test_two_cells_of_one_pair_that_see_each_other_make_no_w_wing():
    marks = open_board(pencilled={cell(1, 1): {1, 2}, cell(1, 9): {1, 2}})
    link_on(marks, 1, 9, (1, 9))
    assert list(find_w_wing(marks)) == []


def test_a_link_ending_at_one_of_the_cells_makes_no_w_wing():
    marks = open_board(pencilled={cell(1, 1): {1, 2}, cell(5, 9): {1, 2}})
    link_on(marks, 1, 1, (1, 9))  # row 1's link ends at r1c1, one of the cells
    for row in (2, 3, 4, 6, 7, 8, 9):
        marks.eliminate(cell(row, 9), 1)  # column 9's ends at r5c9, the other
    assert list(find_w_wing(marks)) == []


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


@pytest.mark.parametrize(("box_rows", "box_cols"), [(2, 2), (2, 3), (4, 4)])
def test_remote_pairs_and_w_wings_work_on_every_shape(box_rows, box_cols):
    board = shape(box_rows, box_cols)
    far = board.size
    chain = (
        cell(1, 1, board),
        cell(1, far, board),
        cell(far, far, board),
        cell(far, far - 1, board),
    )
    marks = open_board(board, {at: {1, 2} for at in chain})
    seen = (cell(1, far - 1, board), cell(far, 1, board))
    assert removed(find_remote_pair(marks)) == {(c, d) for c in seen for d in (1, 2)}
    first, second = cell(1, 1, board), cell(box_rows + 1, far, board)
    marks = open_board(board, {first: {1, 2}, second: {1, 2}})
    link_on(marks, 1, far, (1, far))
    [step] = find_w_wing(marks)
    assert step.eliminations == ((cell(1, far, board), 2), (cell(box_rows + 1, 1, board), 2))


@pytest.mark.slow  # a sweep over shared puzzles; the full suite runs it
@pytest.mark.parametrize("name", ["top1465.txt", "forum_hardest_1106.txt"])
def test_every_wing_on_the_way_agrees_with_the_solution(name):
    checked = sum(checked_steps(puzzle, finders(wings.TECHNIQUES)) for puzzle in sample(name, 25))
    assert checked > 100  # measured: about 2,000 in each set


@pytest.mark.slow
@pytest.mark.parametrize("name", ["top1465.txt", "forum_hardest_1106.txt"])
@pytest.mark.parametrize("technique", ["remote-pair", "w-wing"])
def test_every_remote_pair_and_w_wing_alone_agrees_with_the_solution(technique, name):
    alone = {technique: finders(wings.TECHNIQUES)[technique]}
    checked = sum(checked_steps(puzzle, alone) for puzzle in sample(name, 25))
    assert checked > 100  # measured: 169 and 338 remote pairs, 557 and 964 w-wings
