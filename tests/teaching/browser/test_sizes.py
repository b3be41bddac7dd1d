"""The steps page of a 16x16 board in Chromium: on a 360-pixel phone the page
never scrolls sideways (the board scrolls inside its own region), each
cell's 16 candidate places form a 4x4 block of legible marks, Next walks on;
axe finds nothing on it. The answer page of another size puts in the note
that it has no level.

Runs headless Debian Chromium against pytest-django's live server (see conftest.py).
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.support.axe import AXE_OPTIONS, DESKTOP
from tests.support.puzzles import SIZED

pytestmark = pytest.mark.browser

PHONE_360 = {"viewport": {"width": 360, "height": 800}, "has_touch": True, "is_mobile": True}
SIXTEEN = "/steps?puzzle=" + quote(SIZED["16x16"])
REGION = "The board before step 1, with its candidates"
SMALLEST_MARK_PX = 9  # a candidate's letters, at the least


def test_a_sixteen_by_sixteen_step_fits_a_phone_and_its_board_scrolls_in_its_region(
    open_view, live_server, console_errors
):
    page = open_view(PHONE_360)
    page.goto(live_server.url + SIXTEEN)
    expect(page.get_by_text("16×16, boxes 4×4")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    region = page.get_by_role("region", name=REGION)
    width, scrolled = region.evaluate("node => [node.clientWidth, node.scrollWidth]")
    assert width <= 360 < scrolled  # the board is wider: it scrolls in its region
    region.evaluate("node => { node.scrollLeft = node.scrollWidth; }")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert page.evaluate("window.scrollX") == 0
    assert console_errors == []


def test_a_cells_candidates_form_a_four_by_four_block_of_legible_marks(
    open_view, live_server, console_errors
):
    page = open_view(PHONE_360)
    page.goto(live_server.url + SIXTEEN)
    block = page.locator(".steps-grid td.open .candidates").first
    columns, rows, size = block.evaluate(
        """node => {
          const style = getComputedStyle(node);
          return [style.gridTemplateColumns.split(" ").length,
                  style.gridTemplateRows.split(" ").length, parseFloat(style.fontSize)];
        }"""
    )
    assert (columns, rows) == (4, 4)
    assert size >= SMALLEST_MARK_PX
    assert console_errors == []


def test_next_walks_a_sixteen_by_sixteen_board(live_server, page, console_errors):
    page.goto(live_server.url + SIXTEEN)
    page.get_by_role("link", name="Next").click()
    page.wait_for_url("**step=2")
    heading = page.get_by_role("heading", level=2, name=re.compile(r"^Step 2 of 128:"))
    expect(heading).to_be_visible()
    assert console_errors == []


def test_the_answer_of_another_size_says_it_has_no_level(live_server, page, console_errors):
    page.goto(live_server.url + "/answer?puzzle=" + quote(SIZED["6x6"]))
    expect(page.locator("#answer-level")).to_have_text(
        "Level: none for a 6×6 board. The levels are calibrated on 9×9 puzzles, "
        "so a level here would mislead."
    )
    page.get_by_role("link", name="Explain step by step").click()
    expect(page.get_by_text("6×6, boxes 2×3")).to_be_visible()
    assert console_errors == []


@pytest.mark.parametrize("view", [PHONE_360, DESKTOP], ids=["phone", "desktop"])
def test_axe_finds_nothing_on_a_sixteen_by_sixteen_step(open_view, live_server, view):
    page = open_view(view)
    page.goto(live_server.url + SIXTEEN)
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
