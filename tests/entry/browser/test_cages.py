"""Killer cages in Chromium: the answer page of a killer draws each cage's
dashed outline and its sum, each cell says its cage by name (with the sum),
and axe finds nothing, the sums' contrast included, light and dark."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.support.axe import AXE_OPTIONS, VIEWS
from tests.support.cage_pages import cages, killer_query, shared_killer

pytestmark = pytest.mark.browser


def test_each_answer_cell_says_its_cage_and_the_first_shows_the_sum(
    live_server, page, console_errors
):
    _puzzle, grid = shared_killer()
    first_cage = cages()[0]  # r1c1's, and more than one cell (the maker's cages grow)
    width = next(i for i in range(1, 9) if i not in first_cage.cells)  # r1c1's cage ends there
    past = next(c for c in cages() if width in c.cells)
    page.goto(f"{live_server.url}/answer?{killer_query()}")
    answer = page.get_by_role("table", name="Answer grid")
    name = f"the {first_cage.total} cage at r1c1"
    first = answer.get_by_role("cell", name=f"Row 1, column 1, box 1, {name}: {grid[0]}")
    expect(first).to_be_visible()
    expect(first.locator(".cage-sum")).to_have_text(str(first_cage.total))
    # Another cell of the cage says the same cage; the first cell of row 1 past it, another.
    r, c = divmod(first_cage.cells[1], 9)
    said = re.compile(rf"^Row {r + 1}, column {c + 1}, box \d+, {name}")
    expect(answer.get_by_role("cell", name=said)).to_be_visible()
    row, column = divmod(past.cells[0], 9)
    expect(
        answer.get_by_role(
            "cell",
            name=re.compile(
                rf"^Row 1, column {width + 1}, box \d+, the {past.total} cage at "
                rf"r{row + 1}c{column + 1}"
            ),
        )
    ).to_be_visible()
    # The outline: dashed on the top and left of r1c1 (the board's edge).
    sides = first.evaluate(
        """cell => {
            const line = getComputedStyle(cell, "::before");
            return [line.borderTopStyle, line.borderLeftStyle];
        }"""
    )
    assert sides == ["dashed", "dashed"]
    assert console_errors == []


@pytest.mark.parametrize("view", ["320-light", "1280-dark"])
def test_axe_finds_nothing_on_a_killers_answer_page(open_view, live_server, view):
    page = open_view(VIEWS[view])
    page.goto(f"{live_server.url}/answer?{killer_query()}")
    answer = page.get_by_role("table", name="Answer grid")
    expect(answer.locator(".cage-sum").first).to_be_visible()
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
