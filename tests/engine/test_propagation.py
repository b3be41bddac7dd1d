"""Propagation: singles and locked candidates on the whole board, and
contradictions found before any search; the same board as its plain twin
reaches, and every solution kept, on the shared puzzle sets."""

from collections import Counter

import pytest

from solver.engine import (
    STANDARD,
    format_grid,
    is_valid_solution,
    parse_puzzle,
    plain,
    propagation,
    shape_of_grid,
)
from solver.engine.bits import board_of, grid_of, layout, rules_layout
from solver.engine.links import read_link
from solver.engine.propagation import propagate, propagate_rules
from solver.engine.search import choose_cell, search
from tests.support.budgets import BY_GUESSES
from tests.support.puzzles import HARD_SOLUTION, NO_SOLUTION, SIZED, sample
from tests.support.variants import supported_variants

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


# The fast propagation against its plain twin (the same board whatever order
# the rules run in: see ``plain``), and against the solutions, on the shared
# sets: a small sample spread through each set in the fast tier, a larger one
# in the sweeps of `make test`, every puzzle under `make soundness`.

SETS = ["top1465.txt", "forum_hardest_1106.txt", "seventeen_clue.txt", "serg_multi.txt"]
STEPS = 3  # guesses followed beyond each puzzle's givens
SWEPT = 1_000  # puzzles of each set in a sweep of `make test` (forum_hardest has 375)


def plain_board(candidates, bits=BITS):
    """The engine's candidates as the plain module's board: a set of digits per cell."""
    return [
        {digit + 1 for digit in range(bits.size) if candidates >> (digit * bits.cells + at) & 1}
        for at in range(bits.cells)
    ]


def starts(puzzle, steps=STEPS, bits=BITS):
    """The boards (candidates, placed) to propagate from: the givens', then,
    for up to ``steps`` guesses down the search's first path, the cell the
    search would guess with each of its candidates placed in turn (so wrong
    digits and contradictions come up as well as right ones), going on from
    the first that is no contradiction."""
    candidates, placed = board_of(puzzle, bits), 0
    yield candidates, placed
    board = propagate(candidates, placed, bits)
    for _ in range(steps):
        if board is None or board[1].bit_count() == bits.cells:
            return
        candidates, placed = board
        at = choose_cell(candidates, placed, bits)
        options, board = candidates & (bits.planes << at), None
        while options:
            guess = options & -options
            options ^= guess
            start = (candidates & ~(bits.planes << at)) | guess
            yield start, placed
            board = board or propagate(start, placed, bits)


def twin_outcomes(puzzles, shape=STANDARD, steps=STEPS):
    """How often the fast and the plain propagation agree on a board, and on a
    contradiction, from every start of every puzzle (grids); and the puzzles
    where they differ."""
    bits = layout(shape)
    outcomes, differ = Counter(), []
    for puzzle in puzzles:
        for candidates, placed in starts(puzzle, steps, bits):
            fast = propagate(candidates, placed, bits)
            slow = plain.propagate(plain_board(candidates, bits), shape)
            if (None if fast is None else plain_board(fast[0], bits)) != slow:
                differ.append(format_grid(puzzle))
            else:
                outcomes["board" if slow else "contradiction"] += 1
    return outcomes, differ


def unsound(puzzles, steps=STEPS):
    """The puzzles whose propagation, from the givens or after placing some of
    the solution's digits, places a digit no solution has there or removes a
    solution's digit."""
    return [text for text in puzzles if not _keeps_its_solutions(parse_puzzle(text), steps)]


def _keeps_its_solutions(puzzle, steps):
    """True if propagating the givens keeps every solution the engine's search
    finds (up to two, each checked by the oracle), and propagating down the
    way to the first one keeps it."""
    board = propagate(board_of(puzzle, BITS), 0, BITS)
    if board is None:
        return False  # every shared puzzle has a solution
    solutions = search(board, BITS, budget=BY_GUESSES).solutions
    assert solutions
    assert all(is_valid_solution(puzzle, solution) for solution in solutions)
    if any(_breaks(board, solution) for solution in solutions):
        return False
    return not any(_breaks(later, solutions[0]) for later in _towards(board, solutions[0], steps))


def _breaks(board, solution):
    """True if the board is a contradiction, a placement differs from
    ``solution``, or a digit of it is no longer a candidate."""
    if board is None:
        return True
    candidates, placed = board
    truth = board_of(solution, BITS)  # the solution's digit in each cell, nothing else
    return candidates & truth != truth or placed & ~truth != 0


def _towards(board, solution, steps):
    """The boards down the way to ``solution``: up to ``steps`` times, its digit
    placed in the cell the search would guess, then propagated."""
    truth = board_of(solution, BITS)
    for _ in range(steps):
        if board is None or board[1].bit_count() == BITS.cells:
            return
        candidates, placed = board
        cell_bits = BITS.planes << choose_cell(candidates, placed, BITS)
        board = propagate((candidates & ~cell_bits) | (truth & cell_bits), placed, BITS)
        yield board


@pytest.mark.parametrize("name", SETS)
def test_the_fast_and_the_plain_propagation_reach_the_same_board(name):
    # 70 of each set (fewer find no contradiction in serg_multi): the sweep below
    # takes 1,000 (make test) or every one (make soundness).
    outcomes, differ = twin_outcomes(map(parse_puzzle, sample(name, 70)))
    assert differ == []
    # Both ways were tried: boards settled, and contradictions found.
    assert outcomes["board"]
    assert outcomes["contradiction"]


@pytest.mark.parametrize("name", list(SIZED))
def test_the_twins_agree_on_every_shape(name):
    puzzle = parse_puzzle(SIZED[name])
    shape = shape_of_grid(puzzle)
    # Every other given dropped leaves room for guesses; a given copied into
    # one of its peers is a contradiction.
    givens = [at for at, digit in enumerate(puzzle) if digit]
    sparse = [0 if at in givens[1::2] else digit for at, digit in enumerate(puzzle)]
    clash = list(puzzle)
    clash[shape.peers[givens[0]][0]] = puzzle[givens[0]]
    outcomes, differ = twin_outcomes([tuple(sparse), tuple(clash)], shape)
    assert differ == []
    assert outcomes["board"]
    assert outcomes["contradiction"]


@pytest.mark.parametrize("name", SETS)
def test_propagation_keeps_every_solution(name):
    assert unsound(sample(name, 100)) == []


# The sweep: 1,000 puzzles of each set in `make test` (about 55 s of one core,
# serg_multi's the longest); every puzzle of the four, 61,000, under `make
# soundness` (12 minutes, 17-clue and serg_multi the longest).
@pytest.mark.sweep
@pytest.mark.parametrize("name", SETS)
def test_the_twins_agree_on_every_shared_puzzle(sweep, name):
    _, differ = twin_outcomes(map(parse_puzzle, sweep(name, SWEPT)))
    assert differ == []


# The sweep: 1,000 puzzles of each set in `make test` (about 25 s); every one
# under `make soundness` (about 80 s).
@pytest.mark.sweep
@pytest.mark.parametrize("name", SETS)
def test_propagation_keeps_every_solution_of_every_shared_puzzle(sweep, name):
    assert unsound(sweep(name, SWEPT)) == []


def covered_by_walking(candidates, rules_bits):
    """``_covered`` as its docstring states it, worked out afresh each time:
    what every place of a digit in a unit rules out (and, with unequal pair
    rules, what every candidate of a cell rules out)."""
    ruled_out, gone = rules_bits.ruled_out, 0
    groups = [
        (candidates >> shift & unit) << shift
        for shift in rules_bits.digit_shifts
        for unit in rules_bits.units
    ]
    if rules_bits.unequal_pairs:
        groups += [candidates & (rules_bits.planes << at) for at in range(rules_bits.cells)]
    for bits in groups:
        if bits.bit_count() > 1:
            seen = -1
            for bit in range(bits.bit_length()):
                if bits >> bit & 1:
                    seen &= ruled_out[bit]
            gone |= seen
    return gone & candidates


def variant_boards():
    """Each shared supported variant's rules layout, solution and boards: as
    propagated from its givens, and again with the solution's digit placed
    in its first open cell."""
    for _, _, payload, solution in supported_variants():
        puzzle = read_link("https://f-puzzles.com/?load=" + payload)
        rules_bits = rules_layout(puzzle.rules)
        board = propagate_rules(board_of(puzzle.grid, rules_bits), 0, rules_bits)
        yield rules_bits, solution, board
        at = next(at for at, digit in enumerate(puzzle.grid) if not digit)
        guess = 1 << ((solution[at] - 1) * rules_bits.cells + at)
        candidates, placed = board
        yield (
            rules_bits,
            solution,
            propagate_rules(
                candidates & ~rules_bits.ruled_out[guess.bit_length() - 1],
                placed | guess,
                rules_bits,
            ),
        )


def test_remembered_covers_are_the_covers_worked_out_afresh(monkeypatch):
    # A small bound, so the memo is also cleared on the way.
    monkeypatch.setattr(propagation, "SEEN_BY_ALL_MAX", 64)
    for rules_bits, _, board in variant_boards():
        for _ in range(2):  # the second time from the memo
            assert propagation._covered(board[0], rules_bits) == covered_by_walking(
                board[0], rules_bits
            )
        assert len(rules_bits.seen_by_all) <= 64 + 9 * len(rules_bits.units) + rules_bits.cells


def test_propagation_by_rules_keeps_every_solution_of_the_shared_variants():
    for rules_bits, solution, board in variant_boards():
        truth = board_of(solution, rules_bits)
        assert board is not None
        assert board[0] & truth == truth
