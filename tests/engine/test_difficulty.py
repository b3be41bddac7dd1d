"""Difficulty: a walk's level and score come from the techniques it needs, the
hardest one first; singles alone are easy, a trial is extreme."""

from itertools import pairwise

import pytest

from solver.engine import parse_puzzle
from solver.engine.board import shape_of_grid
from solver.engine.difficulty import CEILINGS, WEIGHTS, Difficulty, rate
from solver.engine.levels import LEVELS
from solver.engine.marks import Marks
from solver.engine.steps import Step
from solver.engine.teacher import TRIAL, explain
from solver.engine.techniques import TECHNIQUES
from tests.support.puzzles import sample

SINGLES = ("full-house", "naked-single", "hidden-single")
# Every technique id the API publishes: clients name techniques by them, so none
# may go or change its name unnoticed.
API_IDS = (
    *SINGLES,
    *("locked-pointing", "locked-claiming", "locked-pair", "locked-triple"),
    *("locked-regions", "law-of-leftovers", "cage-combinations", "rule-of-45"),
    *("naked-pair", "naked-triple", "naked-quad", "hidden-pair", "hidden-triple", "hidden-quad"),
    *("x-wing", "swordfish", "jellyfish", "finned-x-wing", "finned-swordfish", "finned-jellyfish"),
    *("skyscraper", "two-string-kite", "turbot-fish", "empty-rectangle"),
    *("remote-pair", "xy-wing", "xyz-wing", "w-wing", "simple-colors", "multi-colors"),
    *("unique-rectangle-1", "unique-rectangle-2", "unique-rectangle-3", "unique-rectangle-4"),
    *("hidden-rectangle", "bug-plus-one", "x-chain", "xy-chain", "aic"),
    *("als-xz", "als-xy-wing", "sue-de-coq", "forcing-chain", TRIAL),
)


def walk(*techniques):
    """Steps of the given techniques, in order (only the ids matter to a rating)."""
    return [Step(technique) for technique in techniques]


def explained(text):
    """The teacher's steps for a puzzle, from its givens."""
    grid = parse_puzzle(text)
    return explain(Marks.from_grid(grid, shape_of_grid(grid)), unique=True)


def test_every_technique_the_api_names_has_a_weight_and_no_other_has():
    assert set(TECHNIQUES) <= set(WEIGHTS)
    assert set(WEIGHTS) == set(API_IDS)
    assert {weight.level for weight in WEIGHTS.values()} == set(LEVELS)


def test_the_singles_alone_are_easy():
    assert {t for t, w in WEIGHTS.items() if w.level == "easy"} == set(SINGLES)


def test_a_higher_level_is_worth_more_points_than_any_lower_one():
    for lower, higher in pairwise(LEVELS):
        most = max(w.points for w in WEIGHTS.values() if w.level == lower)
        least = min(w.points for w in WEIGHTS.values() if w.level == higher)
        assert most < least, (lower, higher)


def test_a_walk_of_singles_is_easy_however_long():
    assert rate(walk(*SINGLES * 80)).level == "easy"


def test_a_walk_with_a_trial_is_extreme_and_the_trial_is_its_hardest():
    rating = rate(walk("naked-single", "x-wing", TRIAL, "hidden-single"))
    assert rating.level == "extreme"
    assert rating.hardest == TRIAL


def test_the_hardest_is_the_highest_level_not_the_most_used():
    rating = rate(walk("locked-pointing", *["hidden-pair"] * 5, "naked-single"))
    assert rating.hardest == "hidden-pair"
    assert rating.level == "medium"
    assert rate(walk("x-wing", *["hidden-triple"] * 3)).hardest == "x-wing"


def test_each_more_use_of_the_hardest_raises_the_score():
    scores = [rate(walk("naked-single", *["xy-wing"] * n)).score for n in range(1, 6)]
    assert scores == sorted(set(scores))


def test_the_other_steps_add_to_the_score_but_less_than_the_hardest():
    alone = rate(walk("swordfish")).score
    assert rate(walk("swordfish", "naked-pair")).score > alone
    assert rate(walk("swordfish", "swordfish")).score > rate(walk("swordfish", "naked-pair")).score


def test_many_steps_of_a_level_with_a_ceiling_raise_the_level_by_one():
    for level, ceiling in CEILINGS.items():
        if ceiling is None:
            continue
        technique = next(t for t, w in WEIGHTS.items() if w.level == level)
        steps = walk(*[technique] * (ceiling // WEIGHTS[technique].points + 1))
        assert rate(steps).level == LEVELS[LEVELS.index(level) + 1]


def test_no_walk_is_raised_out_of_easy_nor_by_more_than_one_level():
    assert CEILINGS["easy"] is None
    assert rate(walk(*["hidden-single"] * 1000)).level == "easy"
    assert rate(walk(*["x-wing"] * 1000)).level == "expert"


def test_no_step_is_easy_with_nothing_hardest():
    assert rate([]) == Difficulty("easy", 0, "")


def test_a_technique_without_a_weight_is_an_error():
    with pytest.raises(KeyError):
        rate(walk("naked-single", "no-such-technique"))


def test_a_puzzle_rated_easy_falls_to_singles_and_no_other_does():
    # Each walk starts from the givens: the teacher asks singles first, so a
    # walk with another step is one the singles alone could not finish.
    for text in sample("seventeen_clue.txt", 30) + sample("top1465.txt", 5):
        steps = explained(text)
        singles_only = {step.technique for step in steps} <= set(SINGLES)
        assert (rate(steps).level == "easy") == singles_only, text
