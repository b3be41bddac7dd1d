"""The teacher: steps simplest first, each one sound, and a trial step (never a
wrong one) when no technique applies."""

import gc
import pickle

from solver.engine import parse_puzzle
from solver.engine.board import STANDARD, shape_of_grid
from solver.engine.marks import Marks
from solver.engine.steps import Step
from solver.engine.teacher import TRIAL, contradiction, explain, next_step, trial_step
from solver.engine.techniques import FAMILIES, TABLE, TECHNIQUES, UNIQUENESS, rank
from tests.support.boards import cell, open_board
from tests.support.puzzles import HARD, HARD_SOLUTION, SIZED, sample
from tests.support.soundness import contradictions, solution_of, unsound


def explained(text, techniques=TECHNIQUES):
    """The puzzle's solution, its board once explained, and the steps."""
    grid = parse_puzzle(text)
    marks = Marks.from_grid(grid, shape_of_grid(grid))
    return solution_of(grid), marks, explain(marks, techniques)


def test_the_techniques_are_asked_simplest_first():
    order = list(TECHNIQUES)
    assert order[:3] == ["full-house", "naked-single", "hidden-single"]
    assert order.index("locked-pointing") < order.index("naked-pair")
    assert order.index("skyscraper") < order.index("finned-x-wing")


def test_simplest_is_what_the_difficulty_model_ranks_lowest():
    ranks = [rank(TABLE[technique]) for technique in TECHNIQUES]
    assert ranks == sorted(ranks)
    assert set(TECHNIQUES) == {row.id for family in FAMILIES for row in family.TECHNIQUES}


def test_the_soundness_rule_refuses_a_wrong_placement_and_a_wrong_elimination():
    """The rule every test below relies on finds what it looks for."""
    solution = parse_puzzle(HARD_SOLUTION)  # r1c1 holds 4, r1c2 holds 6
    right = Step("x", placements=((0, 4),), eliminations=((1, 4),))
    placed_wrong = Step("x", placements=((0, 6),))
    eliminated_right = Step("x", eliminations=((1, 6),))
    steps = [right, placed_wrong, eliminated_right]
    assert unsound(steps, solution) == [placed_wrong, eliminated_right]
    assert contradictions(solution, [(0, 6)], [(1, 6), (1, 4)]) == [
        "placed 6 in cell 0, whose digit is 4",
        "eliminated 6 from cell 1, whose digit it is",
    ]


def test_hard_puzzles_are_explained_to_their_solution_with_sound_steps():
    # A few here; tests/engine/test_teacher_soundness.py walks hundreds (the
    # sweep, in make test) or every one (make soundness).
    for text in sample("top1465.txt", 3) + sample("forum_hardest_1106.txt", 1):
        solution, marks, steps = explained(text)
        assert tuple(marks.digits) == solution, text
        assert unsound(steps, solution) == []


def test_every_size_is_explained():
    for text in SIZED.values():
        solution, marks, steps = explained(text)
        assert tuple(marks.digits) == solution
        assert unsound(steps, solution) == []


def test_without_techniques_trials_alone_solve_a_puzzle_and_say_what_they_found():
    solution, marks, steps = explained(HARD, techniques={})
    assert tuple(marks.digits) == solution
    assert {step.technique for step in steps} == {TRIAL}
    assert unsound(steps, solution) == []
    outcomes = {step.params["outcome"] for step in steps}
    assert outcomes == {"contradiction", "solution"}
    for step in steps:
        if step.params["outcome"] == "solution":
            assert step.params["solution"] == solution


def test_a_trial_comes_only_when_no_technique_applies():
    marks = Marks.from_grid(parse_puzzle(HARD), STANDARD)
    assert next_step(marks).technique != TRIAL
    assert next_step(marks, {}).technique == TRIAL


def test_a_cell_without_candidates_gets_no_trial():
    marks = Marks.from_grid(parse_puzzle(HARD), STANDARD)
    cell = marks.digits.index(0)
    marks.candidates[cell] = 0
    assert trial_step(marks) is None


def test_a_solved_board_has_no_next_step():
    grid = parse_puzzle(HARD)
    marks = Marks.from_grid(solution_of(grid), STANDARD)
    assert next_step(marks) is None
    assert explain(marks) == []


def test_once_its_time_is_spent_the_teacher_ends_in_trial_steps_that_solve_the_puzzle():
    grid = parse_puzzle(HARD)
    marks = Marks.from_grid(grid, STANDARD)
    steps = explain(marks, max_seconds=0)
    assert tuple(marks.digits) == solution_of(grid)
    assert {step.technique for step in steps} == {TRIAL}
    assert all(step.params["budget"] for step in steps)
    assert unsound(steps, solution_of(grid)) == []


def test_a_trial_taken_because_no_technique_applies_is_not_a_budget_trial():
    marks = Marks.from_grid(parse_puzzle(HARD), STANDARD)
    assert next_step(marks, {}).params["budget"] is False


def test_uniqueness_techniques_are_asked_only_when_the_puzzle_is_proved_unique():
    asked = []

    def finder(marks):
        asked.append(True)
        return iter(())

    marks = Marks.from_grid(parse_puzzle(HARD), STANDARD)
    for name in UNIQUENESS:
        next_step(marks, {name: finder})
    assert asked == []
    next_step(marks, {name: finder for name in UNIQUENESS}, unique=True)
    assert len(asked) == len(UNIQUENESS)


def test_a_trial_that_fails_names_the_cell_it_leaves_empty():
    marks = open_board(pencilled={cell(1, 9): {5}})
    assert contradiction(marks, cell(1, 1), 5) == {"singles": 0, "empty_cell": cell(1, 9)}


def test_a_trial_that_fails_names_the_unit_it_leaves_without_a_digit():
    row_2 = {cell(2, col): {1, 2, 3, 4, 5, 6, 7, 8} for col in range(4, 10)}
    marks = open_board(pencilled=row_2)  # 9 has r2c1-r2c3 only, all in box 1
    assert contradiction(marks, cell(1, 1), 9) == {"singles": 0, "unit": ("row", 2), "missing": 9}


def test_a_trial_that_fails_counts_the_singles_that_lead_to_the_contradiction():
    # 5 in r1c1 leaves r1c9 with 6 alone; that single takes r9c9's last candidate.
    marks = open_board(pencilled={cell(1, 9): {5, 6}, cell(9, 9): {6}})
    assert contradiction(marks, cell(1, 1), 5) == {"singles": 1, "empty_cell": cell(9, 9)}


def test_a_right_digit_shows_no_contradiction():
    grid = parse_puzzle(HARD)
    marks = Marks.from_grid(grid, STANDARD)
    solution = solution_of(grid)
    for at in range(81):
        if not grid[at]:
            assert contradiction(marks, at, solution[at]) == {}


def test_a_chain_back_to_a_group_places_no_digit():
    """top1465's puzzle 577: a chain through two almost locked sets returns
    to a group of two 7s in row 3; that proves 7 in one of them, not in r3c1,
    which once was placed (and was wrong)."""
    text = ".....1..8..4..765..5..6.39..13...7...7..3..8.46.7.5........6..9..29........85...."
    grid = parse_puzzle(text)
    solution = solution_of(grid)
    marks = Marks.from_grid(grid, STANDARD)
    steps = explain(marks, unique=True)
    assert tuple(marks.digits) == solution
    assert unsound(steps, solution) == []


def test_a_walk_can_be_pickled_for_a_cache_other_processes_read():
    marks = Marks.from_grid(parse_puzzle(HARD), STANDARD)
    steps = explain(marks, unique=True)
    again = pickle.loads(pickle.dumps(steps))
    assert again == steps  # each field, the params' values included


def test_a_walk_leaves_no_cycles_for_the_garbage_collector():
    """Its objects are freed as they go (``techniques.unions`` says why this
    matters): the collector finds next to nothing after a hard walk."""
    gc.collect()
    explained(sample("forum_hardest_1106.txt", 1)[0])
    assert gc.collect() < 100


def test_the_collector_is_paused_during_a_walk_and_left_as_it_was():
    seen = []

    def watch(marks):
        seen.append(gc.isenabled())
        return iter(())

    techniques = {"watch": watch, **TECHNIQUES}
    explained(HARD, techniques)
    assert seen
    assert not any(seen)
    assert gc.isenabled()
    gc.disable()
    try:
        explained(HARD, techniques)
        assert not gc.isenabled()
    finally:
        gc.enable()
