"""solver.teaching.sentences: every technique of the engine has one row of
words (its name, what to look for) in the family of its name, every step a
true sentence, known messages their own wording, and an unknown one a
generic sentence."""

from __future__ import annotations

from types import MappingProxyType

import pytest

from solver.engine import STANDARD, parse_puzzle
from solver.engine import techniques as engine_techniques
from solver.engine.marks import Marks
from solver.engine.steps import Pattern, Step
from solver.engine.teacher import explain
from solver.engine.techniques import TABLE, TECHNIQUES, TRIAL
from solver.teaching.sentences import FAMILIES, SAYINGS, WORDING, generic, look, name, sentence
from tests.support.killers import unique_killer
from tests.support.puzzles import HARD, sample, tiered
from tests.support.reglib import TECHNIQUE_OF_CODE, by_technique, cases_of

CAGED = {"cage-combinations", "rule-of-45"}


def test_every_technique_of_the_engine_has_one_row_of_words_and_there_are_no_others():
    assert list(WORDING) == list(TABLE)
    rows = [row.id for family in FAMILIES for row in family.WORDING]
    assert sorted(rows) == sorted(TABLE)
    assert set(TECHNIQUE_OF_CODE.values()) <= set(WORDING)


def test_each_family_words_the_techniques_of_the_engines_family_of_its_name():
    for family in FAMILIES:
        worded = {row.id for row in family.WORDING}
        name_of_family = family.__name__.rpartition(".")[2]
        if name_of_family == "trial":
            assert worded == {TRIAL.id}
        else:
            engine_family = getattr(engine_techniques, name_of_family)
            assert worded == {row.id for row in engine_family.TECHNIQUES}, name_of_family


def test_each_family_says_only_its_own_techniques_steps():
    for family in FAMILIES:
        worded = {row.id for row in family.WORDING}
        assert {message.partition("/")[0] for message in family.SAYINGS} <= worded


def test_names_read_as_people_write_them():
    assert (name("hidden-single"), name("x-wing"), name("bug-plus-one")) == (
        "Hidden single",
        "X-Wing",
        "BUG+1",
    )
    assert name("finned-swordfish") == "Finned Swordfish"
    assert name("unique-rectangle-2") == "Unique rectangle type 2"


def test_every_technique_has_its_own_sentence_in_some_form():
    for technique in TABLE:
        assert any(m == technique or m.startswith(technique + "/") for m in SAYINGS), technique


@pytest.mark.parametrize("technique", by_technique(TECHNIQUES.keys() & TECHNIQUE_OF_CODE.values()))
def test_every_step_of_the_libraries_cases_gets_its_own_true_sentence(technique):
    """The finders' own steps, on HoDoKu's boards for them: each message is
    worded from its parameters (not the generic fallback), and names the
    cells it changes."""
    said = 0
    for case in cases_of(technique):
        for step in TECHNIQUES[technique](case.marks.copy()):
            text = sentence(step)
            assert text != generic(step), (step.message, dict(step.params))
            for cell, _digit in step.placements + step.eliminations:
                assert f"r{cell // 9 + 1}c{cell % 9 + 1}" in text, text
            said += 1
    assert said


def steps_of(puzzle: str) -> list[Step]:
    return explain(Marks.from_grid(parse_puzzle(puzzle), STANDARD), unique=True)


@pytest.mark.parametrize("puzzle", tiered([HARD, *sample("top1465.txt", 6)], fast=3))
def test_each_step_of_a_puzzle_gets_its_own_sentence_naming_what_it_does(puzzle):
    for step in steps_of(puzzle):
        text = sentence(step)
        assert text != generic(step), step
        assert text.endswith(".")
        for cell, digit in step.placements:
            assert f"r{cell // 9 + 1}c{cell % 9 + 1}" in text
            assert str(digit) in text
        for cell, _digit in step.eliminations:
            assert f"r{cell // 9 + 1}c{cell % 9 + 1}" in text
        assert look(step).endswith(".")


def test_a_hidden_single_says_where_and_what():
    step = Step(
        "hidden-single",
        placements=((30, 7),),
        message="hidden-single",
        params={"digit": 7, "cell": 30, "unit": ("box", 5)},
    )
    assert sentence(step) == "Hidden single: in box 5, 7 fits only in r4c4, so it goes there."
    assert look(step) == "Look at box 5: a hidden single."


def test_a_fish_names_its_lines():
    step = Step(
        "x-wing",
        eliminations=((2, 5), (56, 5)),
        pattern=Pattern(digits=(5,)),
        message="x-wing",
        params=MappingProxyType(
            {"digit": 5, "base": ("row", (2, 7)), "cover": ("column", (3, 8)), "n": 2}
        ),
    )
    assert sentence(step) == (
        "X-Wing on 5: in rows 2 and 7, 5 lies only in columns 3 and 8, "
        "so it leaves the other cells of columns 3 and 8: r1c3, r7c3."
    )


def test_an_unknown_message_gets_a_generic_true_sentence():
    step = Step(
        "finned-x-wing",
        eliminations=((2, 5), (56, 5)),
        pattern=Pattern(cells=(0, 1), digits=(5,)),
        message="finned-x-wing/sashimi",
        params={"whatever": 1},
    )
    assert sentence(step) == "Finned X-Wing on 5: removes 5 from r1c3, r7c3."
    assert look(step) == "Look at r1c1, r1c2: a finned X-Wing."


def test_a_known_message_with_parameters_it_cannot_read_falls_back_to_the_generic():
    step = Step("naked-single", placements=((0, 3),), message="naked-single", params={})
    assert sentence(step) == "Naked single: places 3 in r1c1."


def test_a_trial_says_what_was_tried_and_what_it_led_to():
    placed = Step(
        "trial",
        placements=((0, 3),),
        pattern=Pattern(cells=(0,), digits=(3,)),
        message="trial",
        params={"cell": 0, "digit": 3, "outcome": "solution", "budget": False},
    )
    assert sentence(placed) == (
        "Trial: no technique applies, so 3 is tried in r1c1; it leads to a solution, "
        "so 3 goes there."
    )
    broken = Step(
        "trial",
        eliminations=((0, 3),),
        pattern=Pattern(cells=(0,), digits=(3,)),
        message="trial",
        params={
            "cell": 0,
            "digit": 3,
            "outcome": "contradiction",
            "budget": True,
            "singles": 4,
            "unit": ("row", 2),
            "missing": 6,
        },
    )
    assert sentence(broken) == (
        "Trial: the time for logical steps ran out, so 3 is tried in r1c1; it leads to a "
        "contradiction (after 4 singles, row 2 has no place left for 6), so 3 is not in r1c1."
    )
    assert look(broken) == "No technique applies here: the next step is a trial in r1c1."


def test_a_forcing_chain_names_the_branches_it_tried():
    step = Step(
        "forcing-chain",
        eliminations=((59, 2),),
        message="forcing-chain",
        params={"cell": 57, "branches": ((57, 2), (57, 7)), "outcome": "eliminate"},
    )
    assert sentence(step) == (
        "Forcing chain: the branches 2 and 7 in r7c4, each followed by singles, all lead to "
        "the same result, so it is true: removes 2 from r7c6."
    )
    broken = Step(
        "forcing-chain",
        eliminations=((21, 4),),
        message="forcing-chain/contradiction",
        params={"unit": ("row", 3), "digit": 4, "branches": ((20, 4), (21, 4), (23, 4))},
    )
    assert sentence(broken) == (
        "Forcing chain: of the branches 4 in r3c3, r3c4 and r3c6 of row 3, each followed by "
        "singles, one runs into a contradiction, so it is false: removes 4 from r3c4."
    )


def test_a_chain_counts_its_links_in_words():
    step = Step(
        "x-chain",
        eliminations=((1, 7),),
        pattern=Pattern(digits=(7,)),
        message="x-chain",
        params={"digit": 7, "start": 0, "end": 10, "length": 1},
    )
    assert sentence(step).startswith("X-Chain (1 link) from r1c1 to r2c2: one end holds 7")


def test_a_trial_that_breaks_the_board_at_once_counts_no_singles():
    step = Step(
        "trial",
        eliminations=((0, 3),),
        pattern=Pattern(cells=(0,), digits=(3,)),
        message="trial",
        params={"cell": 0, "digit": 3, "outcome": "contradiction", "budget": False}
        | {"singles": 0, "empty_cell": 8},
    )
    assert "(r1c9 has no candidate left)" in sentence(step)
    one = Step(**{**step.__dict__, "params": {**step.params, "singles": 1}})
    assert "(after 1 single, r1c9 has no candidate left)" in sentence(one)


@pytest.mark.parametrize("seed", [2, 4])
def test_a_killers_steps_get_their_own_sentences_naming_the_cells_and_the_sum(seed):
    puzzle, _grid = unique_killer(seed)
    marks = Marks.from_grid(puzzle.grid, puzzle.rules.geometry, rules=puzzle.rules)
    caged = [s for s in explain(marks, unique=True) if s.technique in CAGED]
    assert {s.technique for s in caged} == CAGED
    for step in caged:
        text = sentence(step, puzzle.rules.geometry)
        assert text != generic(step), step
        assert str(step.params["total"]) in text
        for cell, _digit in step.eliminations:
            assert f"r{cell // 9 + 1}c{cell % 9 + 1}" in text


def test_a_cage_sentence_lists_the_digit_sets_that_make_its_sum():
    step = Step(
        "cage-combinations",
        eliminations=((9, 6),),
        message="cage-combinations",
        params={"cells": [0, 9], "total": 12, "sets": [[3, 9], [4, 8], [5, 7]]},
    )
    assert sentence(step) == (
        "Cage combinations: the cage of r1c1, r2c1 sums to 12 with different digits, "
        "which its candidates can only make as 3+9, 4+8 or 5+7: removes 6 from r2c1."
    )
