"""The page on phones, in the dark and on paper: widths, touch targets, themes, print."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.support.axe import AXE_OPTIONS, DESKTOP, LARGE_PHONE, PHONE
from tests.support.puzzles import HARD

pytestmark = pytest.mark.browser

PAGES = {
    "entry": "/index",
    "error": "/answer?puzzle=" + "55" + "." * 79,
    "answer": f"/answer?puzzle={HARD}",
    "steps": f"/steps?puzzle={HARD}&step=2",
    "play": f"/play?puzzle={HARD}",
}


def cell_sizes(page: Page) -> list[tuple[float, float]]:
    """(width, height) of every cell of the first grid on the page."""
    return (
        page.locator("table.grid")
        .first.locator("td")
        .evaluate_all(
            "cells => cells.map(cell => [cell.getBoundingClientRect().width,"
            " cell.getBoundingClientRect().height])"
        )
    )


@pytest.mark.parametrize("path", PAGES.values(), ids=PAGES.keys())
def test_nothing_scrolls_sideways_at_320_pixels(open_view, live_server, console_errors, path):
    """A 320-pixel phone shows the whole width of every page."""
    page = open_view(PHONE)
    page.goto(live_server.url + path)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    assert page.locator("table.grid:visible").first.bounding_box()["width"] <= 320
    assert console_errors == []


def test_cells_are_44_pixels_on_a_touch_screen_wide_enough_for_them(open_view, live_server):
    """WCAG 2.5.5's 44 px targets wherever nine of them fit across the screen."""
    page = open_view(LARGE_PHONE)
    page.goto(live_server.url + "/index")
    assert min(min(size) for size in cell_sizes(page)) >= 44


def test_cells_still_meet_the_minimum_target_size_at_320_pixels(open_view, live_server):
    """Nine 44 px cells cannot fit in 320 px: there they shrink, but stay above 24 px (2.5.8)."""
    page = open_view(PHONE)
    page.goto(live_server.url + "/index")
    assert min(min(size) for size in cell_sizes(page)) >= 24


def test_touch_screens_get_a_digit_pad_with_44_pixel_keys(open_view, live_server):
    page = open_view(PHONE)
    page.goto(live_server.url + "/index")
    keys = page.locator(".pad-key")
    expect(keys).to_have_count(10)
    expect(keys.first).to_be_visible()
    for box in (keys.nth(i).bounding_box() for i in range(10)):
        assert min(box["width"], box["height"]) >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= 320


def test_a_mouse_and_keyboard_get_no_digit_pad(open_view, live_server):
    page = open_view(DESKTOP)
    page.goto(live_server.url + "/index")
    expect(page.locator(".pad")).to_be_hidden()


def background_of(page: Page, selector: str) -> tuple[int, ...]:
    color = page.locator(selector).first.evaluate("e => getComputedStyle(e).backgroundColor")
    return tuple(int(part) for part in re.findall(r"\d+", color)[:3])


def test_the_theme_follows_the_system_setting(open_view, live_server):
    light = open_view(DESKTOP | {"color_scheme": "light"})
    dark = open_view(DESKTOP | {"color_scheme": "dark"})
    for page in (light, dark):
        page.goto(f"{live_server.url}/answer?puzzle={HARD}")
    assert sum(background_of(light, "html")) > 600
    assert sum(background_of(dark, "html")) < 150
    assert sum(background_of(dark, "td.given")) < 200


def test_the_answer_prints_on_one_page_with_the_puzzle_beside_it(open_view, live_server):
    """On paper: both grids, no buttons or forms, one A4 page (Letter too)."""
    page = open_view(DESKTOP | {"color_scheme": "dark"})
    page.goto(f"{live_server.url}/answer?puzzle={HARD}")
    page.emulate_media(media="print")
    expect(page.get_by_role("heading", name="Puzzle")).to_be_visible()
    expect(page.locator("table.answer-grid")).to_have_count(2)
    for grid in page.locator("table.answer-grid").all():
        expect(grid).to_be_visible()
    expect(page.locator(".actions")).to_be_hidden()
    expect(page.locator(".copy-fields")).to_be_hidden()
    assert sum(background_of(page, "html")) > 600  # ink on white, whatever the screen's theme
    for paper in ("A4", "Letter"):
        pdf = page.pdf(format=paper)
        assert len(re.findall(rb"/Type\s*/Page\b", pdf)) == 1


def test_a_step_prints_its_board_and_sentence_without_the_navigation(open_view, live_server):
    """On paper: the step's sentence and board, its marks kept, no buttons or
    list of steps; the step itself (heading, sentence, board) on the first page."""
    page = open_view(DESKTOP | {"color_scheme": "dark"})
    page.goto(f"{live_server.url}/steps?puzzle={HARD}&step=2")
    page.emulate_media(media="print")
    expect(page.locator("table.steps-grid")).to_be_visible()
    expect(page.locator("#step-text")).to_be_visible()
    expect(page.locator("del.removed").first).to_be_visible()
    for hidden in (".step-nav", ".all-steps", ".actions", ".site-header"):
        expect(page.locator(hidden).first).to_be_hidden()
    assert sum(background_of(page, "html")) > 600  # ink on white, whatever the screen's theme
    for paper in ("A4", "Letter"):
        pdf = page.pdf(format=paper)
        assert len(re.findall(rb"/Type\s*/Page\b", pdf)) <= 2


def test_axe_can_fail(open_view, live_server):
    """The accessibility checker is live: a page broken on purpose gets violations."""
    page = open_view(DESKTOP)
    page.goto(live_server.url + "/index")
    page.evaluate(
        """() => {
            const field = document.createElement("input");
            document.querySelector("main").append(field);
            document.querySelector("h1").classList.add("visually-hidden");
            document.querySelector("html").removeAttribute("lang");
        }"""
    )
    results = Axe().run(page, options=AXE_OPTIONS)
    rules = {violation["id"] for violation in results.response["violations"]}
    assert {"label", "html-has-lang"} <= rules


def test_a_long_file_name_in_a_message_wraps_instead_of_widening_the_page(open_view, live_server):
    page = open_view(PHONE)
    page.goto(live_server.url + "/index")
    name = "daily_sudoku_2026-11-22_extreme_from_the_newspaper_" * 3 + ".sdk"
    page.locator("#id_file").set_input_files(
        {"name": name, "mimeType": "text/plain", "buffer": b"\xff\xfe\x00"}
    )
    expect(page.locator("#entry-status")).to_contain_text("is not a text file")
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
