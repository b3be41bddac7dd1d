"""The steps page of a variant in Chromium: the shared jigsaw's regions
outlined on each step's board, its rules said, Next walking on with the
rules kept; axe finds nothing on it, on a phone and a desktop.

Runs headless Debian Chromium against pytest-django's live server (see conftest.py).
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from solver.engine import format_grid
from solver.engine.links import read_link
from tests.support.axe import AXE_OPTIONS, DESKTOP
from tests.support.variants import first_of_each_kind

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 375, "height": 812}, "has_touch": True, "is_mobile": True}


def jigsaw_steps() -> tuple[str, str]:
    """The shared jigsaw's steps address, and its rules' short text."""
    payload, _solution = first_of_each_kind()["jigsaw"]
    puzzle = read_link("fpuzzles" + payload)
    query = urlencode({"puzzle": format_grid(puzzle.grid), "rules": puzzle.rules.key})
    return "/steps?" + query, puzzle.rules.key


def test_a_jigsaws_steps_draw_its_regions_and_walk_on_under_its_rules(
    live_server, page, console_errors
):
    address, rules = jigsaw_steps()
    page.goto(live_server.url + address)
    expect(page.get_by_role("heading", name="Rules")).to_be_visible()
    expect(page.locator("table.steps-grid.jigsaw td.edge-top").first).to_be_visible()
    page.get_by_role("link", name="Next", exact=True).click()
    expect(page).to_have_url(re.compile(r"[?&]step=2(&|$)"))
    assert parse_qs(urlsplit(page.url).query)["rules"] == [rules]
    expect(page.locator("table.steps-grid.jigsaw")).to_be_visible()
    assert console_errors == []


@pytest.mark.parametrize("view", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_axe_finds_nothing_on_a_jigsaws_step(open_view, live_server, view):
    page = open_view(view)
    page.goto(live_server.url + jigsaw_steps()[0])
    expect(page.locator("table.steps-grid.jigsaw")).to_be_visible()
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
