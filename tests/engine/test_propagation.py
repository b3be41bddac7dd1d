"""Propagation: singles and locked candidates on the whole board, and
contradictions found before any search."""

from solver.engine import STANDARD, parse_puzzle
from solver.engine.bits import board_of, grid_of, layout
from solver.engine.propagation import propagate
from tests.puzzles import HARD_SOLUTION, NO_SOLUTION

BITS = layout(STANDARD)
EMPTY = (0,) * 81


def cell(row, col):
    return (row - 1) * 9 + col - 1


def candidate(digit, at):
    return 1 << ((digit - 1) * 81 + at)


def holds(candidates, digit, at):
    return bool(candidates & candidate(digit, at))


def without(candidates, digit, cells):
    """The candidates with ``digit`` removed from ``cells``."""
    for at in cells:
        candidates &= ~candidate(digit, at)
    return candidates


def settle(grid):
    """The propagated candidates of a grid, or None on a contradiction."""
    board = propagate(board_of(grid, BITS), 0, BITS)
    return None if board is None else board[0]


def test_a_given_is_removed_from_every_peer_and_its_cell_keeps_only_it():
    grid = (5,) + EMPTY[1:]
    candidates = settle(grid)
    assert [d for d in range(1, 10) if holds(candidates, d, 0)] == [5]
    assert not any(holds(candidates, 5, peer) for peer in STANDARD.peers[0])
    assert all(holds(candidates, d, 80) for d in range(1, 10))


def test_naked_singles_cascade_to_the_solution():
    solution = parse_puzzle(HARD_SOLUTION)
    # One empty cell per row: each is a naked single once its row is known.
    puzzle = tuple(0 if at % 10 == 0 else digit for at, digit in enumerate(solution))
    candidates, placed = propagate(board_of(puzzle, BITS), 0, BITS)
    assert placed.bit_count() == 81
    assert grid_of(candidates, BITS) == solution


def test_a_hidden_single_is_placed():
    # Row 1 is empty, but 1 is placed in rows 2 and 3 of boxes 2 and 3, and in
    # columns 2 and 3: in row 1 only r1c1 can hold a 1, though it could hold any digit.
    grid = list(EMPTY)
    for row, col in [(2, 4), (3, 7), (5, 2), (8, 3)]:
        grid[cell(row, col)] = 1
    candidates = settle(tuple(grid))
    assert [d for d in range(1, 10) if holds(candidates, d, 0)] == [1]


def test_a_digit_locked_in_a_box_row_leaves_the_rest_of_that_row():
    # In box 1, digit 1 can only go in row 1 (pointing): not elsewhere in row 1.
    board = without(BITS.full, 1, [cell(2, c) for c in (1, 2, 3)] + [cell(3, c) for c in (1, 2, 3)])
    candidates, _ = propagate(board, 0, BITS)
    assert not any(holds(candidates, 1, cell(1, c)) for c in range(4, 10))
    assert all(holds(candidates, 1, at) for at in (cell(1, 1), cell(1, 3), cell(4, 1), cell(2, 4)))


def test_a_digit_locked_in_a_row_segment_leaves_the_rest_of_that_box():
    # In row 1, digit 1 can only go in box 1 (claiming): not elsewhere in box 1.
    board = without(BITS.full, 1, [cell(1, c) for c in range(4, 10)])
    candidates, _ = propagate(board, 0, BITS)
    assert not any(holds(candidates, 1, cell(r, c)) for r in (2, 3) for c in (1, 2, 3))
    assert all(holds(candidates, 1, at) for at in (cell(1, 1), cell(2, 4), cell(4, 1)))


def test_locked_candidates_work_down_columns_too():
    # In box 1, digit 2 only in column 1 (pointing): not elsewhere in column 1.
    # In column 9, digit 3 only in box 9 (claiming): not elsewhere in box 9.
    board = without(BITS.full, 2, [cell(r, c) for r in (1, 2, 3) for c in (2, 3)])
    board = without(board, 3, [cell(r, 9) for r in range(1, 7)])
    candidates, _ = propagate(board, 0, BITS)
    assert not any(holds(candidates, 2, cell(r, 1)) for r in range(4, 10))
    assert not any(holds(candidates, 3, cell(r, c)) for r in (7, 8, 9) for c in (7, 8))
    assert holds(candidates, 2, cell(4, 2))
    assert holds(candidates, 3, cell(6, 7))


def test_a_cell_left_without_candidates_is_found_before_any_search():
    assert settle(parse_puzzle(NO_SOLUTION)) is None


def test_a_digit_with_no_place_in_a_unit_is_a_contradiction():
    board = without(BITS.full, 4, [cell(5, c) for c in range(1, 10)])
    assert propagate(board, 0, BITS) is None


def test_conflicting_givens_are_a_contradiction():
    assert settle((5, 5) + EMPTY[2:]) is None
    assert settle((5,) + EMPTY[1:9] + (0, 5) + EMPTY[11:]) is None  # same box
    assert settle((5,) + EMPTY[1:72] + (5,) + EMPTY[73:]) is None  # same column


def test_two_hidden_singles_that_want_one_cell_are_a_contradiction():
    # In row 1, digits 1 and 2 are both left only in r1c1.
    board = without(BITS.full, 1, [cell(1, c) for c in range(2, 10)])
    board = without(board, 2, [cell(1, c) for c in range(2, 10)])
    assert propagate(board, 0, BITS) is None


def test_two_boxes_that_lock_a_digit_into_one_row_are_a_contradiction():
    # Boxes 1 and 2 both hold digit 1 only in row 1, which cannot hold two 1s.
    board = without(BITS.full, 1, [cell(r, c) for r in (2, 3) for c in range(1, 7)])
    assert propagate(board, 0, BITS) is None


def test_two_rows_that_lock_a_digit_into_one_box_are_a_contradiction():
    # Rows 1 and 2 both hold digit 1 only in box 1, which cannot hold two 1s.
    board = without(BITS.full, 1, [cell(r, c) for r in (1, 2) for c in range(4, 10)])
    assert propagate(board, 0, BITS) is None
