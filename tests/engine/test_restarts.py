"""Restarts: a search that runs long begins again on the puzzle written another
way, so no way of writing a puzzle sends it into a heavy tail, and the verdict
stays exact and repeatable."""

from random import Random

import pytest

from solver.engine import Budget, Status, is_valid_solution, parse_puzzle, restarts, solve
from solver.engine.bits import layout
from solver.engine.board import STANDARD
from solver.engine.symmetry import random_transform
from tests.support import puzzles
from tests.support.budgets import BY_GUESSES
from tests.support.puzzles import NO_SOLUTION_AFTER_SEARCH, sample

HARD1 = parse_puzzle(puzzles.HARD1)


def test_the_luby_sequence_doubles_now_and_then():
    assert [restarts.luby(run) for run in range(1, 16)] == [
        1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8,
    ]  # fmt: skip


def test_hard1_is_multiple_within_two_runs_worth_of_guesses():
    result = solve(HARD1, budget=BY_GUESSES)
    assert result.status == Status.MULTIPLE
    assert result.guesses <= 2 * restarts.UNIT
    assert is_valid_solution(HARD1, result.solution)


def test_norvigs_impossible_puzzle_is_proved_impossible_after_one_run():
    """Restarts cannot shorten its refutation; the templates' proof does."""
    result = solve(parse_puzzle(puzzles.IMPOSSIBLE), budget=BY_GUESSES)
    assert result.status == Status.NONE
    assert result.guesses <= restarts.UNIT


def test_every_writing_of_hard1_is_decided_without_a_long_search():
    rng = Random(14)
    for _ in range(20):
        copy = random_transform(STANDARD, rng).apply(HARD1)
        result = solve(copy, budget=BY_GUESSES)
        assert result.status == Status.MULTIPLE
        assert result.guesses <= 2 * restarts.UNIT


def test_the_same_puzzle_gets_the_same_verdict_guesses_and_solution_every_time():
    first, second = solve(HARD1, budget=BY_GUESSES), solve(HARD1, budget=BY_GUESSES)
    assert (first.status, first.guesses, first.solution) == (
        second.status,
        second.guesses,
        second.solution,
    )


def test_a_restarted_search_stays_within_its_guess_budget():
    result = solve(HARD1, budget=Budget(max_guesses=restarts.UNIT + 10))
    assert result.guesses <= restarts.UNIT + 10


@pytest.fixture
def restart_every_guess(monkeypatch):
    """Runs one guess long at first: nearly every search is restarted many times."""
    monkeypatch.setattr(restarts, "UNIT", 1)


def test_verdicts_stay_exact_when_runs_are_cut_short(restart_every_guess):
    """Solutions found in different runs are told apart, found ones are not
    counted twice, and only a finished run proves a puzzle unique or impossible."""
    cases = [
        *((text, Status.UNIQUE) for text in sample("forum_hardest_1106.txt", 8)),
        *((text, Status.MULTIPLE) for text in sample("serg_multi.txt", 8)),
        (NO_SOLUTION_AFTER_SEARCH, Status.NONE),
    ]
    for text, expected in cases:
        puzzle = parse_puzzle(text)
        result = solve(puzzle, budget=BY_GUESSES)
        assert result.status == expected, text
        if result.solution is not None:
            assert is_valid_solution(puzzle, result.solution)


def test_two_solutions_from_restarted_runs_are_different(restart_every_guess):
    for text in sample("serg_multi.txt", 8):
        puzzle = parse_puzzle(text)
        found = restarts.search_restarting(
            puzzle, STANDARD, layout(STANDARD), 2, BY_GUESSES
        ).solutions
        assert len(found) == 2
        assert found[0] != found[1]
        assert all(is_valid_solution(puzzle, solution) for solution in found)
