"""The grid as drawn: bands of rows, stacks of columns, cells marked."""

from solver.display import answer_grid, entry_grid, field_problems
from solver.engine import parse_puzzle
from solver.forms import Issue
from tests.puzzles import HARD, HARD_SOLUTION


def all_cells(grid):
    return [cell for band in grid.bands for row in band for cell in row]


def test_the_grid_is_three_bands_of_three_rows_and_three_stacks():
    grid = entry_grid([""] * 81)
    assert [len(band) for band in grid.bands] == [3, 3, 3]
    assert all(len(row) == 9 for band in grid.bands for row in band)
    assert grid.stacks == [3, 3, 3]


def test_entry_cells_carry_their_name_position_box_value_and_fault():
    cells = all_cells(entry_grid(["7"] + [""] * 80, [Issue("conflict", "Two 7s.", (80,))]))
    first = cells[0]
    assert (first.name, first.row, first.column, first.box, first.value) == ("r1c1", 1, 1, 1, "7")
    assert (cells[80].name, cells[80].box) == ("r9c9", 9)
    assert cells[80].invalid
    assert not first.invalid


def test_each_cell_is_tied_to_the_messages_that_name_it():
    issues = [Issue("a", "one", (3, 4)), Issue("b", "two", (), "puzzle"), Issue("c", "three", (4,))]
    cells = all_cells(entry_grid([""] * 81, issues))
    assert cells[3].problems == "problem-1"
    assert cells[4].problems == "problem-1 problem-3"
    assert cells[5].problems == ""
    assert field_problems(issues) == {"puzzle": "problem-2"}


def test_answer_cells_mark_givens_and_solved_digits():
    cells = all_cells(answer_grid(parse_puzzle(HARD), parse_puzzle(HARD_SOLUTION)))
    assert "".join(c.value for c in cells) == HARD_SOLUTION
    assert [c.kind for c in cells] == ["given" if s != "." else "solved" for s in HARD]


def test_without_a_solution_only_the_givens_are_drawn():
    cells = all_cells(answer_grid(parse_puzzle(HARD), None))
    assert "".join(c.value or "." for c in cells) == HARD
    assert {c.kind for c in cells} == {"given", ""}
