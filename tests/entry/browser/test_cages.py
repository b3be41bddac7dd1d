"""Killer cages in Chromium: the answer page of a killer draws each cage's
dashed outline and its sum, each cell says its cage by name (with the sum),
and axe finds nothing, the sums' contrast included, light and dark."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.support.axe import AXE_OPTIONS, VIEWS
from tests.support.cage_pages import killer_query, shared_killer

pytestmark = pytest.mark.browser


def test_each_answer_cell_says_its_cage_and_the_first_shows_the_sum(
    live_server, page, console_errors
):
    _puzzle, grid = shared_killer()
    page.goto(f"{live_server.url}/answer?{killer_query()}")
    answer = page.get_by_role("table", name="Answer grid")
    first = answer.get_by_role(
        "cell", name=f"Row 1, column 1, box 1, the 28 cage at r1c1: {grid[0]}"
    )
    expect(first).to_be_visible()
    expect(first.locator(".cage-sum")).to_have_text("28")
    # Its neighbour in the cage says the same cage; the cell past it, another.
    expect(
        answer.get_by_role("cell", name=re.compile(r"^Row 1, column 2, box 1, the 28 cage"))
    ).to_be_visible()
    expect(
        answer.get_by_role("cell", name=re.compile(r"^Row 1, column 3, box 1, the 2 cage at r1c3"))
    ).to_be_visible()
    # The outline: dashed on the sides that face out of the cage, none where it goes on.
    sides = first.evaluate(
        """cell => {
            const line = getComputedStyle(cell, "::before");
            return [line.borderTopStyle, line.borderLeftStyle, line.borderRightWidth];
        }"""
    )
    assert sides == ["dashed", "dashed", "0px"]
    assert console_errors == []


@pytest.mark.parametrize("view", ["320-light", "1280-dark"])
def test_axe_finds_nothing_on_a_killers_answer_page(open_view, live_server, view):
    page = open_view(VIEWS[view])
    page.goto(f"{live_server.url}/answer?{killer_query()}")
    answer = page.get_by_role("table", name="Answer grid")
    expect(answer.locator(".cage-sum").first).to_be_visible()
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
