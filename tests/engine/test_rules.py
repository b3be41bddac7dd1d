"""The rules: conflicting givens are named; the oracle accepts only true solutions."""

from solver.engine import find_conflicts, is_valid_solution, parse_puzzle
from tests.support.puzzles import HARD, HARD_SOLUTION, load


def grid_with(*placements):
    """An empty grid with (row, column, digit) placements, 1-based."""
    grid = [0] * 81
    for row, col, digit in placements:
        grid[(row - 1) * 9 + col - 1] = digit
    return tuple(grid)


def test_two_equal_digits_in_a_row_are_named_with_their_columns():
    (problem,) = find_conflicts(grid_with((3, 2, 5), (3, 8, 5)))
    assert problem.code == "conflict"
    assert problem.message == "Two 5s in row 3 (columns 2 and 8)."
    assert problem.cells == (19, 25)


def test_two_equal_digits_in_a_column_are_named_with_their_rows():
    (problem,) = find_conflicts(grid_with((1, 4, 7), (9, 4, 7)))
    assert problem.message == "Two 7s in column 4 (rows 1 and 9)."


def test_two_equal_digits_in_a_box_are_named_with_both_cells():
    (problem,) = find_conflicts(grid_with((4, 4, 1), (6, 5, 1)))
    assert problem.message == "Two 1s in box 5 (row 4, column 4 and row 6, column 5)."


def test_a_pair_sharing_a_row_and_a_box_is_reported_once():
    assert len(find_conflicts(grid_with((1, 1, 2), (1, 2, 2)))) == 1


def test_every_conflicting_pair_is_reported():
    problems = find_conflicts(grid_with((1, 1, 3), (1, 5, 3), (1, 9, 3)))
    assert sorted(p.cells for p in problems) == [(0, 4), (0, 8), (4, 8)]


def test_different_digits_and_blanks_never_conflict():
    assert find_conflicts(grid_with((1, 1, 1), (1, 2, 2))) == []
    assert find_conflicts((0,) * 81) == []


def test_no_puzzle_of_the_shared_sets_has_conflicting_givens():
    for puzzle in load("top1465.txt") + load("forum_hardest_1106.txt"):
        assert find_conflicts(parse_puzzle(puzzle)) == [], puzzle


def test_the_oracle_accepts_a_true_solution():
    assert is_valid_solution(parse_puzzle(HARD), parse_puzzle(HARD_SOLUTION))


def test_the_oracle_rejects_a_solution_that_changes_a_given():
    puzzle = parse_puzzle(HARD)
    assert not is_valid_solution(puzzle[:1] + (5,) + puzzle[2:], parse_puzzle(HARD_SOLUTION))


def test_the_oracle_rejects_incomplete_or_wrongly_sized_grids():
    solution = parse_puzzle(HARD_SOLUTION)
    assert not is_valid_solution(parse_puzzle(HARD), (0,) + solution[1:])
    assert not is_valid_solution(parse_puzzle(HARD)[:80], solution[:80])


def test_the_oracle_checks_boxes_not_only_rows_and_columns():
    latin_square = tuple((row + col) % 9 + 1 for row in range(9) for col in range(9))
    assert not is_valid_solution((0,) * 81, latin_square)


def test_the_rules_hold_on_every_size_read_from_the_grid():
    latin_square = tuple((row + col) % 4 + 1 for row in range(4) for col in range(4))
    assert not is_valid_solution((0,) * 16, latin_square)
    solution = (1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1)
    assert is_valid_solution((1,) + (0,) * 15, solution)
    (problem,) = find_conflicts((0,) * 17 + (12,) + (0,) * 14 + (12,) + (0,) * 223)
    assert problem.message == "Two Cs in box 1 (row 2, column 2 and row 3, column 1)."


def test_a_grid_of_no_supported_size_is_no_solution():
    assert not is_valid_solution((1,) * 49, (1,) * 49)  # 7x7 has no boxes
