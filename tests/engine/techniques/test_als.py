"""Almost locked sets: two ALSs joined by a restricted common digit remove
their other shared digit where it sees both (als-xz), joined by two they
lock their digits (als-xz/double), three joined through a hinge remove a
shared digit of the two ends (als-xy-wing); and a Sue de Coq splits a
crossing's digits between its line and its box.

The boards below pencil a few cells and leave every other cell with every
digit, which no ALS of at most six cells can include on a 9x9 board (or a
16x16 one), so the ALSs are the pencilled ones. The soundness rule at the
end walks shared puzzles with the earlier families first.
"""

import pytest

from solver.engine.board import shape
from solver.engine.marks import Marks
from solver.engine.techniques import als, finders
from solver.engine.techniques.als import find_als_xy_wing, find_als_xz, find_sue_de_coq
from tests.support.boards import cell, checked_steps, open_board, unit
from tests.support.puzzles import sample


def test_an_als_xz_removes_the_shared_digit_where_it_sees_both_sets():
    # A: r1c1 {1,2}; B: r5c1 {1,3}, r5c5 {3,4}, r5c9 {2,4}. 1 in r1c1 and r5c1
    # cannot both be true, so A or B is locked without it, and holds 2.
    bivalue, row = (cell(1, 1),), (cell(5, 1), cell(5, 5), cell(5, 9))
    marks = open_board(
        pencilled={bivalue[0]: {1, 2}, row[0]: {1, 3}, row[1]: {3, 4}, row[2]: {2, 4}}
    )
    first, second = find_als_xz(marks)
    assert first.eliminations == ((cell(1, 9), 2),)
    assert first.message == "als-xz"
    assert first.params == {
        "als": (bivalue, row),
        "units": (("row", 1), ("row", 5)),
        "digits": ((1, 2), (1, 2, 3, 4)),
        "rcc": (1,),
        "z": (2,),
    }
    assert first.pattern.cells == tuple(sorted(bivalue + row))
    assert first.pattern.digits == (1, 2, 3, 4)
    # The same removal read another way: r5c5 and r5c9 against column 1's r1c1 and r5c1.
    assert second.params["als"] == ((cell(5, 5), cell(5, 9)), (cell(1, 1), cell(5, 1)))
    assert second.params["rcc"] == (3,)
    assert second.eliminations == first.eliminations


def test_an_als_xz_with_nothing_to_remove_is_not_found():
    pencilled = {cell(1, 1): {1, 2}, cell(5, 1): {1, 3}, cell(5, 5): {3, 4}, cell(5, 9): {2, 4}}
    marks = open_board(pencilled=pencilled)
    assert list(find_als_xz(marks))  # and asked again on a changed board:
    marks.eliminate(cell(1, 9), 2)
    assert list(find_als_xz(marks)) == []


def test_a_shared_digit_whose_places_do_not_all_see_each_other_links_nothing():
    # 1 of B is in r5c1 and r5c2: r5c2 does not see r1c1.
    pencilled = {cell(1, 1): {1, 2}, cell(5, 1): {1, 3}, cell(5, 2): {1, 4}, cell(5, 9): {2, 3, 4}}
    marks = open_board(pencilled=pencilled)
    assert all((cell(1, 9), 2) not in step.eliminations for step in find_als_xz(marks))


def test_a_doubly_linked_als_xz_locks_each_sets_digits_and_both_links():
    # A: r2c1 {1,5}, r2c2 {2,5}; B: r5c1 {1,6}, r5c2 {2,6}: restricted on 1
    # (column 1) and 2 (column 2). A keeps 5, B keeps 6, 1 and 2 each lie in A or B.
    a, b = (cell(2, 1), cell(2, 2)), (cell(5, 1), cell(5, 2))
    marks = open_board(pencilled={a[0]: {1, 5}, a[1]: {2, 5}, b[0]: {1, 6}, b[1]: {2, 6}})
    steps = [step for step in find_als_xz(marks) if step.params["als"] == (a, b)]
    [step] = steps
    assert step.message == "als-xz/double"
    assert step.params["rcc"] == (1, 2)
    pattern = set(a + b)

    def removed(cells, digit):
        return {(c, digit) for c in cells if c not in pattern}

    expected = (
        removed(unit(marks.shape, "row", 2).cells + unit(marks.shape, "box", 1).cells, 5)
        | removed(unit(marks.shape, "row", 5).cells + unit(marks.shape, "box", 4).cells, 6)
        | removed(unit(marks.shape, "column", 1).cells, 1)
        | removed(unit(marks.shape, "column", 2).cells, 2)
    )
    assert step.eliminations == tuple(sorted(expected))


def test_a_doubly_linked_als_xz_leaves_the_cells_of_both_sets_alone():
    # B: r3c1 {1,7}, r3c2 {2,7}, r3c3 {5,7}, r3c9 {5,8}, restricted with A on
    # 1 and 2. A's 5 is locked in A, and r3c3 sees both its places, but as
    # the technique is taught, a set's digit leaves only cells outside both.
    a = (cell(2, 1), cell(2, 2))
    b = (cell(3, 1), cell(3, 2), cell(3, 3), cell(3, 9))
    pencilled = dict(zip(a, ({1, 5}, {2, 5}), strict=True))
    pencilled |= dict(zip(b, ({1, 7}, {2, 7}, {5, 7}, {5, 8}), strict=True))
    marks = open_board(pencilled=pencilled)
    [step] = [step for step in find_als_xz(marks) if step.params["als"] == (a, b)]
    assert step.message == "als-xz/double"
    assert (cell(1, 1), 5) in step.eliminations
    assert all(c not in a + b for c, _ in step.eliminations)


def test_an_als_xy_wing_removes_the_ends_shared_digit_where_it_sees_both_ends():
    # Hinge C: r5c5 {1,2}; A: r1c5 {1,4}, r1c7 {3,4} (1 with C in column 5);
    # B: r5c1 {2,6}, r6c2 {3,6} (2 with C in row 5). C holds 1 or 2, so A or
    # B is locked, and 3 is in one of them.
    a, b, hinge = (cell(1, 5), cell(1, 7)), (cell(5, 1), cell(6, 2)), (cell(5, 5),)
    pencilled = {hinge[0]: {1, 2}, a[0]: {1, 4}, a[1]: {3, 4}, b[0]: {2, 6}, b[1]: {3, 6}}
    marks = open_board(pencilled=pencilled)
    steps = list(find_als_xy_wing(marks))
    [step] = [step for step in steps if step.params["als"] == (a, b, hinge)]
    assert step.message == "als-xy-wing"
    assert step.eliminations == ((cell(1, 2), 3), (cell(6, 7), 3))
    assert step.params["rcc"] == (1, 2)
    assert step.params["z"] == (3,)
    assert step.params["units"] == (("row", 1), ("box", 4), ("row", 5))
    assert step.pattern.digits == (1, 2, 3, 4, 6)
    # The same five cells make other wings (r1c5 and r5c5 are an ALS of
    # column 5, for one); they all remove the same 3s.
    assert {s.eliminations for s in steps} == {step.eliminations}
    assert list(find_als_xz(marks)) == []  # no two of them alone make it


def test_ends_linked_through_the_hinge_by_the_same_digit_make_no_wing():
    # A and B both share only 1 with the hinge: C may hold 2 and free both.
    pencilled = {cell(5, 5): {1, 2}, cell(1, 5): {1, 3}, cell(5, 1): {1, 3}}
    marks = open_board(pencilled=pencilled)
    assert list(find_als_xy_wing(marks)) == []


def test_a_sue_de_coq_splits_the_crossings_digits_between_line_and_box():
    # r1c1 {1,2,3}, r1c2 {1,2,4} hold four digits in two cells; r1c7 {1,2}
    # takes one of 1, 2 in the row, r3c3 {3,4} one of 3, 4 in the box.
    core, line_cell, box_cell = (cell(1, 1), cell(1, 2)), cell(1, 7), cell(3, 3)
    pencilled = {core[0]: {1, 2, 3}, core[1]: {1, 2, 4}, line_cell: {1, 2}, box_cell: {3, 4}}
    marks = open_board(pencilled=pencilled)
    [step] = find_sue_de_coq(marks)
    row = [c for c in unit(marks.shape, "row", 1).cells if c not in (*core, line_cell)]
    box = [c for c in unit(marks.shape, "box", 1).cells if c not in (*core, box_cell)]
    expected = {(c, d) for c in row for d in (1, 2)} | {(c, d) for c in box for d in (3, 4)}
    assert step.eliminations == tuple(sorted(expected))  # r1c3, in both, loses all four
    assert step.params == {
        "cells": core,
        "line_cells": (line_cell,),
        "box_cells": (box_cell,),
        "line": ("row", 1),
        "box": ("box", 1),
        "digits": (1, 2, 3, 4),
        "line_digits": (1, 2),
        "box_digits": (3, 4),
        "z": (1, 2, 3, 4),
    }
    assert step.pattern.units == (unit(marks.shape, "row", 1), unit(marks.shape, "box", 1))


def test_a_sue_de_coq_group_may_bring_a_digit_of_its_own_which_leaves_its_unit():
    # The line's group r1c7 {1,6}, r1c8 {2,6}: two cells, one digit of its own (6).
    core = (cell(1, 1), cell(1, 2))
    pencilled = {
        core[0]: {1, 2, 3},
        core[1]: {1, 2, 4},
        cell(1, 7): {1, 6},
        cell(1, 8): {2, 6},
        cell(3, 3): {3, 4},
    }
    marks = open_board(pencilled=pencilled)
    [step] = find_sue_de_coq(marks)
    assert step.params["line_cells"] == (cell(1, 7), cell(1, 8))
    assert (cell(1, 9), 6) in step.eliminations
    assert (cell(2, 1), 6) not in step.eliminations


def test_groups_sharing_a_digit_make_no_sue_de_coq():
    pencilled = {
        cell(1, 1): {1, 2, 3},
        cell(1, 2): {1, 2, 4},
        cell(1, 7): {1, 2},
        cell(3, 3): {2, 4},
    }
    assert list(find_sue_de_coq(open_board(pencilled=pencilled))) == []


def test_a_crossing_with_one_digit_to_spare_makes_no_sue_de_coq():
    pencilled = {cell(1, 1): {1, 2}, cell(1, 2): {1, 3}, cell(1, 7): {1, 2}, cell(3, 3): {3, 4}}
    assert list(find_sue_de_coq(open_board(pencilled=pencilled))) == []


def test_the_family_works_on_a_16x16_board():
    board = shape(4, 4)
    far = board.size
    # The ALS-XZ of the first test, stretched: row 5's B ends in the last column.
    b_cells = (cell(5, 1, board), cell(5, 5, board), cell(5, far, board))
    pencilled = {cell(1, 1, board): {1, 2}, b_cells[0]: {1, 3}, b_cells[1]: {3, 4}}
    marks = open_board(board, {**pencilled, b_cells[2]: {2, 4}})
    assert [s.eliminations for s in find_als_xz(marks)] == [((cell(1, far, board), 2),)] * 2
    # The Sue de Coq of the first one, in row 1 and box 1 (four columns wide).
    core = (cell(1, 1, board), cell(1, 2, board))
    pencilled = {core[0]: {1, 2, 3}, core[1]: {1, 2, 4}, cell(1, 9, board): {1, 2}}
    marks = open_board(board, {**pencilled, cell(3, 3, board): {3, 4}})
    [step] = find_sue_de_coq(marks)
    assert (cell(1, far, board), 1) in step.eliminations
    assert (cell(4, 4, board), 3) in step.eliminations


@pytest.mark.parametrize(("box_rows", "box_cols"), [(2, 2), (2, 3)])
def test_the_family_works_on_small_boards(box_rows, box_cols):
    """On small boards, full cells make ALSs too (three of a 4x4 unit hold
    four digits): the designed instance is among those found."""
    board = shape(box_rows, box_cols)
    far = board.size
    pencilled = {cell(1, 1, board): {1, 2}, cell(far, 1, board): {1, 3}}
    marks = open_board(board, {**pencilled, cell(far, far, board): {2, 3}})
    target = (cell(1, far, board), 2)
    assert any(target in step.eliminations for step in find_als_xz(marks))
    assert any(target in step.eliminations for step in find_als_xy_wing(marks))


def test_the_last_boards_sets_are_not_used_for_another_board():
    marks = open_board(pencilled={cell(1, 1): {1, 2}, cell(1, 5): {1, 3}, cell(5, 1): {2, 3}})
    assert list(find_als_xz(marks))
    other = Marks(marks.shape, list(marks.digits), list(marks.candidates))
    other.candidates[cell(1, 5)] = 0b111111111
    assert list(find_als_xz(other)) == []


@pytest.mark.slow  # a sweep over shared puzzles; the full suite runs it
@pytest.mark.parametrize("name", ["top1465.txt", "forum_hardest_1106.txt"])
def test_every_als_step_on_the_way_agrees_with_the_solution(name):
    # Few puzzles: walked with the simplest families only, the boards keep
    # many candidates, and each holds hundreds of wings to check.
    checked = sum(checked_steps(puzzle, finders(als.TECHNIQUES)) for puzzle in sample(name, 4))
    assert checked > 10_000  # measured: over 200,000 in each set
