"""The teacher under variant rules: every step it takes on the shared variant
puzzles keeps their solution, every region is scanned, and it asks only the
techniques whose reasoning the rule set keeps.

A walk ends solved, or on a trial the exact solver could not decide within
its budget (a non-consecutive puzzle the search gives up on): it never ends
on a wrong step.
"""

from __future__ import annotations

import pytest

from solver.engine.links import read_link
from solver.engine.marks import Marks
from solver.engine.rules import kinds as k
from solver.engine.rules import rule_set
from solver.engine.teacher import allowed, explain, trial_step
from solver.engine.techniques import ANY_REGIONS, TECHNIQUES, UNIQUENESS
from solver.engine.techniques.intersections import find_law_of_leftovers, find_locked_regions
from solver.engine.techniques.singles import find_hidden_single
from tests.support.soundness import unsound
from tests.support.variants import first_of_each_kind, supported_variants


def walk(payload: str, solution) -> tuple[list, Marks]:
    """The teacher's steps on a shared variant, from its givens, and the board after."""
    puzzle = read_link("fpuzzles" + payload)
    marks = Marks.from_grid(puzzle.grid, puzzle.rules.geometry, rules=puzzle.rules)
    steps = explain(marks, max_seconds=1.0, unique=True)
    assert unsound(steps, tuple(solution)) == []
    return steps, marks


def ends_solved_or_undecided(marks: Marks, solution) -> bool:
    """True if the walk solved the board, or stopped on a trial the solver
    could not decide (its budget ran out), never on a broken board."""
    if marks.solved():
        return tuple(marks.digits) == tuple(solution)
    return all(marks.candidates[c] for c, d in enumerate(marks.digits) if not d) and (
        trial_step(marks.copy()) is None
    )


@pytest.mark.parametrize("kind", sorted(first_of_each_kind()))
def test_every_step_on_each_kind_keeps_the_solution(kind):
    payload, solution = first_of_each_kind()[kind]
    _steps, marks = walk(payload, solution)
    assert ends_solved_or_undecided(marks, solution)


# A third of the shared variants, the same every run, and every jigsaw (the
# rule set that takes the most techniques away): some 30 s of one core.
SAMPLE = [
    (name, payload, solution)
    for i, (name, kinds, payload, solution) in enumerate(supported_variants())
    if i % 3 == 0 or "jigsaw" in kinds
]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "payload", "solution"), SAMPLE, ids=[s[0] for s in SAMPLE])
def test_every_step_on_the_shared_variants_keeps_the_solution(name, payload, solution):
    _steps, marks = walk(payload, solution)
    assert ends_solved_or_undecided(marks, solution), name


def test_a_hidden_single_is_found_on_a_diagonal():
    rules = rule_set(4, [k.Diagonal(main=True)])
    grid = [0] * 16
    grid[0], grid[5], grid[10] = 1, 2, 3  # the main diagonal lacks only a 4, at r4c4
    marks = Marks.from_grid(tuple(grid), rules.geometry, rules=rules)
    found = {(s.placements, s.params["unit"]) for s in find_hidden_single(marks)}
    assert (((15, 4),), ("diagonal", 1)) in found


def test_placing_a_digit_under_non_consecutive_rules_out_its_neighbours_digits_one_away():
    rules = rule_set(9, [k.NonConsecutive()])
    grid = [0] * 81
    grid[40] = 5  # r5c5
    marks = Marks.from_grid(tuple(grid), rules.geometry, rules=rules)
    for neighbour in (31, 39, 41, 49):
        assert not marks.has(neighbour, 4)
        assert not marks.has(neighbour, 6)
    assert marks.has(30, 4)  # a diagonal neighbour keeps them
    marks.place(0, 1)
    assert not marks.has(1, 2)
    assert not marks.has(9, 2)


def test_uniqueness_techniques_are_never_asked_under_a_variant():
    rules = rule_set(9, [k.AntiKnight()])
    kept = allowed(TECHNIQUES, unique=True, rules=rules)
    assert not set(kept) & set(UNIQUENESS)
    assert set(allowed(TECHNIQUES, unique=True)) >= set(UNIQUENESS)


def test_under_jigsaw_regions_only_techniques_that_read_every_region_are_asked():
    payload, _solution = first_of_each_kind()["jigsaw"]
    rules = read_link("fpuzzles" + payload).rules
    kept = set(allowed(TECHNIQUES, unique=True, rules=rules))
    assert kept <= ANY_REGIONS
    assert {"hidden-single", "locked-pointing", "x-wing"} <= kept
    assert not {"finned-x-wing", "aic", "forcing-chain"} & kept


def test_a_cell_that_a_knights_move_sees_every_place_of_a_digit_in_a_box_loses_it():
    """Under anti-knight, a digit with two places in a row, both a knight's
    move from one cell of another row: that cell cannot hold it. Classic
    Sudoku's intersections know nothing of it; locked regions does."""
    rules = rule_set(9, [k.AntiKnight()])
    marks = Marks.from_grid((0,) * 81, rules.geometry, rules=rules)
    row = marks.shape.units[0]  # row 1
    for cell in row.cells:
        if cell not in (3, 5):
            marks.eliminate(cell, 7)  # 7 lies only in r1c4 and r1c6
    steps = list(find_locked_regions(marks))
    found = next(s for s in steps if s.params["unit"] == ("row", 1) and s.params["digit"] == 7)
    # r2c5 is a king's step from both (a peer by box); r3c5 a knight's move from both.
    assert (22, 7) in found.eliminations
    assert all(d == 7 for _c, d in found.eliminations)
    classic = Marks.from_grid((0,) * 81, rules.geometry)
    assert list(find_locked_regions(classic)) == []


def test_under_non_consecutive_a_cell_beside_every_place_loses_the_digits_one_away():
    rules = rule_set(9, [k.NonConsecutive()])
    marks = Marks.from_grid((0,) * 81, rules.geometry, rules=rules)
    column = marks.shape.units[9]  # column 1
    for cell in column.cells:
        if cell not in (0, 18):
            marks.eliminate(cell, 5)  # 5 lies only in r1c1 and r3c1: both beside r2c1
    steps = list(find_locked_regions(marks))
    found = next(s for s in steps if s.params["unit"] == ("column", 1) and s.params["digit"] == 5)
    assert {(9, 4), (9, 6)} <= set(found.eliminations)


def jigsaws():
    """Every shared jigsaw alone, read: (puzzle, solution)."""
    return [
        (read_link("fpuzzles" + payload), tuple(solution))
        for _name, kinds, payload, solution in supported_variants()
        if kinds == ["jigsaw"]
    ]


def test_the_law_of_leftovers_keeps_the_solution_and_its_innies_and_outies_balance():
    found = 0
    for puzzle, solution in jigsaws():
        marks = Marks.from_grid(puzzle.grid, puzzle.rules.geometry, rules=puzzle.rules)
        for step in explain(marks, max_seconds=1.0, unique=True):
            if step.technique != "law-of-leftovers":
                continue
            found += 1
            assert unsound([step], solution) == []
            innies, outies = step.params["innies"], step.params["outies"]
            assert len(innies) == len(outies)
            assert sorted(solution[c] for c in innies) == sorted(solution[c] for c in outies)
            assert len(step.params["lines"]) == len(step.params["regions"])
    assert found  # the shared jigsaws need it


def test_the_law_of_leftovers_is_looked_for_only_with_jigsaw_regions():
    rules = rule_set(9, [k.Diagonal(main=True)])
    marks = Marks.from_grid((0,) * 81, rules.geometry, rules=rules)
    assert list(find_law_of_leftovers(marks)) == []
