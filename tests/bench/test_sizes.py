"""The sizes table: each puzzle whole is unique, and with half its givens gone has several."""

from bench.sizes import halved, row
from solver.engine import parse_puzzle
from tests.support.puzzles import SIZED


def test_halving_removes_the_first_half_of_the_givens_and_keeps_the_rest():
    puzzle = parse_puzzle(SIZED["4x4"])
    givens = [at for at, digit in enumerate(puzzle) if digit]
    half = halved(puzzle)
    assert [at for at, digit in enumerate(half) if digit] == givens[len(givens) // 2 :]
    assert all(half[at] == puzzle[at] for at in givens[len(givens) // 2 :])


def test_a_row_gives_both_verdicts_with_their_guesses_and_times():
    cells = row("6x6", SIZED["6x6"]).strip("| ").split(" | ")
    assert cells[:3] == ["6x6", "25%", "unique"]
    assert cells[5] == "multiple"
    assert float(cells[4]) > 0
    assert float(cells[7]) > 0
