"""Ratings: a puzzle's rating is worked out once and kept for every writing of
it; an answer never waits for one beyond a small slice, and gives it at once
when it is known; the page's script, or GET /api/rating, asks for the rest.
Under the celery runner no request walks: the queue's workers rate, and the
asker is told to ask again."""

from __future__ import annotations

import re
from random import Random

import pytest
from django.core.cache import cache
from django.db import OperationalError

from solver.addresses import answer_url, level_url, steps_url
from solver.engine import STANDARD, format_grid, parse_puzzle
from solver.engine.symmetry import random_transform
from solver.teaching import ratings
from solver.teaching.models import Rating
from solver.teaching.tasks import rate
from tests.support.database import held, locked, postgres_only, waits_briefly
from tests.support.openapi import OPENAPI, reply_schema
from tests.support.puzzles import HARD, NO_SOLUTION, sample

pytestmark = pytest.mark.django_db
HARD_GRID = parse_puzzle(HARD)
# A puzzle the search solves without a guess, and the teacher in milliseconds.
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def written_another_way(text: str, seed: int) -> str:
    """``text`` relabelled, its rows and columns moved, perhaps transposed."""
    transform = random_transform(STANDARD, Random(seed))
    return format_grid(transform.apply(parse_puzzle(text)))


def level_shown(response) -> str | None:
    match = re.search(
        r'<p class="level"[^>]*>Level: <strong>([^<]+)</strong>', response.content.decode()
    )
    return match.group(1) if match else None


def test_a_rating_is_kept_once_and_found_for_every_writing_of_the_puzzle():
    kept = ratings.rated(HARD_GRID)
    for seed in range(5):
        copy = parse_puzzle(written_another_way(HARD, seed))
        assert copy != HARD_GRID
        assert ratings.known(copy) == kept
    assert Rating.objects.count() == 1
    cache.clear()  # the database alone still knows it
    assert ratings.known(parse_puzzle(written_another_way(HARD, 9))) == kept


def test_a_quick_rating_is_the_whole_walks_or_none(settings):
    assert ratings.quick(parse_puzzle(EASY)).difficulty.level == "easy"
    settings.SUDOKU_RATE_SLICE_SECONDS = 0.0
    assert ratings.quick(HARD_GRID) is None  # the slice is spent: nothing half-rated is kept
    assert not Rating.objects.filter(level="extreme").exists()


def test_an_answer_tries_a_slice_only_for_a_puzzle_solved_without_a_guess(settings, monkeypatch):
    walked = []
    monkeypatch.setattr(ratings, "walk", lambda grid, seconds: walked.append(grid) or [])
    assert ratings.for_answer(HARD_GRID, guesses=82) is None
    assert walked == []
    ratings.for_answer(parse_puzzle(EASY), guesses=0)
    assert walked == [parse_puzzle(EASY)]


def test_a_walk_cut_short_by_the_time_is_kept_marked_cut(settings):
    settings.SUDOKU_EXPLAIN_SECONDS = 0.0
    kept = ratings.rated(HARD_GRID)
    assert kept.cut
    assert kept.difficulty.hardest == "trial"
    assert Rating.objects.get().cut


def test_the_table_keeps_the_newest_ratings():
    for text in sample("seventeen_clue.txt", 6):
        ratings.keep(parse_puzzle(text), [])
    newest = list(Rating.objects.order_by("-created").values_list("canonical", flat=True))
    assert ratings.trim(keep_rows=4) == 2
    assert (
        list(Rating.objects.order_by("-created").values_list("canonical", flat=True)) == newest[:4]
    )
    assert ratings.trim(keep_rows=4) == 0


def test_an_answer_page_gives_a_known_level_at_once_and_asks_for_an_unknown_one(client, settings):
    settings.SUDOKU_EXPLAIN_SECONDS = 30.0  # the whole walk, however loaded the machine
    page = client.get(answer_url(HARD_GRID)).content.decode()
    assert level_shown(client.get(answer_url(HARD_GRID))) is None
    placeholder = re.search(r'<p class="level" id="answer-level" data-level-url="([^"]+)">', page)
    assert placeholder
    assert placeholder.group(1).replace("&amp;", "&") == level_url(HARD_GRID)
    assert f'href="{steps_url(HARD_GRID)}"' in page  # without the script, the steps page has it
    assert "js/answer/level" in page
    fragment = client.get(level_url(HARD_GRID))
    assert fragment["Cache-Control"] == "max-age=86400"
    level = level_shown(fragment)
    assert level in ("Hard", "Expert", "Extreme")
    again = client.get(answer_url(written_another_way(HARD, 1)))
    assert level_shown(again) == level
    assert "js/answer/level" not in again.content.decode()


def test_the_steps_page_keeps_the_rating_of_its_walk_for_the_answers(client, settings):
    settings.SUDOKU_EXPLAIN_SECONDS = 30.0
    assert ratings.known(HARD_GRID) is None
    steps = client.get(steps_url(HARD_GRID))
    kept = ratings.known(HARD_GRID)
    assert kept is not None
    assert level_shown(client.get(answer_url(HARD_GRID))) in steps.content.decode()


def test_the_api_gives_a_known_rating_and_rates_on_request(client, settings):
    settings.SUDOKU_EXPLAIN_SECONDS = 30.0
    solve = client.get("/api/solve", {"puzzle": HARD}).json()
    assert solve["difficulty"] is None
    rating = client.get("/api/rating", {"puzzle": HARD}).json()
    assert rating["status"] == "unique"
    assert rating["cut"] is False
    assert client.get("/api/solve", {"puzzle": HARD}).json()["difficulty"] == rating["difficulty"]
    assert client.get("/api/rating", {"puzzle": NO_SOLUTION}).json()["difficulty"] is None
    assert client.get("/api/rating", {"puzzle": "55" + "." * 79}).status_code == 400


def test_with_rating_off_answers_give_no_level(client, settings):
    settings.SUDOKU_RATE_ANSWERS = False
    ratings.rated(HARD_GRID)
    page = client.get(answer_url(HARD_GRID)).content.decode()
    assert 'class="level"' not in page
    assert client.get("/api/solve", {"puzzle": EASY}).json()["difficulty"] is None


def test_a_rating_the_database_is_too_busy_to_keep_is_given_all_the_same(client, monkeypatch):
    def busy(row):
        raise OperationalError("database is locked")

    monkeypatch.setattr(ratings, "_store", busy)
    assert level_shown(client.get(answer_url(EASY))) == "Easy"
    assert not Rating.objects.exists()


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_rating_kept_waiting_for_its_table_is_given_all_the_same(client):
    """On PostgreSQL, another connection holds the ratings' table against
    writes past the wait: the answer still shows its level."""
    with held(locked(Rating)), waits_briefly():
        page = client.get(answer_url(EASY))
    assert page.status_code == 200
    assert level_shown(page) == "Easy"
    assert not Rating.objects.exists()


def test_two_requests_rating_one_puzzle_keep_the_first_rating():
    first = ratings.keep(parse_puzzle(EASY), [])
    cache.clear()
    second = ratings.keep(parse_puzzle(written_another_way(EASY, 3)), [])
    assert first == second
    assert Rating.objects.count() == 1


# Under the celery runner: no request walks; the queue's workers rate


def deliver_ratings(sent) -> None:
    """Run the rating messages sent, as a worker would."""
    for task, args, _ in sent:
        assert task == ratings.RATE_TASK
        rate.apply(args=args).get()
    sent.clear()


def test_under_workers_an_answer_queues_an_unknown_rating_once(client, sent, settings):
    settings.SUDOKU_EXPLAIN_SECONDS = 30.0
    client.get(answer_url(HARD_GRID))
    client.get(answer_url(HARD_GRID))  # asked again within a minute: not queued again
    assert sent == [(ratings.RATE_TASK, (HARD,), None)]
    assert ratings.known(HARD_GRID) is None
    deliver_ratings(sent)
    assert level_shown(client.get(answer_url(HARD_GRID))) in ("Hard", "Expert", "Extreme")


def test_under_workers_the_level_asked_for_is_queued_and_answered_202_until_rated(
    client, sent, settings
):
    settings.SUDOKU_EXPLAIN_SECONDS = 30.0
    waiting = client.get(level_url(HARD_GRID))
    assert (waiting.status_code, waiting.content) == (202, b"")
    assert waiting["Retry-After"] == "1"
    assert "no-store" in waiting["Cache-Control"]
    assert Rating.objects.count() == 0  # nothing walked in the request
    deliver_ratings(sent)
    assert level_shown(client.get(level_url(HARD_GRID))) in ("Hard", "Expert", "Extreme")


def test_under_workers_the_api_rates_off_the_request_and_says_when_to_ask_again(
    client, sent, settings
):
    settings.SUDOKU_EXPLAIN_SECONDS = 30.0
    waiting = client.get("/api/rating", {"puzzle": HARD})
    assert waiting.status_code == 503
    assert waiting["Retry-After"] == "1"
    promised = client.get(OPENAPI).json()
    reply_schema(promised, "/api/rating", "get", 503).validate(waiting.json())
    assert [error["code"] for error in waiting.json()["errors"]] == ["not_ready"]
    deliver_ratings(sent)
    rating = client.get("/api/rating", {"puzzle": HARD}).json()
    assert rating["difficulty"]["level"] in ("hard", "expert", "extreme")


def test_under_workers_a_known_rating_is_given_at_once_and_nothing_queued(client, sent):
    ratings.rated(HARD_GRID)
    assert client.get("/api/rating", {"puzzle": HARD}).status_code == 200
    assert level_shown(client.get(level_url(HARD_GRID)))
    assert sent == []


def test_inline_an_unknown_rating_is_never_queued(monkeypatch):
    queued = []
    monkeypatch.setattr(ratings.queue, "send", lambda *args, **kwargs: queued.append(args))
    assert ratings.for_answer(HARD_GRID, guesses=82) is None
    assert ratings.rated_or_queued(HARD_GRID) is not None
    assert queued == []
