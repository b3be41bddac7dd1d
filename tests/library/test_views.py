"""The library's pages: a new puzzle of a level (/new), each puzzle's page
(/p/<id>), the library (/library) and the day's puzzles (/daily). Every one
works without JavaScript, and bad input gets a page naming it, never a 500.
Expert and extreme are never generated for a page: while the library has
none, the page says they are being prepared."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.urls import reverse
from django.utils.http import urlencode

from solver.core.database import Lock
from solver.engine.levels import LEVELS
from solver.library import picks, store, views
from solver.library.models import Daily, Puzzle
from tests.support.database import held, postgres_only, taken, waits_briefly
from tests.support.pages import hrefs, text_of
from tests.support.puzzles import HARD
from tests.support.stored import store_puzzles

pytestmark = pytest.mark.django_db

INDEX = reverse("solver:index")
NEW = reverse("solver:new")
LIBRARY = reverse("solver:library")
DAILY = reverse("solver:daily")


def puzzle_links(response) -> list[str]:
    """The ids of the puzzles the page links to, in page order."""
    return [href.removeprefix("/p/") for href in hrefs(response) if href.startswith("/p/")]


def new_puzzle_url(level: str) -> str:
    return NEW + "?" + urlencode({"level": level})


# The entry page's form.


def test_the_entry_page_offers_a_new_puzzle_of_a_chosen_level(client):
    html = client.get(INDEX).content.decode()
    form = re.search(r'<form method="get" action="/new" class="level-form">.*?</form>', html, re.S)
    assert form is not None
    assert '<label for="id_level">Level</label>' in form.group()
    options = re.findall(r'<option value="(\w+)"', form.group())
    assert options == list(LEVELS)
    assert re.search(r'<option value="medium" selected>Medium</option>', form.group())
    assert ">New puzzle</button>" in form.group()


# /new


def test_new_takes_a_library_puzzle_of_the_level_and_sees_other_to_its_page(client):
    store_puzzles("easy", 3)
    (hard,) = store_puzzles("hard")
    response = client.get(new_puzzle_url("hard"))
    assert response.status_code == 303
    assert response["Location"] == f"/p/{hard.pk}"
    assert "no-cache" in response["Cache-Control"]  # another visit, another pick
    assert Puzzle.objects.count() == 4  # nothing generated


def test_new_without_a_level_takes_a_medium_puzzle(client):
    store_puzzles("easy")
    (medium,) = store_puzzles("medium")
    assert client.get(NEW)["Location"] == f"/p/{medium.pk}"
    assert client.get(NEW + "?level=")["Location"] == f"/p/{medium.pk}"


def test_new_generates_and_stores_a_puzzle_when_the_library_has_none(client, time_to_generate):
    response = client.get(new_puzzle_url("easy"))
    assert response.status_code == 303
    (made,) = Puzzle.objects.all()
    assert response["Location"] == f"/p/{made.pk}"
    assert (made.level, made.source) == ("easy", store.GENERATED)
    page = client.get(response["Location"])
    assert "Easy puzzle" in text_of(page)


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_new_puzzle_kept_waiting_for_the_library_gets_the_busy_page(client, time_to_generate):
    """On PostgreSQL, another worker storing a puzzle holds the library's lock
    past the wait: 503, try again in a moment, and nothing stored."""
    with held(taken(Lock.LIBRARY)), waits_briefly():
        response = client.get(new_puzzle_url("easy"))
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    assert "The server is busy: try again in a moment." in text_of(response)
    assert not Puzzle.objects.exists()


def test_new_out_of_time_says_so_and_offers_other_levels_and_the_library(client, out_of_time):
    response = client.get(new_puzzle_url("hard"))
    assert response.status_code == 503
    text = text_of(response)
    assert "No puzzle in time" in text
    assert "no Hard puzzle" in text
    assert LIBRARY in hrefs(response)
    assert 'action="/new"' in response.content.decode()  # choose another level
    assert not Puzzle.objects.exists()


def test_new_with_a_budget_too_small_gives_up_at_once(client, settings):
    """The real generator, with no time at all: the page says so instead of running on."""
    settings.SUDOKU_GENERATE_SECONDS = 0.000001
    response = client.get(new_puzzle_url("hard"))
    assert response.status_code == 503


@pytest.mark.parametrize("level", ["expert", "extreme"])
def test_new_never_generates_an_expert_or_extreme_puzzle(client, never_generated, level):
    (stored,) = store_puzzles(level)
    assert client.get(new_puzzle_url(level))["Location"] == f"/p/{stored.pk}"


def test_an_empty_library_at_extreme_says_the_level_is_being_prepared(client, never_generated):
    response = client.get(new_puzzle_url("extreme"))
    assert response.status_code == 503
    assert response["Retry-After"] == "60"
    text = text_of(response)
    assert "Extreme puzzles are being prepared" in text
    assert "made ahead of time, never while you wait" in text
    assert LIBRARY in hrefs(response)
    assert 'action="/new"' in response.content.decode()  # choose another level
    assert not Puzzle.objects.exists()


@pytest.mark.parametrize(
    ("language", "words"),
    [("zh-hans", "极限"), ("zh-hant", "極限"), ("vi", "Cực khó")],
)
def test_an_empty_library_at_extreme_says_so_in_the_readers_language(
    client, never_generated, language, words
):
    response = client.get(new_puzzle_url("extreme"), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 503
    text = text_of(response)
    assert words in text
    assert "being prepared" not in text


# /new with a seed: the links the API gives


def seeded_url(level: str, symmetry: str, seed) -> str:
    return NEW + "?" + urlencode({"level": level, "symmetry": symmetry, "seed": seed})


def test_a_seeds_link_stores_its_puzzle_when_opened_and_sees_other_to_its_page(
    client, time_to_generate
):
    made = picks.made("easy", "mirror", 7)
    response = client.get(seeded_url("easy", "mirror", 7))
    assert response.status_code == 303
    assert response["Location"] == f"/p/{made.pk}"
    stored = Puzzle.objects.get()
    assert (stored.givens, stored.source) == (made.givens, store.GENERATED)
    assert client.get(seeded_url("easy", "mirror", 7))["Location"] == f"/p/{made.pk}"
    assert Puzzle.objects.count() == 1


def test_a_seeds_link_at_extreme_picks_from_the_library_as_the_api_does(client, never_generated):
    store_puzzles("extreme", 10, symmetry="rotational")
    body = {"level": "extreme", "seed": 36}
    reply = client.post("/api/generate", body, content_type="application/json").json()
    response = client.get(seeded_url("extreme", "rotational", 36))
    assert response["Location"] == f"/p/{reply['id']}"
    assert Puzzle.objects.count() == 10


@pytest.mark.parametrize(
    ("query", "problem"),
    [
        ({"seed": "abc"}, "A seed is a whole number from 0 to 2^63 − 1."),
        ({"seed": "-1"}, "A seed is a whole number from 0 to 2^63 − 1."),
        ({"seed": str(2**63)}, "A seed is a whole number from 0 to 2^63 − 1."),
        ({"seed": "1", "symmetry": "spiral"}, "“spiral” is not a symmetry"),
    ],
)
def test_a_seeds_link_at_fault_is_named(client, never_generated, query, problem):
    response = client.get(NEW + "?" + urlencode({"level": "easy", **query}))
    assert response.status_code == 400
    assert problem in text_of(response)
    assert not Puzzle.objects.exists()


@pytest.mark.parametrize("level", ["impossible", "EASY", "x" * 500])
def test_new_with_an_unknown_level_names_it(client, level):
    response = client.get(new_puzzle_url(level))
    assert response.status_code == 400
    text = text_of(response)
    assert f"“{level}” is not a level" in text
    assert "easy, medium, hard, expert or extreme" in text
    html = response.content.decode()
    assert re.search(r'<select name="level" aria-invalid="true" aria-describedby="(\w+)"', html)
    described = re.search(r'aria-describedby="(\w+)"', html).group(1)
    assert f'<ul id="{described}">' in html  # the list naming the problem


def test_new_refuses_a_post(client):
    assert client.post(NEW, {"level": "easy"}).status_code == 405


# /p/<id>


def test_a_puzzles_page_shows_its_givens_rating_and_origin(client):
    (puzzle,) = store_puzzles("hard", source="top1465")
    response = client.get(f"/p/{puzzle.pk}")
    assert response.status_code == 200
    html = response.content.decode()
    givens = re.findall(r'<td class="cell given">(\d)</td>', html)
    assert "".join(givens) == HARD.replace(".", "")
    assert html.count('<td class="cell">') == HARD.count(".")  # no solution shown
    text = text_of(response)
    assert "Hard puzzle" in text
    assert (
        f"Level Hard Score {puzzle.score} points: each step's points added up, higher is harder"
        " Hardest technique X-Wing"
    ) in text
    assert "Symmetry None Source top1465" in text
    assert "Added " in text


def test_a_puzzles_page_offers_show_answer_the_word_of_the_entry_page(client):
    """The library says Show Answer, as the entry page does, never Solve."""
    (puzzle,) = store_puzzles("hard", source="top1465")
    html = client.get(f"/p/{puzzle.pk}").content.decode()
    assert re.search(r'<a class="button" href="/answer\?puzzle=[^"]+">Show Answer</a>', html)
    assert ">Solve<" not in html


def test_a_generated_puzzle_says_it_was_made_here(client):
    (puzzle,) = store_puzzles("easy", source=store.GENERATED)
    assert "Source Generated here" in text_of(client.get(f"/p/{puzzle.pk}"))


def test_a_puzzles_page_leads_to_play_its_answer_its_steps_the_entry_grid_and_another(client):
    (puzzle,) = store_puzzles("hard")
    links = hrefs(client.get(f"/p/{puzzle.pk}"))
    query = "?" + urlencode({"puzzle": HARD})
    for name in ("solver:play", "solver:answer", "solver:steps", "solver:index"):
        assert reverse(name) + query in links
    assert new_puzzle_url("hard") in links  # another of its level
    answer = client.get(reverse("solver:answer") + query)
    assert "This puzzle has exactly one solution." in text_of(answer)


def test_a_puzzles_page_gives_its_own_address_to_share(client):
    (puzzle,) = store_puzzles("hard")
    html = client.get(f"/p/{puzzle.pk}").content.decode()
    assert f'value="http://testserver/p/{puzzle.pk}"' in html


@pytest.mark.parametrize("puzzle_id", ["nope", "a" * 12, "a" * 300])
def test_an_unknown_puzzle_gets_the_sites_404_page(client, puzzle_id):
    response = client.get(f"/p/{puzzle_id}")
    assert response.status_code == 404
    assert "Page not found" in text_of(response)


# /library


def test_an_empty_library_says_how_to_fill_it(client):
    response = client.get(LIBRARY)
    assert response.status_code == 200
    text = text_of(response)
    assert "The library is empty" in text
    assert "manage.py generate --level hard --count 500" in text
    assert "manage.py import_puzzles FILE --source NAME" in text


def test_the_library_lists_50_puzzles_a_page_each_linking_to_its_page(client):
    stored = store_puzzles("medium", 60) + store_puzzles("hard", 3)
    first = client.get(LIBRARY)
    second = client.get(LIBRARY + "?page=2")
    ids = puzzle_links(first) + puzzle_links(second)
    assert len(puzzle_links(first)) == 50
    assert sorted(ids) == ids == sorted(puzzle.pk for puzzle in stored)
    assert "Puzzles 1 to 50 of 63" in text_of(first)
    assert "Puzzles 51 to 63 of 63" in text_of(second)
    assert LIBRARY + "?page=2" in hrefs(first)


def test_a_row_names_the_level_givens_hardest_and_source(client):
    (puzzle,) = store_puzzles("expert", source="serg")
    text = text_of(client.get(LIBRARY))
    givens = 81 - HARD.count(".")
    assert f"{puzzle.pk} Expert {givens} XY-Chain serg" in text


def test_the_library_filters_by_level_and_counts_each(client):
    store_puzzles("medium", 4)
    hard = store_puzzles("hard", 2)
    response = client.get(LIBRARY + "?level=hard")
    assert sorted(puzzle_links(response)) == sorted(puzzle.pk for puzzle in hard)
    text = text_of(response)
    assert "All (6) Easy (0) Medium (4) Hard (2) Expert (0) Extreme (0)" in text
    current = re.findall(r'<a href="([^"]+)" aria-current="page">', response.content.decode())
    assert current == [LIBRARY, LIBRARY + "?level=hard"]  # the site menu, the filter
    assert "The library holds no Easy puzzles yet." in text_of(client.get(LIBRARY + "?level=easy"))


def test_a_filtered_page_keeps_its_level_in_the_page_links(client):
    store_puzzles("hard", 55)
    response = client.get(LIBRARY + "?level=hard")
    assert LIBRARY + "?level=hard&page=2" in hrefs(response)


@pytest.mark.parametrize(("page", "shown"), [("abc", 1), ("0", 2), ("-1", 2), ("999", 2), ("", 1)])
def test_a_bad_page_number_shows_the_nearest_page(client, page, shown):
    store_puzzles("easy", 60)
    response = client.get(LIBRARY + "?" + urlencode({"page": page}))
    assert response.status_code == 200
    first = 1 if shown == 1 else 51
    assert f"Puzzles {first} to" in text_of(response)


def test_an_unknown_level_in_the_library_is_named_and_every_level_shown(client):
    store_puzzles("easy", 2)
    response = client.get(LIBRARY + "?level=tricky")
    assert response.status_code == 400
    text = text_of(response)
    assert "“tricky” is not a level" in text
    assert len(puzzle_links(response)) == 2


# /daily


def test_the_daily_page_links_to_each_levels_puzzle_of_the_day(client):
    stored = {level: store_puzzles(level)[0] for level in LEVELS}
    response = client.get(DAILY)
    assert response.status_code == 200
    assert puzzle_links(response) == [stored[level].pk for level in LEVELS]
    assert Daily.objects.count() == len(LEVELS)
    plays = [href for href in hrefs(response) if href.startswith(reverse("solver:play"))]
    assert plays == [
        reverse("solver:play") + "?" + urlencode({"puzzle": stored[level].givens})
        for level in LEVELS
    ]


def test_the_daily_puzzles_stay_the_same_all_day(client):
    for level in LEVELS:
        store_puzzles(level, 20)
    first = puzzle_links(client.get(DAILY))
    store_puzzles("medium", 20)  # a library that grows meanwhile changes nothing
    assert puzzle_links(client.get(DAILY)) == first
    assert len(set(first)) == len(LEVELS)


def test_a_level_without_a_daily_puzzle_says_so(client, out_of_time):
    (hard,) = store_puzzles("hard")
    response = client.get(DAILY)
    assert response.status_code == 200
    assert puzzle_links(response) == [hard.pk]
    text = text_of(response)
    assert "No Easy puzzle today" in text
    assert "Expert puzzles are being prepared" in text
    assert "Extreme puzzles are being prepared" in text


def test_the_daily_page_never_generates_an_expert_or_extreme_puzzle(client, never_generated):
    for level in ("easy", "medium", "hard"):
        store_puzzles(level)
    response = client.get(DAILY)
    assert response.status_code == 200
    assert len(puzzle_links(response)) == 3
    assert "Extreme puzzles are being prepared" in text_of(response)


def test_the_levels_the_library_lacks_share_one_budget_on_the_daily_page(
    client, settings, monkeypatch
):
    """Timed by the page's own clock, which stands still but while a level is
    generated: 0.3 s each, by it, whatever the machine's load."""
    settings.SUDOKU_GENERATE_SECONDS = 0.5
    now, budgets = 0.0, []

    def slow(*args, max_seconds=None, **kwargs):
        nonlocal now
        budgets.append(max_seconds)
        now += 0.3  # and then run out, as a hard level may

    monkeypatch.setattr(store.generator, "generate", slow)
    monkeypatch.setattr(views, "time", SimpleNamespace(perf_counter=lambda: now))
    response = client.get(DAILY)
    assert response.status_code == 200
    # 0.5 s for the first level, what is left for the second, none for a third.
    assert budgets == [0.5, pytest.approx(0.2)]


# Every page


def test_the_site_menu_leads_to_the_library_and_the_daily_puzzles(client, out_of_time):
    for url, current in ((INDEX, None), (LIBRARY, LIBRARY), (DAILY, DAILY)):
        html = client.get(url).content.decode()
        assert f'href="{LIBRARY}"' in html
        assert f'href="{DAILY}"' in html
        marked = re.findall(r'<a href="([^"]+)" aria-current="page">', html)
        assert marked[:1] == ([current] if current else [])


def test_the_new_pages_have_no_inline_scripts_or_styles(client, out_of_time):
    (puzzle,) = store_puzzles("hard")
    for url in (f"/p/{puzzle.pk}", LIBRARY, DAILY, new_puzzle_url("nope"), new_puzzle_url("easy")):
        html = client.get(url).content.decode()
        assert not re.search(r"<script(?![^>]*\bsrc=)", html)
        assert "<style" not in html
        assert " style=" not in html


# Kept puzzles: a page opened is a link that may be shared.


def test_opening_a_puzzles_page_keeps_it(client):
    (puzzle,) = store_puzzles("easy", source=store.GENERATED)
    assert not Puzzle.objects.get(pk=puzzle.pk).kept
    assert client.get(f"/p/{puzzle.pk}").status_code == 200
    assert Puzzle.objects.get(pk=puzzle.pk).kept


def test_a_flood_of_new_puzzles_never_evicts_an_opened_one(client, settings, time_to_generate):
    """Opened pages stay: new puzzles past the bound push out only those no
    one opened, and when every one left is kept the new one is refused
    (503, the library full), never stored over a shared link."""
    settings.SUDOKU_LIBRARY_MAX_ROWS = 2
    shared, unopened = store_puzzles("easy", 2, source=store.GENERATED)
    client.get(f"/p/{shared.pk}")
    first = client.get(NEW, {"level": "easy", "seed": 1})
    assert first.status_code == 303
    assert set(Puzzle.objects.values_list("pk", flat=True)) == {
        shared.pk,
        first["Location"].removeprefix("/p/"),
    }
    assert not Puzzle.objects.filter(pk=unopened.pk).exists()
    client.get(first["Location"])  # opened, so kept too
    refused = client.get(NEW, {"level": "easy", "seed": 2})
    assert refused.status_code == 503
    assert "The library is full" in text_of(refused)
    assert refused["Retry-After"]
    assert Puzzle.objects.count() == 2
    assert client.get(f"/p/{shared.pk}").status_code == 200
