"""New puzzles of other sizes than 9x9: made on the spot within the site's
time for generating, without a level, not kept, and handed to their game;
the same seed makes the same puzzle; bad input and no time are named."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from solver.engine import Status, parse_puzzle, shape_of_grid, solve
from solver.library.models import Puzzle
from tests.support.pages import text_of

NEW = reverse("solver:new")
INDEX = reverse("solver:index")


def made(response) -> str:
    """The puzzle a See Other to its game names."""
    assert response.status_code == 303
    location = urlsplit(response["Location"])
    assert location.path == reverse("solver:play")
    return parse_qs(location.query)["puzzle"][0]


@pytest.mark.parametrize("side", [4, 6, 16])
@pytest.mark.django_db
def test_a_new_puzzle_of_another_size_is_made_for_its_game_and_not_kept(client, settings, side):
    settings.SUDOKU_GENERATE_SECONDS = 30  # a loaded machine: the bound is not what is tested
    puzzle = parse_puzzle(made(client.get(NEW, {"size": side})))
    assert shape_of_grid(puzzle).size == side
    assert solve(puzzle).status is Status.UNIQUE
    assert Puzzle.objects.count() == 0


@pytest.mark.django_db
def test_the_same_seed_makes_the_same_puzzle_of_another_size(client):
    one = made(client.get(NEW, {"size": 6, "seed": 7}))
    assert made(client.get(NEW, {"size": 6, "seed": 7})) == one
    assert made(client.get(NEW, {"size": 6, "seed": 8, "symmetry": "none"})) != one


@pytest.mark.parametrize(
    ("query", "said"),
    [
        ({"size": "7"}, "“7” is not the size of a board made here"),
        ({"size": "9"}, "9×9 puzzles are chosen by their level"),
        ({"size": "abc"}, "“abc” is not the size of a board made here"),
        ({"size": ""}, "Say the size of the board"),
        ({"size": "6", "level": "easy"}, "Levels are for 9×9 puzzles only"),
        ({"size": "6", "seed": "-1"}, "A seed is a whole number"),
        ({"size": "6", "symmetry": "spiral"}, "“spiral” is not a symmetry"),
    ],
)
@pytest.mark.django_db
def test_bad_input_for_another_size_is_named(client, query, said):
    response = client.get(NEW, query)
    assert response.status_code == 400
    assert said in text_of(response)
    assert 'name="level"' in response.content.decode()  # the 9x9 level form, to try again


@pytest.mark.django_db
def test_no_puzzle_in_time_is_said(client, settings, out_of_time):
    response = client.get(NEW, {"size": 16})
    assert response.status_code == 503
    assert "No 16×16 puzzle could be made in" in text_of(response)


def test_the_entry_page_of_another_size_offers_a_new_puzzle_of_its_size(client):
    page = client.get(INDEX, {"size": 6})
    html = page.content.decode()
    assert '<input type="hidden" name="size" value="6">' in html.split('action="/new"')[1]
    assert "New 6×6 puzzle" in text_of(page)
    assert "the library keeps 9×9 puzzles only" in text_of(page)
