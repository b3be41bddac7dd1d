"""Single-digit patterns: a skyscraper, a two-string kite or a turbot fish
removes its digit from the cells that see both tips of its two strong links;
an empty rectangle, from the cell its box's cross and a strong link point at.

The soundness rule at the end walks shared puzzles with the earlier
families first, so the patterns are asked on boards those leave stuck.
"""

import pytest

from solver.engine.board import STANDARD, Shape, shape
from solver.engine.marks import Marks
from solver.engine.techniques import finders
from solver.engine.techniques.single_digit import TECHNIQUES as ROWS
from solver.engine.techniques.single_digit import (
    find_empty_rectangle,
    find_skyscraper,
    find_turbot_fish,
    find_two_string_kite,
)
from tests.support.boards import cell, checked_steps, open_board
from tests.support.puzzles import sample

TECHNIQUES = finders(ROWS)  # this family's finders, by id


def keep_only(marks: Marks, digit: int, row: int, cols, board: Shape = STANDARD) -> None:
    """Leave ``digit`` in a 1-based ``row`` only at the 1-based ``cols``."""
    for col in range(1, board.size + 1):
        if col not in cols:
            marks.eliminate(cell(row, col, board), digit)


def keep_only_in_column(marks: Marks, digit: int, col: int, rows, board: Shape = STANDARD) -> None:
    """Leave ``digit`` in a 1-based column only at the 1-based ``rows``."""
    for row in range(1, board.size + 1):
        if row not in rows:
            marks.eliminate(cell(row, col, board), digit)


def keep_only_in_box(marks: Marks, digit: int, box: int, cells, board: Shape = STANDARD) -> None:
    """Leave ``digit`` in a 1-based box only at ``cells``."""
    for at in board.units[2 * board.size + box - 1].cells:
        if at not in cells:
            marks.eliminate(at, digit)


def test_a_skyscraper_removes_its_digit_where_both_tips_are_seen():
    marks = open_board()
    keep_only(marks, 1, 1, (1, 5))
    keep_only(marks, 1, 5, (1, 6))
    [step] = find_skyscraper(marks)
    seen = [cell(2, 6), cell(3, 6), cell(4, 5), cell(6, 5)]
    assert step.eliminations == tuple((c, 1) for c in seen)
    assert step.pattern.cells == (cell(1, 5), cell(1, 1), cell(5, 1), cell(5, 6))
    assert [link.strong for link in step.pattern.links] == [True, False, True]
    assert step.params == {
        "digit": 1,
        "tips": (cell(1, 5), cell(5, 6)),
        "units": (("row", 1), ("row", 5)),
    }
    assert list(find_two_string_kite(marks)) == []


def test_a_skyscraper_stands_on_columns_too():
    marks = open_board()
    keep_only_in_column(marks, 4, 2, (2, 9))
    keep_only_in_column(marks, 4, 8, (3, 9))
    [step] = find_skyscraper(marks)
    seen = [cell(3, 1), cell(3, 3), cell(2, 7), cell(2, 9)]
    assert sorted(step.eliminations) == sorted((c, 4) for c in seen)


def test_tips_in_one_column_make_an_x_wing_not_a_skyscraper():
    marks = open_board()
    keep_only(marks, 1, 1, (1, 5))
    keep_only(marks, 1, 5, (1, 5))
    assert list(find_skyscraper(marks)) == []


def test_a_two_string_kite_removes_its_digit_where_both_tips_are_seen():
    marks = open_board()
    keep_only(marks, 1, 1, (2, 7))
    keep_only_in_column(marks, 1, 1, (3, 8))
    [step] = find_two_string_kite(marks)
    assert step.eliminations == ((cell(8, 7), 1),)
    assert step.pattern.cells == (cell(1, 7), cell(1, 2), cell(3, 1), cell(8, 1))
    assert step.params["units"] == (("row", 1), ("column", 1), ("box", 1))
    assert list(find_skyscraper(marks)) == []


def test_a_row_link_inside_one_box_flies_no_kite():
    marks = open_board()
    keep_only(marks, 1, 1, (2, 3))
    keep_only_in_column(marks, 1, 1, (3, 8))
    assert list(find_two_string_kite(marks)) == []


@pytest.mark.parametrize(("box_rows", "box_cols"), [(2, 2), (2, 3), (4, 4)])
def test_single_digit_patterns_work_on_every_shape(box_rows, box_cols):
    board = shape(box_rows, box_cols)
    far = board.size
    marks = open_board(board)
    keep_only(marks, 1, 1, (1, far), board)
    keep_only(marks, 1, far, (1, far - 1), board)
    [step] = find_skyscraper(marks)
    assert (cell(2, far - 1, board), 1) in step.eliminations
    marks = open_board(board)
    keep_only(marks, 1, 1, (2, far), board)
    for row in range(3, far):
        marks.eliminate(cell(row, 1, board), 1)  # column 1 keeps rows 1, 2 and far
    marks.eliminate(cell(1, 1, board), 1)
    [kite] = find_two_string_kite(marks)
    assert kite.eliminations == ((cell(far, far, board), 1),)


def test_two_kites_on_the_same_two_box_cells_are_also_one_dual_step():
    # Row 1 and column 1 meet in box 1 at r1c3 and r3c1; so do row 3 and column 3.
    marks = open_board()
    keep_only(marks, 1, 1, (3, 8))
    keep_only_in_column(marks, 1, 1, (3, 7))
    keep_only(marks, 1, 3, (1, 9))
    keep_only_in_column(marks, 1, 3, (1, 6))
    one, two, dual = find_two_string_kite(marks)
    assert (one.eliminations, two.eliminations) == (((cell(7, 8), 1),), ((cell(6, 9), 1),))
    assert dual.message == "two-string-kite/dual"
    assert dual.eliminations == tuple(sorted(one.eliminations + two.eliminations))
    assert dual.params == {
        "digits": (1, 1),
        "tips": ((cell(1, 8), cell(7, 1)), (cell(3, 9), cell(6, 3))),
        "box": ("box", 1),
    }


def test_kites_of_two_digits_on_the_same_box_cells_make_a_dual_of_both_digits():
    # HoDoKu's library lists such pairs as one dual kite (its lines 836, 838).
    marks = open_board()
    for digit, far in ((1, 7), (2, 8)):
        keep_only(marks, digit, 1, (2, 7))
        keep_only_in_column(marks, digit, 1, (3, far))
    *kites, dual = find_two_string_kite(marks)
    assert [kite.params["digit"] for kite in kites] == [1, 2]
    assert dual.pattern.digits == (1, 2)
    assert set(dual.eliminations) == {(cell(7, 7), 1), (cell(8, 7), 2)}


def test_a_turbot_fish_joins_a_line_link_to_a_box_link_through_a_crossing_line():
    # Row 2 holds 1 at c2 and c7; box 7 at r7c2 and r9c3; r2c2 and r7c2 share column 2.
    marks = open_board()
    keep_only(marks, 1, 2, (2, 7))
    keep_only_in_box(marks, 1, 7, (cell(7, 2), cell(9, 3)))
    assert list(find_skyscraper(marks)) == list(find_two_string_kite(marks)) == []
    [step] = find_turbot_fish(marks)
    assert step.technique == step.message == "turbot-fish"
    assert step.eliminations == ((cell(9, 7), 1),)
    assert step.pattern.cells == (cell(2, 7), cell(2, 2), cell(7, 2), cell(9, 3))
    assert step.params == {
        "digit": 1,
        "tips": (cell(2, 7), cell(9, 3)),
        "units": (("row", 2), ("box", 7)),
    }


def test_a_turbot_fish_is_never_a_skyscraper_an_x_wing_or_a_kite_again():
    for rows in (((1, (1, 5)), (5, (1, 6))), ((1, (1, 5)), (5, (1, 5)))):
        marks = open_board()
        for row, cols in rows:
            keep_only(marks, 1, row, cols)
        assert list(find_turbot_fish(marks)) == []
    marks = open_board()
    keep_only(marks, 1, 1, (2, 7))
    keep_only_in_column(marks, 1, 1, (3, 8))
    assert list(find_turbot_fish(marks)) == []


def test_an_empty_rectangle_and_a_column_link_clear_the_cross_column_in_the_far_row():
    # Box 1 holds 1 at r1c1, r1c2, r2c1 (the cross of row 1 and column 1);
    # column 5 at r1c5 and r6c5: r6c1 would empty box 1.
    marks = open_board()
    keep_only_in_box(marks, 1, 1, (cell(1, 1), cell(1, 2), cell(2, 1)))
    keep_only_in_column(marks, 1, 5, (1, 6))
    [step] = find_empty_rectangle(marks)
    assert step.technique == step.message == "empty-rectangle"
    assert step.eliminations == ((cell(6, 1), 1),)
    assert step.params == {
        "digit": 1,
        "box": ("box", 1),
        "cross": (("row", 1), ("column", 1)),
        "link": ("column", 5),
        "ends": (cell(1, 5), cell(6, 5)),
    }


def test_an_empty_rectangle_with_a_row_link_clears_the_cross_row():
    marks = open_board()
    keep_only_in_box(marks, 1, 1, (cell(1, 1), cell(1, 2), cell(2, 1)))
    keep_only(marks, 1, 4, (1, 8))
    [step] = find_empty_rectangle(marks)
    assert step.eliminations == ((cell(1, 8), 1),)
    assert step.params["ends"] == (cell(4, 1), cell(4, 8))


def test_two_empty_rectangles_in_one_box_are_also_one_dual_step():
    marks = open_board()
    keep_only_in_box(marks, 1, 1, (cell(1, 1), cell(1, 2), cell(2, 1)))
    keep_only_in_column(marks, 1, 5, (1, 6))
    keep_only(marks, 1, 4, (1, 8))
    steps = [s for s in find_empty_rectangle(marks) if s.params["box"] == ("box", 1)]
    *singles, dual = steps
    assert dual.message == "empty-rectangle/dual"
    assert set(dual.eliminations) == {(cell(6, 1), 1), (cell(1, 8), 1)}
    assert dual.params["crosses"] == (singles[0].params["cross"], singles[1].params["cross"])


def test_a_box_whose_places_lie_in_one_line_is_no_empty_rectangle():
    # That is a pointing pair or triple: the intersections family's.
    marks = open_board()
    keep_only_in_box(marks, 1, 1, (cell(1, 1), cell(1, 2), cell(1, 3)))
    keep_only_in_column(marks, 1, 5, (1, 6))
    assert list(find_empty_rectangle(marks)) == []


@pytest.mark.parametrize(("box_rows", "box_cols"), [(2, 2), (2, 3), (4, 4)])
def test_turbot_fish_and_empty_rectangles_work_on_every_shape(box_rows, box_cols):
    board = shape(box_rows, box_cols)
    far = board.size
    marks = open_board(board)
    box = board.units_of[0][2]
    keep_only_in_box(marks, 1, 1, (cell(1, 1, board), cell(1, 2, board), cell(2, 1, board)), board)
    keep_only_in_column(marks, 1, far, (1, far), board)
    # On 4x4 the board left holds a second one, in box 4.
    [step] = [s for s in find_empty_rectangle(marks) if s.params["box"] == ("box", box.number)]
    assert step.eliminations == ((cell(far, 1, board), 1),)
    # Row 1 at c1 and c{far}; the bottom-left box at r{far}c1 and, on its top
    # row, c2: joined in column 1, their tips both see that row's last cell.
    marks = open_board(board)
    top = far - box_rows + 1
    keep_only(marks, 1, 1, (1, far), board)
    corner = board.units_of[cell(far, 1, board)][2]
    keep_only_in_box(marks, 1, corner.number, (cell(far, 1, board), cell(top, 2, board)), board)
    turbots = {step.params["tips"]: step.eliminations for step in find_turbot_fish(marks)}
    assert turbots[(cell(1, far, board), cell(top, 2, board))] == ((cell(top, far, board), 1),)


def test_the_patterns_are_listed_simplest_first_under_their_ids():
    assert list(TECHNIQUES) == ["skyscraper", "two-string-kite", "turbot-fish", "empty-rectangle"]


@pytest.mark.slow  # a sweep over shared puzzles; the full suite runs it
@pytest.mark.parametrize("name", ["top1465.txt", "forum_hardest_1106.txt"])
def test_every_pattern_on_the_way_agrees_with_the_solution(name):
    checked = sum(checked_steps(puzzle, TECHNIQUES) for puzzle in sample(name, 15))
    assert checked > 500  # measured: over 1,300 in each set, duals among them
