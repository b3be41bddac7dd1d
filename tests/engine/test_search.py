"""Search and verdicts: every shared puzzle solved right, every verdict exact.

Each solution is checked by the oracle, never compared with a stored answer.
"""

import subprocess
import sys
from pathlib import Path
from time import perf_counter

import pytest

from solver.engine import Budget, Status, is_valid_solution, parse_puzzle, solve
from solver.engine.bits import board_of, layout
from solver.engine.board import STANDARD, shape_of_grid
from solver.engine.propagation import propagate
from solver.engine.reference import count_solutions
from solver.engine.search import choose_cell, search
from tests.support.budgets import BY_GUESSES
from tests.support.puzzles import (
    HARD,
    HARD_SOLUTION,
    NO_SOLUTION,
    NO_SOLUTION_AFTER_SEARCH,
    SIZED,
    load,
    sample,
)

BITS = layout(STANDARD)

ROOT = Path(__file__).resolve().parents[2]


def wrong_verdicts(puzzles, expected):
    """The puzzles whose verdict is not ``expected`` or whose solution is wrong."""
    wrong = []
    for text in puzzles:
        puzzle = parse_puzzle(text)
        result = solve(puzzle, budget=BY_GUESSES)
        if result.status != expected or not is_valid_solution(puzzle, result.solution):
            wrong.append((text, result.status))
    return wrong


@pytest.mark.parametrize("name", ["top1465.txt", "forum_hardest_1106.txt"])
def test_hard_puzzles_spread_through_the_set_have_their_unique_solution_found(name):
    assert wrong_verdicts(sample(name, 100), Status.UNIQUE) == []


# The sweep: 500 puzzles of top1465 and all 375 of forum_hardest in `make test`
# (about 3 s); every puzzle of both under `make soundness`.
@pytest.mark.sweep
@pytest.mark.parametrize("name", ["top1465.txt", "forum_hardest_1106.txt"])
def test_every_hard_puzzle_has_its_unique_solution_found(sweep, name):
    puzzles = sweep(name, 500)
    assert len(puzzles) > 300
    assert wrong_verdicts(puzzles, Status.UNIQUE) == []


def test_seventeen_clue_puzzles_are_solved_uniquely():
    assert wrong_verdicts(sample("seventeen_clue.txt", 300), Status.UNIQUE) == []


def test_multi_solution_puzzles_are_reported_as_several():
    assert wrong_verdicts(sample("serg_multi.txt", 500), Status.MULTIPLE) == []


def test_the_two_solutions_found_are_different_and_both_valid():
    for text in sample("serg_multi.txt", 50):
        puzzle = parse_puzzle(text)
        outcome = search(propagate(board_of(puzzle, BITS), 0, BITS), BITS, 2, BY_GUESSES)
        first, second = outcome.solutions
        assert first != second
        assert is_valid_solution(puzzle, first)
        assert is_valid_solution(puzzle, second)


def test_a_solved_grid_is_unique_without_guessing():
    result = solve(parse_puzzle(HARD_SOLUTION), budget=BY_GUESSES)
    assert result.status == Status.UNIQUE
    assert result.guesses == 0
    assert result.solution == parse_puzzle(HARD_SOLUTION)


def test_the_empty_grid_has_several_solutions():
    result = solve((0,) * 81, budget=BY_GUESSES)
    assert result.status == Status.MULTIPLE
    assert result.solutions == 2
    assert is_valid_solution((0,) * 81, result.solution)


def test_an_impossible_puzzle_is_proved_to_have_no_solution():
    result = solve(parse_puzzle(NO_SOLUTION), budget=BY_GUESSES)
    assert result.status == Status.NONE
    assert (result.solution, result.solutions) == (None, 0)


def test_an_impossible_puzzle_that_needs_search_is_proved_too():
    puzzle = parse_puzzle(NO_SOLUTION_AFTER_SEARCH)
    assert count_solutions(puzzle) == 0
    result = solve(puzzle, budget=BY_GUESSES)
    assert result.status == Status.NONE
    assert result.guesses > 0


def test_a_sparse_grid_that_misleads_plain_singles_is_decided_quickly():
    # 13 givens found by fuzzing: 24,065 guesses with singles alone.
    puzzle = ".37.................1..6......3....89........7.......1...42..5.........2........."
    result = solve(parse_puzzle(puzzle), budget=BY_GUESSES)
    assert result.status == Status.MULTIPLE
    assert result.guesses < 1_000


def test_conflicting_givens_have_no_solution():
    assert solve((7, 7) + (0,) * 79, budget=BY_GUESSES).status == Status.NONE


def test_a_search_out_of_budget_gives_up_instead_of_running_on():
    hardest = parse_puzzle(load("forum_hardest_1106.txt")[0])
    result = solve(hardest, budget=Budget(max_guesses=1))
    assert result.status == Status.GAVE_UP
    assert solve(hardest, budget=Budget(max_seconds=0)).status == Status.GAVE_UP


def test_giving_up_after_one_solution_keeps_it():
    puzzle = parse_puzzle(sample("serg_multi.txt", 1)[0])
    full = solve(puzzle, budget=BY_GUESSES)
    for limit in range(1, full.guesses + 1):
        result = solve(puzzle, budget=Budget(max_guesses=limit))
        if result.solutions == 1:
            assert result.status == Status.GAVE_UP
            assert is_valid_solution(puzzle, result.solution)
            return
    pytest.fail("no budget stopped the search between the first and second solution")


def test_the_result_reports_guesses_and_elapsed_time():
    started = perf_counter()
    result = solve(parse_puzzle(load("forum_hardest_1106.txt")[0]), budget=BY_GUESSES)
    assert result.guesses > 0
    assert 0 < result.elapsed <= perf_counter() - started


def test_verdicts_agree_with_the_reference_solver():
    for text in sample("serg_multi.txt", 20) + (NO_SOLUTION, NO_SOLUTION_AFTER_SEARCH):
        puzzle = parse_puzzle(text)
        assert solve(puzzle, budget=BY_GUESSES).solutions == count_solutions(puzzle), text


def test_the_search_needs_no_recursion():
    """With the recursion limit far below a search's depth, solving still works."""
    script = (
        "import sys\n"
        "from solver.engine import parse_puzzle, solve, is_valid_solution\n"
        f"puzzles = {list(load('forum_hardest_1106.txt')[:20])!r} + ['.' * 81]\n"
        "sys.setrecursionlimit(60)\n"
        "for text in puzzles:\n"
        "    grid = parse_puzzle(text)\n"
        "    result = solve(grid)\n"
        "    assert is_valid_solution(grid, result.solution), text\n"
        "print('ok')\n"
    )
    run = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "ok"


def test_asked_for_one_solution_the_search_stops_at_it_unproved():
    for text in (HARD, *sample("serg_multi.txt", 20)):
        puzzle = parse_puzzle(text)
        first = solve(puzzle, limit=1, budget=BY_GUESSES)
        assert first.status == Status.SOLVED
        assert first.solutions == 1
        assert is_valid_solution(puzzle, first.solution)
        assert first.guesses <= solve(puzzle, budget=BY_GUESSES).guesses
    assert (
        solve(parse_puzzle(NO_SOLUTION_AFTER_SEARCH), limit=1, budget=BY_GUESSES).status
        == Status.NONE
    )


@pytest.mark.parametrize("helped", [0, 1, 2])
def test_the_guess_is_a_two_candidate_cell_whose_guesses_remove_the_most_from_its_peers(helped):
    """A removal counts three times in a peer with two candidates, which it settles."""
    puzzle = list(parse_puzzle(HARD))
    for at in [at for at, digit in enumerate(puzzle) if not digit][:helped]:
        puzzle[at] = int(HARD_SOLUTION[at])
    candidates, placed = propagate(board_of(tuple(puzzle), BITS), 0, BITS)

    def digits(at):
        return [d for d in range(9) if candidates >> (d * 81 + at) & 1]

    def removed(at):
        return sum(
            3 if len(digits(peer)) == 2 else 1
            for d in digits(at)
            for peer in STANDARD.peers[at]
            if candidates >> (d * 81 + peer) & 1
        )

    pairs = [at for at in range(81) if len(digits(at)) == 2]
    chosen = choose_cell(candidates, placed, BITS)
    assert chosen in pairs
    assert removed(chosen) == max(removed(at) for at in pairs)


@pytest.mark.parametrize("name", list(SIZED))
def test_every_size_is_solved_by_the_same_code(name):
    puzzle = parse_puzzle(SIZED[name])
    board = shape_of_grid(puzzle)
    assert f"{board.size}x{board.size}" == name
    result = solve(puzzle, budget=BY_GUESSES)
    assert result.status == Status.UNIQUE
    assert is_valid_solution(puzzle, result.solution)
    if board.size <= 8:
        assert count_solutions(puzzle, board, max_steps=10**7) == 1


@pytest.mark.parametrize("name", ["6x6", "12x12", "16x16", "25x25"])
def test_a_large_board_with_givens_removed_has_several_solutions(name):
    puzzle = list(parse_puzzle(SIZED[name]))
    givens = [at for at, digit in enumerate(puzzle) if digit]
    for at in givens[: len(givens) // 2]:
        puzzle[at] = 0
    result = solve(tuple(puzzle), budget=BY_GUESSES)
    assert result.status == Status.MULTIPLE
    assert is_valid_solution(tuple(puzzle), result.solution)
