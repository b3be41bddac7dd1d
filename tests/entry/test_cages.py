"""Killer cages on the entry page and the answer page: each cage's dashed
outline on its cells, its sum in its first cell's corner, its name (with
the sum) in each cell's label; classic grids carry none of it."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from tests.support.cage_pages import (
    check_cages,
    drawn_sides,
    killer_query,
    name,
    outline,
    shared_killer,
)
from tests.support.killers import killer
from tests.support.puzzles import HARD

RULES = "cage:3:r1c1.r1c2,cage:r5c5.r5c6"
ENTRY_CELL = re.compile(r'<td class="([^"]*)"><input [^>]*aria-label="([^"]*)"[^>]*>(.*?)</td>')
ANSWER_CELL = re.compile(r'<td class="([^"]*)" aria-label="([^"]*)">(.*?)</td>')


def grids(html: str, kind: str) -> list[str]:
    """Each table of class ``kind`` (entry-grid, answer-grid) on the page."""
    return re.findall(rf'<table class="grid {kind}.*?</table>', html, re.S)


def test_the_entry_grid_outlines_each_cage_and_names_it_with_its_sum(client):
    html = client.get("/index", {"puzzle": "." * 81, "rules": RULES}).content.decode()
    [grid] = grids(html, "entry-grid")
    cells = ENTRY_CELL.findall(grid)
    assert cells[0] == (
        "cell cage-top cage-bottom cage-left",
        "Row 1, column 1, box 1, the 3 cage at r1c1",
        '<span class="cage-sum" aria-hidden="true">3</span>',
    )
    assert cells[1][:2] == (
        "cell cage-top cage-bottom cage-right",
        "Row 1, column 2, box 1, the 3 cage at r1c1",
    )
    assert cells[1][2] == ""
    # A cage without a sum is outlined and named, with no number drawn.
    assert cells[40] == (
        "cell cage-top cage-bottom cage-left",
        "Row 5, column 5, box 5, the cage at r5c5",
        "",
    )
    assert cells[2] == ("cell", "Row 1, column 3, box 1", "")


def test_the_entry_grid_draws_every_cage_of_a_whole_killer(client):
    html = client.get("/index?" + killer_query()).content.decode()
    [grid] = grids(html, "entry-grid")
    check_cages(ENTRY_CELL.findall(grid))


def test_both_answer_grids_draw_every_cage_with_its_sum_and_name(client):
    html = client.get("/answer?" + killer_query()).content.decode()
    assert "exactly one solution" in html
    drawn = grids(html, "answer-grid")
    assert len(drawn) == 2  # the printed puzzle and the answer
    for grid in drawn:
        check_cages(ANSWER_CELL.findall(grid))
    assert "Killer cages: the digits in each dashed cage differ" in html


def test_a_pasted_killer_answers_with_its_cages_drawn(client):
    puzzle, grid = shared_killer()
    pasted = "." * 81 + "\nrules: " + puzzle.rules.key
    response = client.post("/answer", {"puzzle": pasted})
    assert response.status_code == 303
    location = response["Location"]
    assert urlsplit(location).path == "/answer"
    html = client.get(location).content.decode()
    _puzzle, answer = grids(html, "answer-grid")
    cells = ANSWER_CELL.findall(answer)
    digits = [re.sub(r"<span .*?</span>", "", inner) for _classes, _label, inner in cells]
    assert digits == [str(digit) for digit in grid]
    check_cages(cells)


def test_classic_entry_and_answer_grids_carry_no_cage_markup(client):
    for page in (
        client.get("/index"),
        client.get("/index", {"puzzle": HARD}),
        client.get("/answer", {"puzzle": HARD}),
    ):
        html = page.content.decode()
        tables = re.findall(r"<table class=\"grid .*?</table>", html, re.S)
        assert tables
        assert not any("cage" in table for table in tables)


def test_a_killer_with_several_solutions_shows_two_with_their_cages_drawn(client):
    puzzle, _grid = killer(0)  # no givens, and more than one solution (CP-SAT says 2)
    query = {"puzzle": "." * 81, "rules": puzzle.rules.key}
    html = client.get("/answer", query).content.decode()
    pair = grids(html, "answer-grid marked")
    assert len(pair) == 2
    first_cage = puzzle.rules.kinds[0].cages[0]
    for grid in pair:
        cells = ANSWER_CELL.findall(grid)
        assert len(cells) == 81
        for cell, sides in outline(first_cage).items():
            classes, label, _inner = cells[cell]
            assert drawn_sides(classes) == sides
            assert name(first_cage) in label
        assert f">{first_cage.total}</span>" in cells[first_cage.cells[0]][2]
    assert "differs" in pair[0]
