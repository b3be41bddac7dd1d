"""The play page at every size (4x4 to 25x25): the game drawn at its size,
the pad offering its values, the data its script plays with; bad input at
other sizes sent where the answer page sends it; the answer page's link to
play at other sizes."""

import re
from html import unescape

import pytest
from django.urls import reverse
from django.utils.http import urlencode

from solver.engine import SYMBOLS, format_grid, parse_puzzle, shape_of_grid, solve
from tests.support.budgets import BY_GUESSES
from tests.support.play_served import cells, play_data, play_url
from tests.support.puzzles import SIZED

ANSWER = reverse("solver:answer")


def line(name: str) -> str:
    """The shared puzzle ``name`` ("16x16") as one line of symbols."""
    return format_grid(parse_puzzle(SIZED[name]))


@pytest.mark.parametrize("name", ["4x4", "6x6", "16x16", "25x25"])
def test_a_puzzle_of_another_size_is_served_at_its_size_with_its_solution(client, name):
    puzzle = line(name)
    response = client.get(play_url(puzzle))
    assert response.status_code == 200
    data = play_data(response)
    grid = parse_puzzle(puzzle)
    assert data["puzzle"] == puzzle
    assert data["solution"] == format_grid(solve(grid, budget=BY_GUESSES).solution)
    # Progress is kept under a key naming the givens: two sizes never share one.
    assert data["key"] == "sudoku.play." + puzzle


@pytest.mark.parametrize("name", ["4x4", "6x6", "16x16", "25x25"])
def test_the_data_says_how_many_times_each_value_stands_in_the_solved_grid(client, name):
    """The pad counts down from these: once a row, for each of the board's values."""
    puzzle = line(name)
    data = play_data(client.get(play_url(puzzle)))
    size = shape_of_grid(parse_puzzle(puzzle)).size
    assert data["value_counts"] == {symbol: size for symbol in SYMBOLS[:size]}


@pytest.mark.parametrize("name", ["4x4", "6x6", "16x16", "25x25"])
def test_every_cell_is_a_button_naming_its_row_column_and_box(client, name):
    puzzle = line(name)
    board = shape_of_grid(parse_puzzle(puzzle))
    drawn = cells(client.get(play_url(puzzle)))
    assert len(drawn) == board.cells
    for index, cell in enumerate(drawn):
        row, column = board.row_col(index)
        assert cell["data-index"] == str(index)
        assert (cell["data-row"], cell["data-column"]) == (str(row), str(column))
        assert cell["data-box"] == str(board.box_of(index))
        given = puzzle[index]
        if given == ".":
            assert cell["aria-label"] == f"Row {row}, column {column}: empty"
            assert cell["text"] == ""
        else:
            assert cell["aria-label"] == f"Row {row}, column {column}: {given}, given"
            assert cell["text"] == given
            assert "given" in cell["classes"]


@pytest.mark.parametrize("name", ["4x4", "6x6", "16x16", "25x25"])
def test_the_grid_has_its_boxes_and_scrolls_in_a_region_of_its_own(client, name):
    puzzle = line(name)
    board = shape_of_grid(parse_puzzle(puzzle))
    html = client.get(play_url(puzzle)).content.decode()
    region = re.search(r'<div class="play-scroll" role="region" aria-label="Puzzle grid">', html)
    assert region, "the grid is not in its own region"
    table = f'<table class="grid play-grid play-sized size-{board.size}" role="grid">'
    assert table in html
    stack = f'<colgroup span="{board.box_cols}"></colgroup>'
    assert html.count(stack) == board.size // board.box_cols
    assert html.count("<tbody>") == board.size // board.box_rows
    # The page names the board's size, as the answer page does.
    size = f"{board.size}×{board.size}, boxes {board.box_rows}×{board.box_cols}"
    assert size in unescape(html)


@pytest.mark.parametrize(("name", "values"), [("4x4", "1234"), ("16x16", SYMBOLS[:16])])
def test_the_pad_offers_the_boards_values(client, name, values):
    html = client.get(play_url(line(name))).content.decode()
    pad = re.findall(r'class="pad-key" data-digit="(\w)"[^>]*>(\w)</button>', html)
    assert pad == [(value, value) for value in values]


def test_the_page_says_how_to_type_values_above_9(client):
    html = unescape(client.get(play_url(line("16x16"))).content.decode())
    assert "the letters A to G for 10 to 16" in html
    assert "1 then 2 gives 12" in html
    assert "Enter, any key that cannot follow it, or moving to another cell" in html
    small = unescape(client.get(play_url(line("6x6"))).content.decode())
    assert "1 to 6 fill the cell" in small
    assert "1 then 2 gives 12" not in small


def test_the_game_asks_the_api_at_every_size(client):
    for name in ("4x4", "16x16", "25x25"):
        data = client.get(play_url(line(name))).context["play_data"]
        assert (data["hint_url"], data["candidates_url"]) == ("/api/hint", "/api/candidates")


def test_from_12x12_the_page_says_a_mode_key_may_be_a_value_in_the_grid(client):
    """C (centre mode) is 12 on boards of 12 and more: the keys' help says
    letters that are values type them in the grid."""
    said = "In the grid a letter that is one of this board's values types it"
    assert said in unescape(client.get(play_url(line("16x16"))).content.decode())
    assert said not in unescape(client.get(play_url(line("6x6"))).content.decode())


def test_other_sizes_link_their_answer_steps_and_entry_grid(client):
    puzzle = line("6x6")
    html = unescape(client.get(play_url(puzzle)).content.decode())
    assert f'href="/steps?puzzle={puzzle}"' in html
    assert f'<a class="button" href="/index?puzzle={puzzle}">Edit in the entry grid</a>' in html
    assert f'href="{ANSWER}?puzzle={puzzle}"' in html


def test_a_puzzle_of_another_size_with_several_solutions_is_not_played(client):
    response = client.get(play_url("." * 16))
    html = unescape(response.content.decode())
    assert "This puzzle cannot be played: it has more than one solution." in html
    assert 'id="play-data"' not in html
    assert f'href="{ANSWER}?puzzle={"." * 16}"' in html


@pytest.mark.parametrize(
    "text",
    [
        "11" + "." * 14,  # two 1s in a row: the givens conflict
        "1" * 255 + "." * 1,  # 16x16, its givens in conflict
        "12#4" + "." * 12,  # a character no format reads
    ],
)
def test_bad_input_of_another_size_goes_where_the_answer_page_sends_it(client, text):
    response = client.get(play_url(text))
    assert response.status_code == 302
    assert response["Location"] == ANSWER + "?" + urlencode({"puzzle": text})
    answer = client.get(response["Location"])
    assert answer.status_code == 200
    assert 'id="form-errors"' in answer.content.decode()


def test_bad_9x9_input_still_goes_back_to_the_entry_page(client):
    response = client.get(play_url("55" + "." * 79))
    assert response.status_code == 200
    assert 'id="form-errors"' in response.content.decode()
    assert "Show Answer" in response.content.decode()


@pytest.mark.parametrize("name", ["4x4", "6x6", "16x16", "25x25"])
def test_the_answer_page_offers_play_at_other_sizes(client, name):
    puzzle = line(name)
    html = unescape(client.get(ANSWER + "?" + urlencode({"puzzle": puzzle})).content.decode())
    assert f'href="{play_url(puzzle)}">Play this puzzle</a>' in html


def test_the_answer_page_offers_no_play_for_another_size_with_several_solutions(client):
    html = client.get(ANSWER + "?" + urlencode({"puzzle": "." * 16})).content.decode()
    assert "Play this puzzle" not in html
