"""The answer page of a 16x16 board on a 320-pixel phone: each cell named by
its row, column, box and symbol; the page never scrolls sideways, the grid
scrolls inside its own region; axe finds nothing there, nor on the page
naming a clash. A 16x16 pasted into the entry page's box is named, with a
link to its answer.

Runs headless Debian Chromium against pytest-django's live server (see conftest.py).
"""

from __future__ import annotations

from urllib.parse import quote

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.entry.test_sizes import CLASH_16
from tests.support.axe import AXE_OPTIONS, DESKTOP, PHONE
from tests.support.entry_page import EMPTY_GRID, entry_values, open_entry_page, paste
from tests.support.puzzles import SIZED

pytestmark = pytest.mark.browser

SIXTEEN = "/answer?puzzle=" + quote(SIZED["16x16"])
CLASH = "/answer?puzzle=" + CLASH_16


def test_a_sixteen_by_sixteen_answer_fits_a_phone_and_names_its_cells(
    open_view, live_server, console_errors
):
    page = open_view(PHONE)
    page.goto(live_server.url + SIXTEEN)
    answer = page.get_by_role("table", name="Answer grid")
    expect(answer.get_by_role("cell")).to_have_count(256)
    expect(answer.get_by_role("cell", name="Row 1, column 1, box 1: C")).to_be_visible()
    expect(answer.get_by_role("cell", name="Row 16, column 16, box 16: 4")).to_have_count(1)
    expect(page.get_by_text("16×16, boxes 4×4")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    region = page.get_by_role("region", name="Answer grid")
    sizes = region.evaluate("node => [node.clientWidth, node.scrollWidth]")
    assert sizes[0] <= 320 < sizes[1]  # the grid is wider: it scrolls in its region
    assert console_errors == []


@pytest.mark.parametrize("view", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("path", [SIXTEEN, CLASH], ids=["answer", "clash"])
def test_axe_finds_nothing_on_a_sixteen_by_sixteen_page(open_view, live_server, view, path):
    page = open_view(view)
    page.goto(live_server.url + path)
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()


def test_a_sixteen_by_sixteen_pasted_into_the_box_links_its_answer(
    live_server, page, console_errors
):
    """The entry grid is 9x9: the paste stays in the box, unmarked, and the
    notice names its size beside a link that opens its answer."""
    open_entry_page(page, live_server.url)
    box = page.get_by_label("Or paste a whole puzzle")
    paste(box, SIZED["16x16"])
    notice = "A 16×16 puzzle: the entry grid is 9×9; Show Answer solves it at its size."
    expect(page.locator("#entry-status")).to_have_text(notice)
    expect(page.locator(".notices")).to_contain_text(notice)
    expect(box).to_have_value(SIZED["16x16"])
    expect(box).not_to_have_attribute("aria-invalid", "true")
    assert entry_values(page) == EMPTY_GRID
    page.get_by_role("link", name="Show the 16×16 answer").click()
    expect(page.get_by_text("16×16, boxes 4×4")).to_be_visible()
    expect(page.get_by_role("table", name="Answer grid").get_by_role("cell")).to_have_count(256)
    assert console_errors == []
