"""GET /api/puzzles/sized: a puzzle of any board but 9x9, from the stock at
once; above 16x16 never made, a 503 not_ready naming the sizes ready while
the stock holds none; a side that names no other board refused by the schema."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest

from solver.engine import Status, parse_puzzle, shape, shape_of_grid, solve
from solver.library import stock
from solver.library.models import Stocked
from tests.support.puzzles import SIZED

pytestmark = pytest.mark.django_db

SIZED_URL = "/api/puzzles/sized"


def test_a_twenty_five_comes_from_the_shipped_stock_with_its_game(client, never_generated):
    reply = client.get(SIZED_URL, {"size": 25})
    assert reply.status_code == 200
    body = reply.json()
    puzzle = parse_puzzle(body["puzzle"])
    assert shape_of_grid(puzzle).size == body["size"] == 25
    assert solve(puzzle, budget=stock.PROOF).status is Status.UNIQUE
    assert parse_qs(urlsplit(body["url"]).query)["puzzle"] == [body["puzzle"]]


def test_a_seed_picks_the_same_puzzle_again(client, never_generated):
    first = client.get(SIZED_URL, {"size": 20, "seed": 5}).json()
    assert client.get(SIZED_URL, {"size": 20, "seed": 5}).json() == first
    assert first["seed"] == 5


def test_a_small_board_the_stock_holds_is_handed_out_without_making(client, never_generated):
    stock.add(shape(2, 3), parse_puzzle(SIZED["6x6"]))
    assert client.get(SIZED_URL, {"size": 6}).json()["size"] == 6


def test_a_big_board_the_stock_lacks_is_not_ready_and_names_the_sizes_ready(
    client, never_generated
):
    Stocked.objects.filter(size=24).delete()
    reply = client.get(SIZED_URL, {"size": 24})
    assert reply.status_code == 503
    assert reply["Retry-After"] == str(stock.RETRY_SECONDS)
    [issue] = reply.json()["errors"]
    assert issue["code"] == "not_ready"
    ready = issue["message"].split("Sizes ready now: ")[1]
    assert "16, 18, 20" in ready
    assert "24" not in ready


@pytest.mark.parametrize("size", ["9", "7", "26", "x"])
def test_a_side_of_no_other_board_is_refused(client, size):
    assert client.get(SIZED_URL, {"size": size}).status_code == 400
