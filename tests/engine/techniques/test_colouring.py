"""Colouring: one digit's strong links in clusters of two colours. A cell
seeing both colours of a cluster loses the digit (trap), and so does every
cell of a colour two of whose cells see each other (wrap); with two clusters,
a colour seeing both colours of the other is false, and colours of each that
see each other leave one of the other two true.

The soundness rule at the end walks shared puzzles with the earlier
families first, so colouring is asked on boards those leave stuck.
"""

import pytest

from solver.engine.board import shape
from solver.engine.marks import Marks
from solver.engine.techniques.colouring import (
    clusters,
    find_multi_colors,
    find_simple_colors,
    two_colourings,
)
from tests.support.boards import cell, checked_steps, open_board, unit
from tests.support.puzzles import sample


def keep_only(marks: Marks, digit: int, kind: str, number: int, cells) -> None:
    """Leave ``digit`` in one unit (kind and 1-based number) only at ``cells``."""
    for at in unit(marks.shape, kind, number).cells:
        if at not in cells:
            marks.eliminate(at, digit)


def test_linked_cells_take_two_colours_by_turns():
    links = {1: [2], 2: [1, 3], 3: [2], 7: [9], 9: [7]}
    assert two_colourings(links) == [((1, 3), (2,)), ((7,), (9,))]


def test_a_loop_of_odd_length_takes_no_two_colours():
    links = {1: [2, 3], 2: [1, 3], 3: [1, 2], 7: [9], 9: [7]}
    assert two_colourings(links) == [((7,), (9,))]


def trap_board() -> Marks:
    """Digit 1 in row 1 only at r1c1 and r1c5, in column 5 only at r1c5 and
    r5c5, in box 5 only at r5c5 and r6c6: one cluster, r1c1 and r5c5 one
    colour, r1c5 and r6c6 the other, and r6c1 sees r1c1 and r6c6."""
    marks = open_board()
    keep_only(marks, 1, "row", 1, (cell(1, 1), cell(1, 5)))
    keep_only(marks, 1, "column", 5, (cell(1, 5), cell(5, 5)))
    keep_only(marks, 1, "box", 5, (cell(5, 5), cell(6, 6)))
    return marks


def test_a_cell_seeing_both_colours_of_a_cluster_loses_the_digit():
    marks = trap_board()
    colours = ((cell(1, 1), cell(5, 5)), (cell(1, 5), cell(6, 6)))
    assert clusters(marks, 1) == [colours]
    [step] = find_simple_colors(marks)
    assert step.technique == "simple-colors"
    assert step.message == "simple-colors/trap"
    assert step.eliminations == ((cell(6, 1), 1),)
    assert step.pattern.cells == colours[0] + colours[1]
    assert step.pattern.digits == (1,)
    assert step.params == {"digit": 1, "colours": colours}
    assert list(find_multi_colors(marks)) == []


def test_a_trap_with_nothing_left_to_remove_is_not_found():
    marks = trap_board()
    marks.eliminate(cell(6, 1), 1)
    assert list(find_simple_colors(marks)) == []


def wrap_board() -> Marks:
    """Digit 1 linked r1c1 - r1c5 (row 1) - r5c5 (column 5) - r5c2 (row 5) -
    r2c2 (column 2): r1c1, r5c5 and r2c2 take one colour, and r1c1 and r2c2
    see each other in box 1."""
    marks = open_board()
    keep_only(marks, 1, "row", 1, (cell(1, 1), cell(1, 5)))
    keep_only(marks, 1, "column", 5, (cell(1, 5), cell(5, 5)))
    keep_only(marks, 1, "row", 5, (cell(5, 5), cell(5, 2)))
    keep_only(marks, 1, "column", 2, (cell(5, 2), cell(2, 2)))
    return marks


def test_two_cells_of_one_colour_that_see_each_other_take_the_digit_from_all_its_cells():
    marks = wrap_board()
    [step] = find_simple_colors(marks)  # and no trap: r2c4 sees both colours
    false = (cell(1, 1), cell(2, 2), cell(5, 5))
    assert step.message == "simple-colors/wrap"
    assert step.eliminations == tuple((c, 1) for c in false)
    assert step.params == {"digit": 1, "colours": (false, (cell(1, 5), cell(5, 2))), "false": false}
    assert marks.has(cell(2, 4), 1)


def test_a_cluster_that_wraps_is_left_out_of_multi_colors():
    marks = wrap_board()
    # A second cluster, r2c4 - r9c4, where r2c4 sees both colours of the first.
    keep_only(marks, 1, "column", 4, (cell(2, 4), cell(9, 4)))
    assert len(clusters(marks, 1)) == 2
    assert list(find_multi_colors(marks)) == []


def two_clusters() -> Marks:
    """Digit 4 in row 1 only at r1c1 and r1c5, in column 2 only at r2c2 and
    r7c2: two clusters of one link, and r1c1 sees r2c2 in box 1."""
    marks = open_board()
    keep_only(marks, 4, "row", 1, (cell(1, 1), cell(1, 5)))
    keep_only(marks, 4, "column", 2, (cell(2, 2), cell(7, 2)))
    return marks


def test_colours_of_two_clusters_that_see_each_other_leave_one_of_the_others_true():
    marks = two_clusters()
    [step] = find_multi_colors(marks)
    assert step.technique == "multi-colors"
    assert step.message == "multi-colors/trap"
    assert step.eliminations == ((cell(7, 5), 4),)  # sees r1c5 and r7c2
    assert step.pattern.digits == (4,)
    assert step.params == {
        "digit": 4,
        "clusters": (((cell(1, 1),), (cell(1, 5),)), ((cell(2, 2),), (cell(7, 2),))),
        "seeing": ((cell(1, 1),), (cell(2, 2),)),
    }
    assert list(find_simple_colors(marks)) == []


def test_a_colour_seeing_both_colours_of_another_cluster_is_false():
    marks = open_board()
    keep_only(marks, 4, "row", 1, (cell(1, 1), cell(1, 5)))
    keep_only(marks, 4, "row", 2, (cell(2, 2), cell(2, 7)))
    keep_only(marks, 4, "column", 7, (cell(2, 7), cell(6, 7)))
    keep_only(marks, 4, "row", 6, (cell(6, 7), cell(6, 1)))
    wrap, *traps = find_multi_colors(marks)  # r1c1 sees r2c2 (box 1) and r6c1 (column 1)
    one = ((cell(1, 1),), (cell(1, 5),))
    two = ((cell(2, 2), cell(6, 7)), (cell(2, 7), cell(6, 1)))
    assert wrap.message == "multi-colors/wrap"
    assert wrap.eliminations == ((cell(1, 1), 4),)
    assert wrap.params == {"digit": 4, "clusters": (one, two), "false": (cell(1, 1),)}
    # r1c1 sees each colour of the other cluster, so r1c5 or that colour's
    # other holds 4, and r1c1 sees r1c5 and both colours: it is trapped too.
    assert [trap.message for trap in traps] == ["multi-colors/trap"] * 2
    assert [trap.params["seeing"] for trap in traps] == [(one[0], two[0]), (one[0], two[1])]
    assert all(trap.eliminations == ((cell(1, 1), 4),) for trap in traps)


@pytest.mark.parametrize(("box_rows", "box_cols"), [(2, 2), (2, 3), (3, 3), (4, 4)])
def test_simple_colors_work_on_every_shape(box_rows, box_cols):
    board = shape(box_rows, box_cols)
    far = board.size
    marks = open_board(board)
    keep_only(marks, 1, "row", 1, (cell(1, 1, board), cell(1, far, board)))
    keep_only(marks, 1, "column", far, (cell(1, far, board), cell(far, far, board)))
    keep_only(marks, 1, "row", far, (cell(far, far, board), cell(far, 2, board)))
    [step] = find_simple_colors(marks)
    # r1c1 and r(far)c2 see column 2 in box 1 and column 1 in the last row's box.
    top = [cell(row, 2, board) for row in range(2, box_rows + 1)]
    bottom = [cell(row, 1, board) for row in range(far - box_rows + 1, far)]
    assert step.eliminations == tuple((at, 1) for at in top + bottom)


@pytest.mark.parametrize(("box_rows", "box_cols"), [(2, 2), (2, 3), (4, 4)])
def test_multi_colors_work_on_every_shape(box_rows, box_cols):
    board = shape(box_rows, box_cols)
    far = board.size
    marks = open_board(board)
    keep_only(marks, 1, "row", 1, (cell(1, 1, board), cell(1, far, board)))
    keep_only(marks, 1, "column", 2, (cell(2, 2, board), cell(far, 2, board)))
    [step] = find_multi_colors(marks)  # r1c1 sees r2c2: r1c(far) or r(far)c2 holds 1
    assert step.eliminations == ((cell(far, far, board), 1),)


@pytest.mark.slow  # a sweep over shared puzzles; the full suite runs it
@pytest.mark.parametrize("name", ["top1465.txt", "forum_hardest_1106.txt"])
@pytest.mark.parametrize("technique", ["simple-colors", "multi-colors"])
def test_every_colouring_on_the_way_agrees_with_the_solution(technique, name):
    finders = {"simple-colors": find_simple_colors, "multi-colors": find_multi_colors}
    checked = sum(
        checked_steps(puzzle, {technique: finders[technique]}) for puzzle in sample(name, 25)
    )
    assert checked > 1000  # measured: 2,501 and 1,631 simple, 3,015 and 2,914 multi
