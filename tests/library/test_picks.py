"""What a request is handed from the library: random picks keep to the level
asked for; a seed picks the same puzzle again; expert and extreme are never
generated, only picked; easy to hard are made on demand and come back
unsaved; the daily puzzle is chosen once a day and kept."""

from datetime import UTC, date, datetime
from random import Random

import pytest

from solver.engine import format_grid, is_valid_solution, parse_puzzle
from solver.engine.generate import SYMMETRIES
from solver.engine.levels import LEVELS
from solver.library import picks, store
from solver.library.models import Daily, Puzzle
from tests.support.stored import store_puzzles

pytestmark = pytest.mark.django_db

DAY = date(2026, 11, 24)
AHEAD_OF_TIME = ("expert", "extreme")


# Which levels are made on demand


def test_expert_and_extreme_are_made_ahead_of_time_and_the_others_on_demand():
    assert [level for level in LEVELS if not picks.on_demand(level)] == list(AHEAD_OF_TIME)
    assert set(store.ON_DEMAND) | set(store.AHEAD_OF_TIME) == set(LEVELS)


@pytest.mark.parametrize("level", AHEAD_OF_TIME)
def test_an_expert_or_extreme_puzzle_is_never_generated_for_a_request(level, never_generated):
    with pytest.raises(ValueError, match="made ahead of time only"):
        picks.made(level, "rotational", 36)
    assert picks.for_seed(level, "rotational", 36) == (None, 36)
    assert picks.drawn_or_made(level) is None
    assert picks.daily_puzzle(level, DAY) is None
    assert not Puzzle.objects.exists()


# Random picks


def test_random_puzzle_is_none_when_the_library_has_none_of_the_level():
    assert picks.random_puzzle("hard") is None
    store_puzzles("easy")
    assert picks.random_puzzle("hard") is None


def test_random_puzzle_keeps_to_the_level_and_reaches_every_puzzle_of_it():
    for level in ("easy", "hard"):
        store_puzzles(level, 4)
    rng = Random(7)
    for level in ("easy", "hard"):
        picked = {picks.random_puzzle(level, rng).id for _ in range(200)}
        assert picked == set(Puzzle.objects.filter(level=level).values_list("id", flat=True))


def test_an_unknown_level_or_symmetry_is_refused():
    with pytest.raises(ValueError, match="Unknown level"):
        picks.random_puzzle("fiendish")
    with pytest.raises(ValueError, match="Unknown level"):
        picks.daily_puzzle("fiendish")
    with pytest.raises(ValueError, match="Unknown level"):
        picks.for_seed("fiendish", "rotational", 1)
    with pytest.raises(ValueError, match="Unknown symmetry"):
        picks.seeded_puzzle("expert", "spiral", 1)


# A seed's puzzle from the library


def test_the_same_seed_gives_the_same_library_puzzle(never_generated):
    store_puzzles("extreme", 30, symmetry="rotational")
    first = [picks.seeded_puzzle("extreme", "rotational", seed) for seed in range(40)]
    again = [picks.seeded_puzzle("extreme", "rotational", seed) for seed in range(40)]
    assert again == first
    assert len(set(first)) > 10  # the seeds spread over the library


def test_a_seeds_pick_keeps_to_the_level_and_the_symmetry(never_generated):
    store_puzzles("expert", 5, symmetry="none")
    mirrored = set(store_puzzles("expert", 5, symmetry="mirror"))
    store_puzzles("extreme", 5, symmetry="mirror")
    assert {picks.seeded_puzzle("expert", "mirror", seed) for seed in range(50)} <= mirrored
    assert picks.seeded_puzzle("expert", "diagonal", 1) is None


def test_a_seed_left_out_is_drawn_and_given_back_to_pick_again(never_generated):
    store_puzzles("expert", 20, symmetry="rotational")
    puzzle, seed = picks.for_seed("expert", "rotational")
    assert 0 <= seed < picks.SEEDS
    assert picks.for_seed("expert", "rotational", seed) == (puzzle, seed)


# Made on demand


def test_a_puzzle_made_on_demand_comes_back_unsaved(time_to_generate):
    puzzle = picks.made("easy", "mirror", 9)
    assert not store.is_stored(puzzle)
    assert not Puzzle.objects.exists()
    assert (puzzle.level, puzzle.source) == ("easy", store.GENERATED)
    assert puzzle.id == store.puzzle_id(puzzle.canonical)
    assert is_valid_solution(parse_puzzle(puzzle.givens), parse_puzzle(puzzle.solution))
    assert picks.made("easy", "mirror", 9).givens == puzzle.givens  # the same seed, again


def test_a_puzzle_made_again_is_the_one_stored(time_to_generate):
    stored, _ = store.keep(picks.made("hard", "rotational", 42))
    assert picks.made("hard", "rotational", 42) == stored
    assert store.is_stored(picks.made("hard", "rotational", 42))


def test_made_is_none_when_out_of_time():
    assert picks.made("hard", "rotational", 1, max_seconds=1e-6) is None


def test_a_level_the_library_lacks_is_made_and_stored_once_then_drawn(time_to_generate):
    made = picks.drawn_or_made("medium")
    assert made is not None
    assert Puzzle.objects.get() == made
    assert picks.drawn_or_made("medium") == made


def test_a_drawn_seed_is_the_one_the_generator_made_the_puzzle_from(time_to_generate):
    puzzle, seed = picks.for_seed("easy", SYMMETRIES[0])
    generated = store.generator.generate(level="easy", seed=seed)
    assert puzzle.givens == format_grid(generated.puzzle)


# The daily puzzle


def test_the_daily_puzzle_is_chosen_once_and_stays_all_day():
    store_puzzles("medium", 6)
    chosen = picks.daily_puzzle("medium", DAY)
    assert chosen is not None
    assert chosen.level == "medium"
    assert Daily.objects.get(day=DAY, level="medium").puzzle == chosen
    # New puzzles may change which the pick would find; the stored choice stands.
    store_puzzles("medium", 12)
    assert all(picks.daily_puzzle("medium", DAY) == chosen for _ in range(3))
    assert Daily.objects.count() == 1


def test_the_daily_puzzle_defaults_to_today():
    store_puzzles("easy")
    today = picks.daily_puzzle("easy")
    assert Daily.objects.get(level="easy").day == datetime.now(UTC).date()  # the site's zone
    assert picks.daily_puzzle("easy") == today


def test_each_level_has_its_own_daily_puzzle():
    for level in ("easy", "hard"):
        store_puzzles(level, 2)
    assert picks.daily_puzzle("easy", DAY).level == "easy"
    assert picks.daily_puzzle("hard", DAY).level == "hard"


def test_a_daily_puzzle_the_library_lacks_is_generated_from_the_day(time_to_generate):
    """The same day and level make the same puzzle, wherever it is asked for."""
    made = picks.daily_puzzle("easy", DAY)
    assert made is not None
    assert (made.level, made.source) == ("easy", store.GENERATED)
    assert Puzzle.objects.get() == made  # stored, as the day's choice must be
    assert is_valid_solution(parse_puzzle(made.givens), parse_puzzle(made.solution))
    givens = made.givens
    Daily.objects.all().delete()
    Puzzle.objects.all().delete()
    assert picks.daily_puzzle("easy", DAY).givens == givens


def test_the_daily_puzzle_of_a_level_made_ahead_of_time_waits_for_the_library(never_generated):
    assert picks.daily_puzzle("extreme", DAY) is None
    assert not Daily.objects.exists()
    (extreme,) = store_puzzles("extreme")
    assert picks.daily_puzzle("extreme", DAY) == extreme


def test_no_daily_puzzle_when_generating_runs_out_of_time(settings):
    settings.SUDOKU_GENERATE_SECONDS = 1e-6
    assert picks.daily_puzzle("hard", DAY) is None
    assert not Daily.objects.exists()


def test_no_daily_puzzle_is_generated_without_time_left(never_generated):
    assert picks.daily_puzzle("easy", DAY, max_seconds=0) is None


def test_a_library_full_of_kept_puzzles_stores_no_made_one(settings, time_to_generate):
    """A pick that would store a puzzle it made (a level the library lacks, a
    day's) gives none when every puzzle left is kept, and removes none."""
    settings.SUDOKU_LIBRARY_MAX_ROWS = 1
    (opened,) = store_puzzles("easy", source=store.GENERATED)
    store.mark_kept(opened)
    assert picks.drawn_or_made("medium") is None
    assert picks.daily_puzzle("hard") is None
    assert list(Puzzle.objects.all()) == [opened]
