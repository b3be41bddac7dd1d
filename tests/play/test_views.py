"""The play page (/play): a puzzle with one solution is served for playing,
its solution sent as data; any other is named and sent to the answer; bad
input goes back to the entry page, kept. Its links from the other pages."""

import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils.http import urlencode

from solver.engine import STANDARD, format_grid, parse_puzzle, solve
from solver.engine.links import read_link
from tests.support.budgets import BY_GUESSES
from tests.support.play_served import cells, play_data, play_url
from tests.support.puzzles import HARD, HARD_SOLUTION, NO_SOLUTION, sample

PLAY = reverse("solver:play")
INDEX = reverse("solver:index")
ANSWER = reverse("solver:answer")


def test_a_puzzle_with_one_solution_is_served_with_its_solution(client):
    response = client.get(play_url(HARD))
    assert response.status_code == 200
    data = play_data(response)
    assert data["puzzle"] == HARD
    assert data["solution"] == HARD_SOLUTION
    assert data["key"].endswith(HARD)
    assert data["value_counts"] == {digit: 9 for digit in "123456789"}  # each once a row
    assert data["hint_url"] == "/api/hint"
    assert data["candidates_url"] == "/api/candidates"


@pytest.mark.parametrize("puzzle", sample("top1465.txt", 5))
def test_the_solution_sent_is_the_engines_for_shared_puzzles(client, puzzle):
    grid = parse_puzzle(puzzle, STANDARD)
    data = play_data(client.get(play_url(puzzle)))
    assert data["puzzle"] == format_grid(grid)
    assert data["solution"] == format_grid(solve(grid, budget=BY_GUESSES).solution)


def test_every_cell_is_a_button_naming_its_place_and_content(client):
    response = client.get(play_url(HARD))
    assert '<table class="grid play-grid" role="grid">' in response.content.decode()
    drawn = cells(response)
    assert len(drawn) == 81
    for index, cell in enumerate(drawn):
        row, column = divmod(index, 9)
        assert cell["data-index"] == str(index)
        assert (cell["data-row"], cell["data-column"]) == (str(row + 1), str(column + 1))
        assert cell["data-box"] == str(row // 3 * 3 + column // 3 + 1)
        given = HARD[index]
        if given == ".":
            assert cell["aria-label"] == f"Row {row + 1}, column {column + 1}: empty"
            assert cell["text"] == ""
            assert "given" not in cell["classes"]
        else:
            assert cell["aria-label"] == f"Row {row + 1}, column {column + 1}: {given}, given"
            assert cell["text"] == given
            assert "given" in cell["classes"]


def test_without_javascript_the_page_says_so_and_links_the_answer_and_the_steps(client):
    html = unescape(client.get(play_url(HARD)).content.decode())
    note = re.search(r'<p class="needs-script"[^>]*>(.*?)</p>', html, re.S).group(1)
    assert "needs JavaScript" in note
    assert f'href="/answer?puzzle={HARD}"' in note
    assert f'href="/steps?puzzle={HARD}"' in note
    # The game waits, hidden, for the script.
    assert re.search(r'<div class="play" id="play" hidden>', html)


@pytest.mark.parametrize(
    ("puzzle", "named"),
    [
        ("." * 81, "it has more than one solution"),
        (NO_SOLUTION, "it has no solution"),
    ],
)
def test_a_puzzle_that_cannot_be_played_is_named_with_a_link_to_its_answer(client, puzzle, named):
    response = client.get(play_url(puzzle))
    assert response.status_code == 200
    html = unescape(response.content.decode())
    assert f"This puzzle cannot be played: {named}." in html
    assert f'href="{ANSWER}?puzzle={format_grid(parse_puzzle(puzzle, STANDARD))}"' in html
    assert 'id="play-data"' not in html
    assert "play-grid" not in html


def test_a_puzzle_the_solver_gives_up_on_is_not_played(client, settings):
    settings.SUDOKU_SOLVE_SECONDS = 0
    html = client.get(play_url(HARD)).content.decode()
    assert "This puzzle cannot be played just now." in html
    assert 'id="play-data"' not in html


def test_bad_input_goes_back_to_the_entry_page_with_the_text_kept(client):
    response = client.get(play_url("12x"))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="form-errors"' in html
    assert "12x" in html


def test_no_puzzle_goes_to_the_entry_page(client):
    response = client.get(PLAY)
    assert response.status_code == 302
    assert response["Location"] == INDEX


def test_the_entry_pages_play_button_posts_the_grid_and_is_sent_to_its_address(client):
    response = client.post(PLAY, {"puzzle": HARD})
    assert response.status_code == 303
    assert response["Location"] == play_url(HARD)


def test_a_posted_grid_with_conflicts_comes_back_kept_and_marked(client):
    response = client.post(PLAY, {"puzzle": "55" + "." * 79})
    assert response.status_code == 200
    assert 'id="form-errors"' in response.content.decode()


def test_other_methods_are_refused(client):
    assert client.put(play_url(HARD)).status_code == 405


def test_the_entry_page_has_a_play_button(client):
    html = client.get(INDEX).content.decode()
    assert f'formaction="{PLAY}"' in html


def test_the_answer_page_offers_play_for_a_puzzle_with_one_solution(client):
    html = unescape(client.get(ANSWER + "?" + urlencode({"puzzle": HARD})).content.decode())
    assert f'href="{PLAY}?puzzle={HARD}">Play this puzzle</a>' in html
    several = unescape(client.get(ANSWER + "?" + urlencode({"puzzle": "." * 81})).content.decode())
    assert "Play this puzzle" not in several


def test_the_game_offers_the_puzzle_in_fpuzzles_and_sudokupad(client):
    html = client.get(play_url(HARD)).content.decode()
    links = dict(
        (text, unescape(href))
        for href, text in re.findall(r'<a href="([^"]+)"[^>]*>(Open in [^<]+)</a>', html)
    )
    assert set(links) == {"Open in f-puzzles", "Open in SudokuPad"}
    for link in links.values():
        again = read_link(link)
        assert (format_grid(again.grid), again.rules.is_classic) == (HARD, True)
