"""The puzzle library: a puzzle is stored once however it is written, under a
short stable id, and the table is kept within its bound by trimming the
oldest puzzles the site can make again, never a day's puzzle."""

import string
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from random import Random

import pytest

from solver.engine import STANDARD, format_grid, parse_puzzle
from solver.engine.generate import SYMMETRIES
from solver.engine.levels import LEVELS
from solver.engine.symmetry import canonical, random_transform
from solver.library import store
from solver.library.models import Daily, Puzzle
from tests.support.puzzles import HARD, HARD1, HARD_SOLUTION, NO_SOLUTION, SIZED, sample
from tests.support.stored import store_puzzles

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


def test_keep_stores_an_unsaved_puzzle_once():
    entry = entries(1)[0]
    puzzle, stored = store.keep(store.unsaved(entry, store.GENERATED))
    assert stored
    assert store.keep(puzzle) == (puzzle, False)  # stored already
    again, stored = store.keep(store.unsaved(entry, store.GENERATED))
    assert (again, stored) == (puzzle, False)
    assert Puzzle.objects.count() == 1


# The bound


def aged(puzzles: list[Puzzle], days: int) -> list[Puzzle]:
    """``puzzles``, stored ``days`` days ago."""
    Puzzle.objects.filter(pk__in=[p.pk for p in puzzles]).update(
        created=datetime.now(UTC) - timedelta(days=days)
    )
    return puzzles


def test_the_table_is_trimmed_to_its_bound_oldest_first(settings):
    settings.SUDOKU_LIBRARY_MAX_ROWS = 5
    oldest = aged(store_puzzles("easy", 2, source=store.GENERATED), days=3)
    older = aged(store_puzzles("hard", 2, source=store.GENERATED), days=2)
    newer = store_puzzles("medium", 2, source=store.GENERATED)
    puzzle, stored = store.store(entries(1)[0], store.GENERATED)
    assert stored
    assert set(Puzzle.objects.all()) == {*older, *newer, puzzle}
    assert Puzzle.objects.count() == 5
    assert not set(oldest) & set(Puzzle.objects.all())


def test_storing_many_trims_too(settings):
    settings.SUDOKU_LIBRARY_MAX_ROWS = 4
    aged(store_puzzles("easy", 4, source=store.GENERATED), days=1)
    assert store.store_all(entries(3), "seventeen") == 3
    assert Puzzle.objects.count() == 4
    assert Puzzle.objects.filter(source="seventeen").count() == 3


def test_only_puzzles_the_site_can_make_again_are_trimmed(settings):
    """Daily puzzles stay, so each day's stays the same; imported sets and
    expert and extreme puzzles are the commands', never a visitor's."""
    settings.SUDOKU_LIBRARY_MAX_ROWS = 1
    (daily,) = aged(store_puzzles("easy", source=store.GENERATED), days=9)
    Daily.objects.create(day=DAY, level="easy", puzzle=daily)
    imported = aged(store_puzzles("hard", source="top1465"), days=8)
    ahead = aged(store_puzzles("expert", source=store.GENERATED), days=7)
    ahead += aged(store_puzzles("extreme", source=store.GENERATED), days=7)
    spent = aged(store_puzzles("medium", 3, source=store.GENERATED), days=6)
    assert store.trim() == 3
    assert set(Puzzle.objects.all()) == {daily, *imported, *ahead}
    assert not set(spent) & set(Puzzle.objects.all())
    assert Daily.objects.get().puzzle == daily


def test_the_puzzle_just_stored_is_never_trimmed(settings):
    """Its page is about to be shown: the one stored before it goes instead."""
    settings.SUDOKU_LIBRARY_MAX_ROWS = 2
    store_puzzles("hard", source="top1465")
    first, second = entries(2)
    older, _ = store.store(replace(first, level="easy"), store.GENERATED)
    assert Puzzle.objects.filter(pk=older.pk).exists()
    newer, _ = store.store(replace(second, level="easy"), store.GENERATED)
    assert Puzzle.objects.filter(pk=newer.pk).exists()
    assert not Puzzle.objects.filter(pk=older.pk).exists()
    assert Puzzle.objects.count() == 2


def test_a_kept_puzzle_is_never_trimmed(settings):
    """A puzzle whose page was opened (its link may be shared) stays; the
    oldest that no one opened goes instead, however much newer it is."""
    settings.SUDOKU_LIBRARY_MAX_ROWS = 3
    opened, unopened = aged(store_puzzles("easy", 2, source=store.GENERATED), days=5)
    store.mark_kept(opened)
    newer = store_puzzles("medium", 1, source=store.GENERATED)
    puzzle, stored = store.store(entries(1)[0], store.GENERATED)
    assert stored
    assert set(Puzzle.objects.all()) == {opened, *newer, puzzle}
    assert not Puzzle.objects.filter(pk=unopened.pk).exists()
    assert Puzzle.objects.get(pk=opened.pk).kept
    assert not Puzzle.objects.get(pk=puzzle.pk).kept


def test_a_full_library_of_kept_puzzles_refuses_a_new_one(settings):
    """When every puzzle that could go is kept, storing one more raises Full
    and stores nothing, rather than removing a kept one."""
    settings.SUDOKU_LIBRARY_MAX_ROWS = 2
    kept = store_puzzles("easy", 2, source=store.GENERATED)
    for puzzle in kept:
        store.mark_kept(puzzle)
    with pytest.raises(store.Full):
        store.store(entries(1)[0], store.GENERATED)
    assert set(Puzzle.objects.all()) == set(kept)


def test_marking_kept_writes_once(django_assert_num_queries):
    (puzzle,) = store_puzzles("easy", source=store.GENERATED)
    with django_assert_num_queries(1):
        store.mark_kept(puzzle)
    with django_assert_num_queries(0):
        store.mark_kept(puzzle)
    assert Puzzle.objects.get(pk=puzzle.pk).kept
