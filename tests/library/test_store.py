"""The puzzle library: a puzzle is stored once however it is written, under a
short stable id; random picks keep to the level asked for; the daily puzzle is
chosen once a day and kept; new puzzles are generated and stored."""

import string
from dataclasses import replace
from datetime import UTC, date, datetime
from random import Random

import pytest

from solver.engine import STANDARD, format_grid, is_valid_solution, parse_puzzle
from solver.engine.generate import SYMMETRIES
from solver.engine.levels import LEVELS
from solver.engine.symmetry import canonical, random_transform
from solver.library import store
from solver.library.models import Daily, Puzzle
from tests.support.puzzles import HARD, HARD1, HARD_SOLUTION, NO_SOLUTION, SIZED, sample

pytestmark = pytest.mark.django_db

DAY = date(2026, 11, 24)


def entries(count: int) -> list[store.Entry]:
    """Entries of ``count`` puzzles of the seventeen-clue set."""
    prepared = [
        store.prepare(parse_puzzle(text), None) for text in sample("seventeen_clue.txt", count)
    ]
    assert all(isinstance(entry, store.Entry) for entry in prepared)
    return prepared


def written_another_way(entry: store.Entry, rng: Random) -> store.Entry:
    """The entry of the same puzzle written another way (a random transform)."""
    transform = random_transform(STANDARD, rng)
    givens = transform.apply(parse_puzzle(entry.givens))
    prepared = store.prepare(givens, None)
    assert isinstance(prepared, store.Entry)
    assert prepared.givens != entry.givens
    return prepared


# Preparing


def test_prepare_solves_rates_and_writes_the_canonical_form():
    grid = parse_puzzle(HARD)
    entry = store.prepare(grid, None)
    assert isinstance(entry, store.Entry)
    assert entry.givens == HARD
    assert entry.solution == HARD_SOLUTION
    assert entry.canonical == format_grid(canonical(grid, STANDARD))
    assert entry.level in LEVELS
    assert entry.score > 0
    assert entry.hardest
    assert entry.symmetry in SYMMETRIES


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (HARD1, "not unique"),
        (NO_SOLUTION, "no solution"),
        ("44" + HARD[2:], "no solution"),  # two 4s in row 1
        (SIZED["4x4"], "not 9x9"),
    ],
)
def test_prepare_says_why_a_puzzle_cannot_join_the_library(text, reason):
    assert store.prepare(parse_puzzle(text), 10.0) == reason


def test_prepare_turns_away_a_puzzle_it_cannot_rate_in_time():
    """A rating cut short would end in trial steps and call any puzzle extreme."""
    assert store.prepare(parse_puzzle(HARD), 1e-6) == "out of time"


def test_prepare_lines_reads_each_line_or_says_why_not():
    lines = [(1, HARD), (2, "not a puzzle"), (3, HARD1)]
    prepared = store.prepare_lines(lines, None)
    assert isinstance(prepared[0], store.Entry)
    assert prepared[1:] == ["not a puzzle", "not unique"]


# Ids


def test_an_id_is_short_url_safe_and_stable():
    """Stable: the same in every database and every version, so links last."""
    ids = {store.puzzle_id(entry.canonical) for entry in entries(20)}
    assert len(ids) == 20
    assert all(len(id) <= 16 and set(id) <= set(string.ascii_lowercase + "234567") for id in ids)
    # The first 12 letters of the SHA-256 in lower-case base32, written down
    # here so that a change to how ids are made fails.
    assert store.puzzle_id("1" + "." * 80) == "r5iddkgawx3u"


def test_equivalent_puzzles_have_one_id():
    rng = Random(16)
    for entry in entries(5):
        copy = written_another_way(entry, rng)
        assert store.puzzle_id(copy.canonical) == store.puzzle_id(entry.canonical)


# Storing


def test_store_keeps_every_field_under_the_canonical_forms_id():
    entry = entries(1)[0]
    puzzle, stored = store.store(entry, "seventeen")
    assert stored
    puzzle = Puzzle.objects.get(pk=puzzle.pk)
    assert puzzle.id == store.puzzle_id(entry.canonical)
    assert (puzzle.givens, puzzle.solution, puzzle.canonical) == (
        entry.givens,
        entry.solution,
        entry.canonical,
    )
    assert (puzzle.level, puzzle.score, puzzle.hardest, puzzle.symmetry) == (
        entry.level,
        entry.score,
        entry.hardest,
        entry.symmetry,
    )
    assert puzzle.source == "seventeen"
    assert puzzle.created is not None


def test_a_puzzle_written_another_way_is_found_as_a_duplicate():
    rng = Random(24)
    for entry in entries(5):
        original, _ = store.store(entry, "seventeen")
        for _ in range(3):
            found, stored = store.store(written_another_way(entry, rng), "copies")
            assert not stored
            assert found.pk == original.pk
            assert found.givens == entry.givens
    assert Puzzle.objects.count() == 5
    assert not Puzzle.objects.filter(source="copies").exists()


def test_store_all_stores_each_puzzle_once_and_counts_them():
    first, second, third = entries(3)
    store.store(first, "before")
    rng = Random(3)
    batch = [first, second, written_another_way(second, rng), third]
    assert store.store_all(batch, "set") == 2
    assert store.store_all(batch, "set") == 0
    assert Puzzle.objects.count() == 3
    assert Puzzle.objects.get(canonical=first.canonical).source == "before"


# Random picks


def test_random_puzzle_is_none_when_the_library_has_none_of_the_level():
    assert store.random_puzzle("hard") is None
    store.store(replace(entries(1)[0], level="easy"), "set")
    assert store.random_puzzle("hard") is None


def test_random_puzzle_keeps_to_the_level_and_reaches_every_puzzle_of_it():
    levels = ["easy", "hard"] * 4
    for entry, level in zip(entries(8), levels, strict=True):
        store.store(replace(entry, level=level), "set")
    rng = Random(7)
    for level in ("easy", "hard"):
        picks = {store.random_puzzle(level, rng).id for _ in range(200)}
        assert picks == set(Puzzle.objects.filter(level=level).values_list("id", flat=True))


def test_an_unknown_level_is_refused():
    with pytest.raises(ValueError, match="Unknown level"):
        store.random_puzzle("fiendish")
    with pytest.raises(ValueError, match="Unknown level"):
        store.daily_puzzle("fiendish")
    with pytest.raises(ValueError, match="Unknown level"):
        store.new_puzzle("fiendish")


# The daily puzzle


def test_the_daily_puzzle_is_chosen_once_and_stays_all_day():
    for entry in entries(6):
        store.store(replace(entry, level="medium"), "set")
    chosen = store.daily_puzzle("medium", DAY)
    assert chosen is not None
    assert chosen.level == "medium"
    assert Daily.objects.get(day=DAY, level="medium").puzzle == chosen
    # New puzzles may change which the pick would find; the stored choice stands.
    for entry in entries(12)[6:]:
        store.store(replace(entry, level="medium"), "more")
    assert all(store.daily_puzzle("medium", DAY) == chosen for _ in range(3))
    assert Daily.objects.count() == 1


def test_the_daily_puzzle_defaults_to_today():
    store.store(replace(entries(1)[0], level="easy"), "set")
    today = store.daily_puzzle("easy")
    assert Daily.objects.get(level="easy").day == datetime.now(UTC).date()  # the site's zone
    assert store.daily_puzzle("easy") == today


def test_each_level_has_its_own_daily_puzzle():
    for entry, level in zip(entries(4), ["easy", "easy", "hard", "hard"], strict=True):
        store.store(replace(entry, level=level), "set")
    assert store.daily_puzzle("easy", DAY).level == "easy"
    assert store.daily_puzzle("hard", DAY).level == "hard"


def test_a_daily_puzzle_the_library_lacks_is_generated_from_the_day(time_to_generate):
    """The same day and level make the same puzzle, wherever it is asked for."""
    made = store.daily_puzzle("easy", DAY)
    assert made is not None
    assert made.level == "easy"
    assert made.source == store.GENERATED
    assert is_valid_solution(parse_puzzle(made.givens), parse_puzzle(made.solution))
    givens = made.givens
    Daily.objects.all().delete()
    Puzzle.objects.all().delete()
    assert store.daily_puzzle("easy", DAY).givens == givens


def test_no_daily_puzzle_when_generating_runs_out_of_time(settings):
    settings.SUDOKU_GENERATE_SECONDS = 1e-6
    assert store.daily_puzzle("extreme", DAY) is None
    assert not Daily.objects.exists()


def test_no_daily_puzzle_is_generated_without_time_left(monkeypatch):
    asked = []
    monkeypatch.setattr(store.generator, "generate", lambda *a, **k: asked.append(a))
    assert store.daily_puzzle("easy", DAY, max_seconds=0) is None
    assert asked == []


# New puzzles


def test_new_puzzle_generates_and_stores_one_of_the_level(time_to_generate):
    made = store.new_puzzle("easy", seed=5)
    assert made is not None
    puzzle, generated = made
    assert puzzle.level == generated.difficulty.level == "easy"
    assert puzzle.givens == format_grid(generated.puzzle)
    assert puzzle.solution == format_grid(generated.solution)
    assert puzzle.symmetry == generated.symmetry == "rotational"
    assert Puzzle.objects.get(pk=puzzle.pk).source == store.GENERATED


def test_the_same_seed_gives_the_same_puzzle_stored_once(time_to_generate):
    first, _ = store.new_puzzle("easy", "mirror", seed=9)
    again, _ = store.new_puzzle("easy", "mirror", seed=9)
    assert again == first
    assert Puzzle.objects.count() == 1


def test_new_puzzle_is_none_when_out_of_time():
    assert store.new_puzzle("extreme", seed=1, max_seconds=1e-6) is None
    assert not Puzzle.objects.exists()
