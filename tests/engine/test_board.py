"""Board geometry: the invariants every shape must keep."""

from dataclasses import replace

import pytest

from solver.engine import STANDARD, format_grid, shape
from solver.engine.board import box_shape, shape_for_cells, shape_of_grid

SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)]


def test_the_standard_board_has_81_cells_27_units_and_20_peers_each():
    assert STANDARD.size == 9
    assert STANDARD.cells == 81
    assert len(STANDARD.units) == 27
    assert all(len(peers) == 20 for peers in STANDARD.peers)


@pytest.mark.parametrize(("box_rows", "box_cols"), SHAPES)
def test_every_unit_holds_n_cells_and_every_cell_lies_in_three_units(box_rows, box_cols):
    board = shape(box_rows, box_cols)
    n = board.size
    assert len(board.units) == 3 * n
    assert all(len(set(unit.cells)) == n for unit in board.units)
    for cell in range(board.cells):
        kinds = [unit.kind for unit in board.units if cell in unit.cells]
        assert kinds == ["row", "column", "box"]
        assert board.units_of[cell] == tuple(u for u in board.units if cell in u.cells)


@pytest.mark.parametrize(("box_rows", "box_cols"), SHAPES)
def test_peers_are_the_other_cells_of_a_cells_units(box_rows, box_cols):
    board = shape(box_rows, box_cols)
    n = board.size
    for cell in range(board.cells):
        expected = {c for unit in board.units_of[cell] for c in unit.cells} - {cell}
        assert set(board.peers[cell]) == expected
        assert len(board.peers[cell]) == 3 * n - box_rows - box_cols - 1
        assert all(cell in board.peers[peer] for peer in board.peers[cell])


@pytest.mark.parametrize(("box_rows", "box_cols"), SHAPES)
def test_boxes_are_box_rows_high_and_box_cols_wide(box_rows, box_cols):
    board = shape(box_rows, box_cols)
    for unit in board.units:
        if unit.kind == "box":
            rows = {board.row_col(c)[0] for c in unit.cells}
            cols = {board.row_col(c)[1] for c in unit.cells}
            assert (len(rows), len(cols)) == (box_rows, box_cols)


def test_cells_are_numbered_row_by_row_from_one():
    assert STANDARD.row_col(0) == (1, 1)
    assert STANDARD.row_col(8) == (1, 9)
    assert STANDARD.row_col(80) == (9, 9)
    assert STANDARD.box_of(0) == 1
    assert STANDARD.box_of(80) == 9
    assert STANDARD.box_of(3 * 9 + 4) == 5


def test_the_same_shape_is_computed_once():
    assert shape(3, 3) is STANDARD


def test_a_grid_is_written_as_one_line_with_blanks_as_dots():
    grid = (1, 0, 9) + (0,) * 78
    assert format_grid(grid) == "1.9" + "." * 78
    assert format_grid((10, 16, 0), blank="0") == "AG0"


@pytest.mark.parametrize(
    ("size", "boxes"),
    [(4, (2, 2)), (6, (2, 3)), (8, (2, 4)), (9, (3, 3)), (12, (3, 4)), (16, (4, 4)), (25, (5, 5))],
)
def test_each_size_has_its_usual_box_shape(size, boxes):
    assert box_shape(size) == boxes
    assert shape_for_cells(size * size) == shape(*boxes)
    assert shape_of_grid((0,) * size * size).size == size


@pytest.mark.parametrize("size", [1, 2, 3, 5, 7, 11, 26, 36])
def test_sizes_without_boxes_or_beyond_25_are_not_boards(size):
    assert box_shape(size) is None
    assert shape_for_cells(size * size) is None
    with pytest.raises(ValueError, match=f"{size * size} cells"):
        shape_of_grid((0,) * size * size)


def test_a_board_is_hashed_by_its_boxes_and_rules_alone_and_equal_to_itself_rebuilt():
    """Caches keyed by a board (the site's drawings) then cost nothing to look up,
    and two rule sets on one box shape never share an entry."""
    assert hash(STANDARD) == hash((3, 3, ""))
    assert replace(STANDARD, key="diagonal") != STANDARD
    rebuilt = replace(shape(2, 3))
    assert rebuilt is not shape(2, 3)
    assert (rebuilt, hash(rebuilt)) == (shape(2, 3), hash(shape(2, 3)))
    assert shape(2, 3) != shape(3, 2)
