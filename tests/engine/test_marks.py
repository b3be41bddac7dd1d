"""Marks: the board of placed digits and pencilled candidates the teacher works on."""

from solver.engine import parse_puzzle
from solver.engine.board import STANDARD, shape
from solver.engine.marks import Marks, digits_of, mask_of
from solver.engine.steps import Step
from tests.support.puzzles import HARD, HARD_SOLUTION, SIZED
from tests.support.soundness import lost


def test_a_mask_holds_a_set_of_digits():
    for digits in [(), (1,), (2, 5, 9), tuple(range(1, 17))]:
        assert digits_of(mask_of(digits)) == digits


def test_an_open_cell_holds_every_digit_its_peers_do_not():
    puzzle = parse_puzzle(HARD)
    marks = Marks.from_grid(puzzle, STANDARD)
    for cell, digit in enumerate(puzzle):
        seen = {puzzle[peer] for peer in STANDARD.peers[cell]} - {0}
        expected = () if digit else tuple(sorted(set(range(1, 10)) - seen))
        assert digits_of(marks.candidates[cell]) == expected


def test_the_solution_digit_is_always_a_candidate_at_the_start():
    puzzle, solution = parse_puzzle(HARD), parse_puzzle(HARD_SOLUTION)
    marks = Marks.from_grid(puzzle, STANDARD)
    assert lost(marks, solution) == []


def test_placing_a_digit_removes_it_from_the_peers_and_empties_the_cell():
    marks = Marks.from_grid((0,) * 16, shape(2, 2))
    marks.place(5, 3)
    assert marks.digits[5] == 3
    assert marks.candidates[5] == 0
    board = shape(2, 2)
    for cell in range(16):
        if cell != 5:
            assert marks.has(cell, 3) == (cell not in board.peers[5])


def test_a_step_eliminates_then_places_on_a_copy_only():
    marks = Marks.from_grid(parse_puzzle(SIZED["6x6"]), shape(2, 3))
    before = marks.copy()
    cell = marks.digits.index(0)
    digit = digits_of(marks.candidates[cell])[0]
    Step("naked-single", placements=((cell, digit),)).apply(marks)
    assert marks.digits[cell] == digit
    assert before.digits[cell] == 0
    other = digits_of(before.candidates[cell])[-1]
    Step("x", eliminations=((cell, other),)).apply(before)
    assert not before.has(cell, other)


def test_places_and_open_cells_are_read_per_unit():
    marks = Marks.from_grid(parse_puzzle(HARD), STANDARD)
    row = STANDARD.units[0]
    assert marks.open_cells(row) == [cell for cell in row.cells if not marks.digits[cell]]
    for digit in range(1, 10):
        assert marks.places(row, digit) == [c for c in row.cells if marks.has(c, digit)]
