"""New puzzles of other sizes than 9x9: made on the spot within the site's
time for generating, without a level, not kept, and handed to their game;
the same seed makes the same puzzle; bad input and no time are named."""

from __future__ import annotations

from types import SimpleNamespace
from urllib.parse import parse_qs, urlsplit

import pytest
from django.urls import reverse

from solver.engine import Status, parse_puzzle, shape, shape_of_grid, solve
from solver.engine.generate import Generated
from solver.library import picks
from solver.library.models import Puzzle, Stocked
from tests.support.budgets import BY_GUESSES
from tests.support.pages import text_of

NEW = reverse("solver:new")
# A 6x6 solution (made up), row by row.
SIXES = "123456 456123 231564 564231 312645 645312"
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
    assert solve(puzzle, budget=BY_GUESSES).status is Status.UNIQUE
    assert Puzzle.objects.count() == 0


def test_a_puzzle_too_slow_to_prove_gets_givens_from_its_solution(settings, monkeypatch):
    """The game and the answer page solve within SUDOKU_SOLVE_SECONDS: a made
    puzzle whose proof would take longer is given more of its solution."""
    board, solution = shape(2, 3), parse_puzzle("".join(SIXES.split()))
    dug = tuple(digit if cell < 6 else 0 for cell, digit in enumerate(solution))
    monkeypatch.setattr(
        picks.generator, "generate", lambda *a, **k: Generated(dug, solution, None, "none", 1)
    )
    proofs = []

    def slow_below_twenty_givens(puzzle, budget):
        proofs.append(sum(1 for digit in puzzle if digit))
        return SimpleNamespace(status=Status.UNIQUE if proofs[-1] >= 20 else Status.GAVE_UP)

    monkeypatch.setattr(picks, "solve", slow_below_twenty_givens)
    puzzle = picks.of_size(board, "none", 5)
    assert proofs == list(range(6, 21))  # a given at a time on 6x6
    assert all(digit in (0, solution[cell]) for cell, digit in enumerate(puzzle))
    assert sum(1 for digit in puzzle if digit) == 20


def test_no_proof_in_the_time_for_making_one_is_no_puzzle(settings, monkeypatch):
    settings.SUDOKU_GENERATE_SECONDS = 0.2
    monkeypatch.setattr(picks, "solve", lambda *a, **k: SimpleNamespace(status=Status.GAVE_UP))
    assert picks.of_size(shape(2, 2), "none", 5) is None


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
    Stocked.objects.filter(size=16).delete()  # what a new site is shipped
    response = client.get(NEW, {"size": 16})
    assert response.status_code == 503
    assert "No 16×16 puzzle could be made in" in text_of(response)


def test_the_entry_page_of_another_size_offers_a_new_puzzle_of_its_size(client):
    page = client.get(INDEX, {"size": 6})
    html = page.content.decode()
    assert '<input type="hidden" name="size" value="6">' in html.split('action="/new"')[1]
    assert "New 6×6 puzzle" in text_of(page)
    assert "One made ahead of time, to play at once" in text_of(page)
