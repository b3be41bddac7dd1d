"""The solving API at every size the engine reads: each reply states the
board's size and boxes, the solution keeps the givens and obeys the rules,
a clash names its cells on the board's own rows and columns, and the rating
stays 9x9 only."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from solver.engine import is_valid_solution, parse_puzzle
from tests.support.puzzles import HARD
from tests.support.sized import BOARDS, CLASH_16, FOUR

SOLVE, VALIDATE = "/api/solve", "/api/validate"
BOXES = {"4x4": [2, 2], "6x6": [2, 3], "16x16": [4, 4], "25x25": [5, 5]}


def post(client, path: str, puzzle: str):
    return client.post(path, {"puzzle": puzzle}, content_type="application/json")


@pytest.mark.parametrize("name", BOARDS)
def test_a_board_of_each_size_is_solved_keeping_its_givens(client, name):
    body = post(client, SOLVE, BOARDS[name]).json()
    puzzle = parse_puzzle(BOARDS[name])
    assert body["status"] == "unique"
    assert body["size"] == BOXES[name][0] * BOXES[name][1]
    assert body["box"] == BOXES[name]
    assert parse_puzzle(body["givens"]) == puzzle
    assert is_valid_solution(puzzle, parse_puzzle(body["solution"]))


@pytest.mark.parametrize("name", BOARDS)
def test_a_link_and_validate_state_the_size_too(client, name):
    linked = client.get(f"{SOLVE}?puzzle={quote(BOARDS[name])}").json()
    verdict = post(client, VALIDATE, BOARDS[name]).json()
    assert linked["box"] == verdict["box"] == BOXES[name]
    assert verdict["status"] == "unique"
    assert "solution" not in verdict


def test_the_rating_is_null_on_a_board_other_than_nine_by_nine(client, settings):
    settings.SUDOKU_RATE_ANSWERS = True
    assert post(client, SOLVE, FOUR).json()["difficulty"] is None


def test_a_sixteen_by_sixteen_clash_names_its_cells(client):
    response = post(client, SOLVE, CLASH_16)
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert [error["code"] for error in errors] == ["conflict"]
    assert errors[0]["cells"] == [[1, 1], [1, 2]]


def test_a_clash_in_a_later_row_is_counted_on_the_boards_own_rows(client):
    text = "." * 16 * 15 + "G" + "." * 14 + "G"
    errors = post(client, VALIDATE, text).json()["errors"]
    assert errors[0]["cells"] == [[16, 1], [16, 16]]


def test_nine_by_nine_states_its_size_and_boxes(client):
    body = post(client, SOLVE, HARD).json()
    assert body["size"] == 9
    assert body["box"] == [3, 3]


@pytest.mark.parametrize("side", [4, 6, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25])
def test_every_size_is_answered_with_its_boxes_even_the_narrowest(client, side):
    """14x14 boxes are 2x7 and 22x22 boxes 2x11: the reply states them too."""
    body = post(client, SOLVE, "1" + "." * (side * side - 1)).json()
    assert body["size"] == side
    assert body["box"][0] * body["box"][1] == side
