"""Solving: every entry gets an outcome, never an exception; text that is no
puzzle and givens that conflict are invalid with the reason; with ``first``
the search stops at the first solution."""

from functools import partial

import pytest

from solver.cli import DEFAULT_BUDGET, Entry, solve_entry
from solver.cli.solving import chunked, solve_chunk
from solver.cli.workers import in_order
from solver.engine import Budget, is_valid_solution, parse_puzzle
from tests.support.puzzles import HARD, HARD_SOLUTION, NO_SOLUTION, sample
from tests.support.rows import rows_of
from tests.support.variants import supported_variants

TWO_FOURS_IN_ROW_1 = "44" + HARD[2:]


def test_an_invalid_puzzle_gets_the_reason_and_no_figures():
    outcome = solve_entry(Entry(7, HARD[:80]))
    assert outcome.status == "invalid"
    assert "80 cells" in outcome.message
    assert (outcome.solutions, outcome.guesses, outcome.ms) == (None, None, None)


def test_givens_that_conflict_are_invalid_and_named_not_searched():
    outcome = solve_entry(Entry(1, TWO_FOURS_IN_ROW_1))
    assert outcome.status == "invalid"
    assert outcome.message == "Two 4s in row 1 (columns 1 and 2)."
    assert (outcome.solution, outcome.guesses) == ("", None)


def test_many_conflicts_are_named_up_to_five_then_counted():
    outcome = solve_entry(Entry(1, "1" * 9 + "." * 72))  # 36 pairs of 1s in row 1
    assert outcome.status == "invalid"
    assert outcome.message.count("Two 1s in row 1") == 5
    assert outcome.message.endswith(" … and 31 more conflicting pairs.")


def test_an_invalid_entry_carries_the_engine_problems_behind_its_message():
    """The message is English for the command line; the problems let the site word it."""
    unreadable = solve_entry(Entry(1, HARD[:80]))
    assert [problem.code for problem in unreadable.problems] == ["too_few_cells"]
    assert unreadable.message == unreadable.problems[0].message
    conflicting = solve_entry(Entry(1, "1" * 9 + "." * 72))
    assert len(conflicting.problems) == 36  # every pair, though the message names five
    assert {problem.code for problem in conflicting.problems} == {"conflict"}


def test_only_invalid_entries_carry_problems():
    assert solve_entry(Entry(1, HARD)).problems == ()
    assert solve_entry(Entry(1, HARD), Budget(max_guesses=1)).problems == ()


def test_outcomes_with_their_problems_come_back_whole_from_another_process():
    chunk = [Entry(1, HARD), Entry(2, TWO_FOURS_IN_ROW_1), Entry(3, "not a puzzle")]
    work = partial(solve_chunk, budget=DEFAULT_BUDGET)
    [outcomes] = in_order(work, [chunk], processes=2)
    here = solve_chunk(chunk, DEFAULT_BUDGET)
    assert [o.problems for o in outcomes] == [o.problems for o in here]
    assert outcomes[1].problems[0].cells == (0, 1)


def test_a_puzzle_without_solution_whose_givens_do_not_conflict_is_none():
    assert solve_entry(Entry(1, NO_SOLUTION)).status == "none"


def test_a_search_out_of_budget_gives_up_and_says_why():
    outcome = solve_entry(Entry(1, HARD), Budget(max_guesses=1))
    assert outcome.status == "gave_up"
    assert "budget (1 guesses" in outcome.message


def test_first_stops_at_a_solution_without_proving_it_unique():
    outcome = solve_entry(Entry(1, HARD), first=True)
    assert (outcome.status, outcome.solutions, outcome.solution) == ("solved", 1, HARD_SOLUTION)


def test_first_on_a_puzzle_with_several_solutions_gives_one_of_them():
    [puzzle] = sample("serg_multi.txt", 1)
    assert solve_entry(Entry(1, puzzle)).status == "multiple"
    outcome = solve_entry(Entry(1, puzzle), first=True)
    assert outcome.status == "solved"
    assert is_valid_solution(parse_puzzle(puzzle), parse_puzzle(outcome.solution))


@pytest.mark.parametrize(("text", "status"), [(NO_SOLUTION, "none"), (HARD[:80], "invalid")])
def test_first_leaves_the_other_verdicts_as_they_are(text, status):
    assert solve_entry(Entry(1, text), first=True).status == status


def test_a_puzzle_over_several_lines_is_shown_on_one_line():
    outcome = solve_entry(Entry(1, "\n".join(rows_of(HARD))))
    assert outcome.puzzle == " ".join(rows_of(HARD))


def test_a_chunk_gives_one_outcome_per_entry_in_order():
    chunk = [Entry(3, HARD), Entry(5, "not a puzzle"), Entry(8, NO_SOLUTION)]
    outcomes = solve_chunk(chunk, DEFAULT_BUDGET)
    assert [(o.line, o.status) for o in outcomes] == [(3, "unique"), (5, "invalid"), (8, "none")]


def test_entries_are_cut_into_chunks_of_a_size_the_last_shorter():
    entries = [Entry(number, HARD) for number in range(1, 8)]
    assert [len(chunk) for chunk in chunked(entries, 3)] == [3, 3, 1]


def test_a_linked_variant_is_solved_under_its_rules():
    _name, _kinds, payload, solution = next(
        v for v in supported_variants() if v[1] == ["jigsaw"] and len(v[3]) == 81
    )
    outcome = solve_entry(Entry(1, "fpuzzles" + payload))
    assert outcome.status == "unique"
    assert parse_puzzle(outcome.solution) == solution
