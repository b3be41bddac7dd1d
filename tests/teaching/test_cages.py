"""Killer cages on the steps page's board: each cage's dashed outline on
its cells, its sum in its first cell's corner, and its name (with the sum)
in each cell's spoken place, which the sum is hidden beside; the board of a
classic puzzle carries none of it."""

from __future__ import annotations

import re

from tests.support.cage_pages import check_cages, killer_query
from tests.support.puzzles import HARD

STEP_CELL = re.compile(
    r'<td class="([^"]*)"><span class="visually-hidden">([^<]*)</span>(.*?)</td>', re.S
)


def board_of(response) -> str:
    html = response.content.decode()
    return re.search(r'<table class="grid steps-grid.*?</table>', html, re.S).group(0)


def test_the_steps_board_draws_every_cage_and_says_it_in_each_cells_place(client):
    response = client.get("/steps?" + killer_query())
    assert response.status_code == 200
    cells = STEP_CELL.findall(board_of(response))
    check_cages(cells)
    assert cells[0][1] == "Row 1, column 1, the 28 cage at r1c1, candidates:"


def test_a_classic_steps_board_carries_no_cage_markup(client):
    board = board_of(client.get("/steps", {"puzzle": HARD}))
    assert "cage" not in board
    assert "Row 1, column 1" in board
