"""Uniqueness: four corners of two rows, two columns and two boxes must not
end holding only two digits, and a bivalue universal grave must not be left,
so each rule removes or places what would let them.

Most boards here are open boards with a few cells pencilled in: a rectangle
at r1c1, r1c4, r3c1, r3c4 (boxes 1 and 2) about the digits 1 and 2. The
soundness rule at the end walks shared puzzles, each with one solution, with
the earlier families first.
"""

import pytest

from solver.engine import techniques
from solver.engine.board import STANDARD, shape
from solver.engine.marks import mask_of
from solver.engine.techniques import finders, uniqueness
from solver.engine.techniques.uniqueness import (
    UNIQUENESS,
    find_bug_plus_one,
    find_hidden_rectangle,
    find_unique_rectangle_1,
    find_unique_rectangle_2,
    find_unique_rectangle_3,
    find_unique_rectangle_4,
)
from tests.support.boards import cell, checked_steps, open_board, unit
from tests.support.puzzles import sample

A, B, C, D = cell(1, 1), cell(1, 4), cell(3, 1), cell(3, 4)  # the rectangle's corners


def removing(marks, digit, cells):
    """``marks`` with ``digit`` taken out of ``cells``."""
    for at in cells:
        marks.eliminate(at, digit)
    return marks


def others_in_row(row, *but):
    """The cells of a row of the standard board but ``but``."""
    return [cell(row, col) for col in range(1, 10) if cell(row, col) not in but]


# Type 1.


def test_a_type_1_takes_the_pair_out_of_the_fourth_corner():
    marks = open_board(pencilled={A: {1, 2}, B: {1, 2}, C: {1, 2}, D: {1, 2, 3, 7}})
    [step] = find_unique_rectangle_1(marks)
    assert step.eliminations == ((D, 1), (D, 2))
    assert step.message == "unique-rectangle-1"
    assert step.params == {"digits": (1, 2), "cells": (A, B, C, D), "cell": D}
    assert step.pattern.cells == (A, B, C, D)
    assert step.pattern.digits == (1, 2)


def test_a_fourth_corner_that_lost_one_of_the_pair_loses_the_other():
    marks = open_board(pencilled={A: {1, 2}, B: {1, 2}, C: {1, 2}, D: {2, 3}})
    [step] = find_unique_rectangle_1(marks)
    assert step.eliminations == ((D, 2),)


def test_corners_in_four_boxes_make_no_rectangle():
    far = cell(5, 5)
    corners = {A: {1, 2}, cell(1, 5): {1, 2}, cell(5, 1): {1, 2}, far: {1, 2, 3}}
    assert list(find_unique_rectangle_1(open_board(pencilled=corners))) == []


def test_a_corner_left_with_one_digit_of_the_pair_is_left_to_the_singles():
    # Taking its last candidate out would break the board, not the rectangle.
    marks = open_board(pencilled={A: {1, 2}, B: {1, 2}, C: {1, 2}, D: {2}})
    assert list(find_unique_rectangle_1(marks)) == []


def test_a_placed_corner_makes_no_rectangle():
    marks = open_board(pencilled={A: {1, 2}, B: {1, 2}, C: {1, 2}})
    marks.place(D, 3)
    assert list(find_unique_rectangle_1(marks)) == []


# Type 2.


def test_a_type_2_takes_the_roofs_extra_digit_out_of_the_cells_seeing_both():
    marks = open_board(pencilled={A: {1, 2}, B: {1, 2}, C: {1, 2, 3}, D: {1, 2, 3}})
    [step] = find_unique_rectangle_2(marks)
    assert step.eliminations == tuple((c, 3) for c in others_in_row(3, C, D))
    assert step.params == {"digits": (1, 2), "cells": (A, B, C, D), "roof": (C, D), "extra": 3}
    assert step.pattern.digits == (1, 2, 3)
    assert step.pattern.units == (unit(STANDARD, "row", 3),)


def test_a_roof_in_one_box_clears_its_box_too():
    top, bottom = cell(1, 2), cell(4, 2)  # a rectangle in boxes 1 and 4
    pencilled = {A: {1, 2}, top: {1, 2}, cell(4, 1): {1, 2, 3}, bottom: {2, 3}}
    [step] = find_unique_rectangle_2(open_board(pencilled=pencilled))
    box = unit(STANDARD, "box", 4).cells
    seen = sorted(set(others_in_row(4, cell(4, 1), bottom)) | set(box) - {cell(4, 1), bottom})
    assert step.eliminations == tuple((c, 3) for c in seen)


def test_roof_corners_with_different_extra_digits_make_no_type_2():
    marks = open_board(pencilled={A: {1, 2}, B: {1, 2}, C: {1, 2, 3}, D: {1, 2, 4}})
    assert list(find_unique_rectangle_2(marks)) == []


# Type 3.


def test_a_type_3_roof_acts_as_one_cell_of_a_naked_subset():
    subset = cell(3, 7)
    pencilled = {A: {1, 2}, B: {1, 2}, C: {1, 2, 3}, D: {1, 2, 4}, subset: {3, 4}}
    [step] = find_unique_rectangle_3(open_board(pencilled=pencilled))
    rest = others_in_row(3, C, D, subset)
    assert step.eliminations == tuple((c, d) for c in rest for d in (3, 4))
    assert step.params == {
        "digits": (1, 2),
        "cells": (A, B, C, D),
        "roof": (C, D),
        "extras": (3, 4),
        "subset": (subset,),
        "subset_digits": (3, 4),
        "unit": ("row", 3),
    }
    assert step.pattern.digits == (1, 2, 3, 4)


def test_a_type_3_subset_may_take_more_cells():
    pencilled = {A: {1, 2}, B: {1, 2}, C: {1, 2, 3}, D: {1, 2, 4}}
    pencilled |= {cell(3, 7): {3, 5}, cell(3, 8): {4, 5}}
    [step] = find_unique_rectangle_3(open_board(pencilled=pencilled))
    assert step.params["subset"] == (cell(3, 7), cell(3, 8))
    assert step.params["subset_digits"] == (3, 4, 5)
    rest = others_in_row(3, C, D, cell(3, 7), cell(3, 8))
    assert step.eliminations == tuple((c, d) for c in rest for d in (3, 4, 5))


# Type 4.


def test_a_type_4_takes_the_other_digit_out_of_the_roof():
    marks = open_board(pencilled={A: {1, 2}, B: {1, 2}, C: {1, 2, 3}, D: {1, 2, 5}})
    removing(marks, 1, others_in_row(3, C, D))
    [step] = find_unique_rectangle_4(marks)
    assert step.eliminations == ((C, 2), (D, 2))
    assert step.params == {
        "digits": (1, 2),
        "cells": (A, B, C, D),
        "roof": (C, D),
        "digit": 1,
        "unit": ("row", 3),
    }


def test_a_digit_with_other_places_in_the_roofs_unit_makes_no_type_4():
    marks = open_board(pencilled={A: {1, 2}, B: {1, 2}, C: {1, 2, 3}, D: {1, 2, 5}})
    removing(marks, 1, others_in_row(3, C, D, cell(3, 9)))
    assert list(find_unique_rectangle_4(marks)) == []


def test_a_digit_placed_elsewhere_in_the_roofs_unit_makes_no_type_4():
    # No roof corner can be 1, so nothing makes one of them 2.
    marks = open_board(pencilled={A: {1, 2}, B: {1, 2}, C: {2, 3}, D: {2, 5}})
    marks.place(cell(3, 9), 1)
    assert list(find_unique_rectangle_4(marks)) == []


# Hidden rectangle.


def hidden_board():
    """A floor corner at A; 1 has no place in row 3 or column 4 but the
    rectangle's corners there."""
    marks = open_board(pencilled={A: {1, 2}, B: {1, 2, 4}, C: {1, 2, 5}, D: {1, 2, 3}})
    removing(marks, 1, others_in_row(3, C, D))
    return removing(marks, 1, [c for c in unit(STANDARD, "column", 4).cells if c not in (B, D)])


def test_a_hidden_rectangle_takes_the_other_digit_out_of_the_opposite_corner():
    [step] = find_hidden_rectangle(hidden_board())
    assert step.eliminations == ((D, 2),)
    assert step.params == {
        "digits": (1, 2),
        "cells": (A, B, C, D),
        "cell": D,
        "digit": 1,
        "units": (("row", 3), ("column", 4)),
    }
    assert step.pattern.units == (unit(STANDARD, "row", 3), unit(STANDARD, "column", 4))


def test_a_hidden_rectangle_needs_the_link_in_the_row_and_the_column():
    marks = hidden_board()
    marks.candidates[cell(7, 4)] |= mask_of([1])
    assert list(find_hidden_rectangle(marks)) == []


def test_a_digit_placed_in_the_opposite_corners_row_links_nothing():
    # 1 has no place in row 3 at all: it is placed there already, so nothing
    # forces it into C, and D may well be 2.
    marks = open_board(pencilled={A: {1, 2}, B: {1, 2, 4}, C: {2, 5}, D: {2, 3}})
    marks.place(cell(3, 9), 1)
    removing(marks, 1, [c for c in unit(STANDARD, "column", 4).cells if c != B])
    assert list(find_hidden_rectangle(marks)) == []


# Bug-plus-one.


def grave_plus_one():
    """A 4x4 board whose every cell holds two candidates, each digit twice in
    every unit (the solution below and its 1<->2, 3<->4 twin), and one cell
    with a 3 besides: 3 is then thrice in that cell's row, column and box."""
    board = shape(2, 2)
    solution = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    twin = {1: 2, 2: 1, 3: 4, 4: 3}
    pencilled = {c: {d, twin[d]} for c, d in enumerate(solution)}
    pencilled[0] = {1, 2, 3}
    return open_board(board, pencilled)


def test_bug_plus_one_places_the_digit_thrice_in_its_units():
    [step] = find_bug_plus_one(grave_plus_one())
    assert step.placements == ((0, 3),)
    assert step.eliminations == ()
    assert step.params == {"cell": 0, "digit": 3}
    assert step.pattern.digits == (3,)


def test_a_digit_thrice_in_only_one_unit_is_no_bug_plus_one():
    marks = grave_plus_one()
    # 3 is still thrice in row 1, but only twice in column 1 and box 1, and
    # 1 is now thrice in column 1: without the 3 this is no grave.
    marks.candidates[cell(4, 1, marks.shape)] = mask_of([1, 4])
    assert list(find_bug_plus_one(marks)) == []


def test_a_second_cell_of_three_candidates_is_no_bug_plus_one():
    marks = grave_plus_one()
    marks.candidates[cell(4, 4, marks.shape)] = mask_of([1, 2, 3])
    assert list(find_bug_plus_one(marks)) == []


# Every shape, and the teacher's gate.


@pytest.mark.parametrize(("box_rows", "box_cols"), [(2, 2), (2, 3), (4, 4)])
def test_unique_rectangles_work_on_every_shape(box_rows, box_cols):
    board = shape(box_rows, box_cols)
    right = box_cols + 1  # the first column of the second box
    a, b = cell(1, 1, board), cell(1, right, board)
    c, d = cell(2, 1, board), cell(2, right, board)
    marks = open_board(board, {a: {1, 2}, b: {1, 2}, c: {1, 2}, d: {1, 2, 3}})
    assert [s.eliminations for s in find_unique_rectangle_1(marks)] == [((d, 1), (d, 2))]
    marks = open_board(board, {a: {1, 2}, b: {1, 2}, c: {1, 2, 3}, d: {1, 2, 3}})
    [step] = find_unique_rectangle_2(marks)
    row = [x for x in unit(board, "row", 2).cells if x not in (c, d)]
    assert step.eliminations == tuple((x, 3) for x in row)


def test_the_teacher_can_tell_the_uniqueness_techniques_apart():
    assert sorted(UNIQUENESS) == [
        "bug-plus-one",
        "hidden-rectangle",
        "unique-rectangle-1",
        "unique-rectangle-2",
        "unique-rectangle-3",
        "unique-rectangle-4",
    ]
    assert techniques.UNIQUENESS == UNIQUENESS  # the set the teacher's gate reads
    assert set(techniques.TECHNIQUES) >= UNIQUENESS


@pytest.mark.slow  # a sweep over shared puzzles; the full suite runs it
@pytest.mark.parametrize("name", ["top1465.txt", "forum_hardest_1106.txt"])
def test_every_uniqueness_step_on_the_way_agrees_with_the_solution(name):
    checked = sum(
        checked_steps(puzzle, finders(uniqueness.TECHNIQUES)) for puzzle in sample(name, 25)
    )
    assert checked > 500  # measured: about 2,400 and 1,800
