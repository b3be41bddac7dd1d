"""Propagation: naked and hidden singles, and contradictions found early."""

from solver.engine import STANDARD, parse_puzzle
from solver.engine.propagation import initial_candidates, place, propagate
from tests.puzzles import HARD_SOLUTION, NO_SOLUTION

ALL = STANDARD.all_candidates


def bit(digit):
    return 1 << (digit - 1)


def test_placing_a_digit_removes_it_from_every_peer():
    board = [ALL] * 81
    assert place(board, 0, bit(5), STANDARD)
    assert board[0] == bit(5)
    assert all(not board[peer] & bit(5) for peer in STANDARD.peers[0])
    assert board[80] == ALL


def test_placing_a_digit_the_cell_cannot_hold_is_a_contradiction():
    board = [ALL] * 81
    board[0] = bit(1) | bit(2)
    assert not place(board, 0, bit(3), STANDARD)


def test_naked_singles_cascade():
    solution = parse_puzzle(HARD_SOLUTION)
    # One empty cell per row: each is a naked single once its row is known.
    puzzle = tuple(0 if cell % 10 == 0 else digit for cell, digit in enumerate(solution))
    assert initial_candidates(puzzle, STANDARD) == [bit(d) for d in solution]


def test_a_hidden_single_is_placed():
    # Row 1 is empty, but 1 is placed in rows 2 and 3 of boxes 2 and 3, and in
    # columns 2 and 3: in row 1 only r1c1 can hold a 1.
    grid = [0] * 81
    for row, col in [(2, 4), (3, 7), (5, 2), (8, 3)]:
        grid[(row - 1) * 9 + col - 1] = 1
    board = [ALL] * 81
    for cell, digit in enumerate(grid):
        if digit:
            assert place(board, cell, bit(digit), STANDARD)
    assert board[0] != bit(1)
    assert propagate(board, STANDARD)
    assert board[0] == bit(1)


def test_a_cell_left_without_candidates_is_found_before_any_search():
    assert initial_candidates(parse_puzzle(NO_SOLUTION), STANDARD) is None


def test_conflicting_givens_are_a_contradiction():
    assert initial_candidates((5, 5) + (0,) * 79, STANDARD) is None


def test_a_digit_locked_in_a_box_row_leaves_the_rest_of_that_row():
    # In box 1, digit 1 can only go in row 1 (pointing): not elsewhere in row 1.
    board = [ALL] * 81
    for cell in (9, 10, 11, 18, 19, 20):
        board[cell] &= ~bit(1)
    assert propagate(board, STANDARD)
    assert all(not board[cell] & bit(1) for cell in range(3, 9))
    assert all(board[cell] & bit(1) for cell in (0, 1, 2, 27, 12))


def test_a_digit_locked_in_a_row_segment_leaves_the_rest_of_that_box():
    # In row 1, digit 1 can only go in box 1 (claiming): not elsewhere in box 1.
    board = [ALL] * 81
    for cell in range(3, 9):
        board[cell] &= ~bit(1)
    assert propagate(board, STANDARD)
    assert all(not board[cell] & bit(1) for cell in (9, 10, 11, 18, 19, 20))
    assert all(board[cell] & bit(1) for cell in (0, 1, 2, 12))
