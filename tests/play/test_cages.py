"""Killer cages on the play page's grid, drawn by the server: each cage's
dashed outline on its cells and its sum beside its first cell's button (not
hidden: the script writes the buttons' labels, which name no cage); a
classic game's grid carries none of it."""

from __future__ import annotations

import re

from tests.support.cage_pages import check_cages, killer_query
from tests.support.play_served import play_url
from tests.support.puzzles import HARD

PLAY_CELL = re.compile(
    r'<td class="([^"]*)"><button type="button" class="play-cell"[^>]*>[^<]*</button>(.*?)</td>'
)


def grid_of(response) -> str:
    html = response.content.decode()
    return html[html.index('<table class="grid play-grid') : html.index("</table>")]


def test_the_game_draws_every_cage_and_its_sum_beside_the_first_cells_button(client):
    response = client.get("/play?" + killer_query())
    assert response.status_code == 200
    cells = [(classes, "", inner) for classes, inner in PLAY_CELL.findall(grid_of(response))]
    check_cages(cells, hidden=False)


def test_a_classic_games_grid_carries_no_cage_markup(client):
    assert "cage" not in grid_of(client.get(play_url(HARD)))
