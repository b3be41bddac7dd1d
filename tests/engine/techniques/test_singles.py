"""Singles: full house, naked single and hidden single place the digits they must."""

from solver.engine import parse_puzzle
from solver.engine.board import STANDARD, Grid, shape, shape_of_grid
from solver.engine.marks import Marks, mask_of
from solver.engine.techniques import finders
from solver.engine.techniques.singles import TECHNIQUES as ROWS
from solver.engine.techniques.singles import (
    find_full_house,
    find_hidden_single,
    find_naked_single,
)
from tests.support.puzzles import SIZED

TECHNIQUES = finders(ROWS)  # this family's finders, by id


def cell(row: int, col: int, size: int = 9) -> int:
    """The cell at a 1-based row and column."""
    return (row - 1) * size + col - 1


def grid_with(placed: dict[tuple[int, int], int], size: int = 9) -> Grid:
    """An otherwise empty grid with digits at 1-based (row, column)."""
    grid = [0] * (size * size)
    for (row, col), digit in placed.items():
        grid[cell(row, col, size)] = digit
    return tuple(grid)


def placements(steps) -> list[tuple[str, tuple, tuple]]:
    """What each step places, and the unit it names, in order."""
    return [(s.technique, s.placements, s.params.get("unit")) for s in steps]


def test_the_last_open_cell_of_a_unit_gets_the_digit_it_lacks():
    row_one = {
        (1, col): digit for col, digit in zip(range(1, 9), (3, 1, 4, 5, 9, 2, 6, 8), strict=True)
    }
    marks = Marks.from_grid(grid_with(row_one), STANDARD)
    [step] = find_full_house(marks)
    assert placements([step]) == [("full-house", ((cell(1, 9), 7),), ("row", 1))]
    assert step.params == {"digit": 7, "cell": cell(1, 9), "unit": ("row", 1)}
    assert step.pattern.units == (STANDARD.units[0],)


def test_a_cell_that_completes_its_box_and_column_is_two_full_houses():
    box = {(1, 1): 1, (1, 2): 2, (1, 3): 3, (2, 1): 4, (2, 2): 5, (2, 3): 6, (3, 1): 7, (3, 2): 8}
    column = {(row, 3): digit for row, digit in zip(range(4, 10), (1, 2, 4, 5, 7, 8), strict=True)}
    marks = Marks.from_grid(grid_with(box | column), STANDARD)
    assert placements(find_full_house(marks)) == [
        ("full-house", ((cell(3, 3), 9),), ("box", 1)),
        ("full-house", ((cell(3, 3), 9),), ("column", 3)),
    ]


def test_no_full_house_when_the_placed_digits_repeat_or_the_candidate_is_gone():
    repeated = {
        (1, col): digit for col, digit in zip(range(1, 9), (1, 1, 2, 3, 4, 5, 6, 7), strict=True)
    }
    marks = Marks.from_grid(grid_with(repeated), STANDARD)
    marks.candidates[cell(1, 9)] = mask_of([8, 9])
    assert list(find_full_house(marks)) == []
    row_one = {(1, col): digit for col, digit in zip(range(1, 9), range(1, 9), strict=True)}
    marks = Marks.from_grid(grid_with(row_one), STANDARD)
    marks.eliminate(cell(1, 9), 9)
    assert list(find_full_house(marks)) == []


def test_a_cell_with_one_candidate_is_a_naked_single():
    # r5c5 sees 1-8 in its row, column and box, but no unit is complete.
    placed = {(5, 1): 1, (5, 9): 2, (1, 5): 3, (9, 5): 4}
    placed |= {(4, 4): 5, (6, 6): 6, (5, 2): 7, (2, 5): 8}
    marks = Marks.from_grid(grid_with(placed), STANDARD)
    [step] = find_naked_single(marks)
    assert step.placements == ((cell(5, 5), 9),)
    assert step.params == {"digit": 9, "cell": cell(5, 5)}
    assert list(find_full_house(marks)) == []


def test_a_digit_with_one_place_is_a_hidden_single_in_each_unit_it_fills():
    # Four 5s shut r1c1's box, row and column to 5 everywhere else.
    placed = {(2, 5): 5, (3, 8): 5, (5, 2): 5, (8, 3): 5}
    marks = Marks.from_grid(grid_with(placed), STANDARD)
    assert placements(find_hidden_single(marks)) == [
        ("hidden-single", ((0, 5),), ("box", 1)),
        ("hidden-single", ((0, 5),), ("row", 1)),
        ("hidden-single", ((0, 5),), ("column", 1)),
    ]
    assert list(find_naked_single(marks)) == []


def test_a_hidden_single_reads_the_pencil_marks_not_only_the_digits():
    marks = Marks.from_grid((0,) * 81, STANDARD)
    for col in range(2, 10):
        marks.eliminate(cell(4, col), 6)
    [step] = find_hidden_single(marks)
    assert placements([step]) == [("hidden-single", ((cell(4, 1), 6),), ("row", 4))]


def test_a_digit_already_placed_in_a_unit_is_no_hidden_single_there():
    marks = Marks.from_grid(grid_with({(1, 1): 2}), STANDARD)
    marks.candidates[cell(1, 9)] |= mask_of([2])  # a person's stray pencil mark
    assert [s for s in find_hidden_single(marks) if s.params["unit"] == ("row", 1)] == []


def test_singles_place_digits_on_4x4_6x6_and_16x16_boards():
    four = Marks.from_grid(grid_with({(1, 1): 1, (1, 2): 2, (1, 3): 3}, 4), shape(2, 2))
    assert placements(find_full_house(four)) == [("full-house", ((3, 4),), ("row", 1))]
    six = Marks.from_grid(grid_with({(1, 4): 1, (4, 1): 1}, 6), shape(2, 3))
    # Box 1 (rows 1-2, columns 1-3) keeps 1 in row 2, columns 2 and 3 only.
    assert list(find_hidden_single(six)) == []
    six.eliminate(cell(2, 2, 6), 1)
    assert placements(find_hidden_single(six))[0] == (
        "hidden-single",
        ((cell(2, 3, 6), 1),),
        ("box", 1),
    )
    sixteen = Marks.from_grid(grid_with({(1, c): c for c in range(1, 16)}, 16), shape(4, 4))
    assert sixteen.candidates[15] == mask_of([16])
    assert [s.placements for s in find_naked_single(sixteen)] == [((15, 16),)]


def test_singles_alone_solve_the_small_sized_puzzles():
    for name in ("4x4", "6x6"):
        grid = parse_puzzle(SIZED[name])
        marks = Marks.from_grid(grid, shape_of_grid(grid))
        while step := next((s for find in TECHNIQUES.values() for s in find(marks)), None):
            step.apply(marks)
        assert marks.solved(), name


def test_the_techniques_are_listed_simplest_first_by_their_ids():
    assert list(TECHNIQUES) == ["full-house", "naked-single", "hidden-single"]
    row_one = {(1, col): col for col in range(1, 9)}
    marks = Marks.from_grid(grid_with(row_one), STANDARD)
    for technique, find in TECHNIQUES.items():
        steps = list(find(marks))
        assert steps, technique
        assert all(step.technique == step.message == technique for step in steps)
