"""The celery runner's library: each run of the periodic top-up stores new
puzzles of every level the library lacks, easiest first, as `manage.py
generate --until` does, up to SUDOKU_LIBRARY_TOP_UP of each, and stops
after its time, the next run going on from there."""

import pytest

from solver.engine import is_valid_solution, parse_puzzle
from solver.engine.levels import LEVELS
from solver.library import tasks
from solver.library.models import Puzzle
from tests.support.stored import store_puzzles

pytestmark = pytest.mark.django_db


@pytest.fixture
def top_levels_held(settings):
    """One of each level wanted; expert and extreme (seconds to make) held already."""
    settings.SUDOKU_LIBRARY_TOP_UP = 1
    for level in ("expert", "extreme"):
        store_puzzles(level)


def held() -> dict[str, int]:
    return {level: Puzzle.objects.filter(level=level).count() for level in LEVELS}


def test_a_run_tops_every_level_up_with_the_commands_puzzles(top_levels_held, time_to_generate):
    assert tasks.top_up.apply().get() == 3
    assert held() == dict.fromkeys(LEVELS, 1)
    for puzzle in Puzzle.objects.filter(source="generated"):
        assert puzzle.symmetry == "rotational"
        assert is_valid_solution(parse_puzzle(puzzle.givens), parse_puzzle(puzzle.solution))


def test_a_full_library_makes_nothing(top_levels_held, never_generated):
    for level in ("easy", "medium", "hard"):
        store_puzzles(level)
    assert tasks.top_up.apply().get() == 0


def test_a_run_stops_when_its_time_is_spent_and_the_next_goes_on(
    top_levels_held, monkeypatch, time_to_generate
):
    monkeypatch.setattr(tasks, "TOP_UP_SECONDS", 0.0)
    assert tasks.top_up.apply().get() == 0
    monkeypatch.setattr(tasks, "TOP_UP_SECONDS", 600.0)
    assert tasks.top_up.apply().get() == 3


def test_a_puzzle_out_of_time_is_tried_again_with_another_seed(top_levels_held, monkeypatch):
    """The generator gives up on some seeds within the time left: the run goes on."""
    made = []
    generate = tasks.store.generator.generate

    def every_other(*args, **kwargs):
        made.append(1)
        return generate(*args, **kwargs) if len(made) % 2 == 0 else None

    monkeypatch.setattr(tasks.store.generator, "generate", every_other)
    assert tasks.top_up.apply().get() == 3
    assert len(made) == 6
