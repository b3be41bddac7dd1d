"""Counted mistakes in Chromium: with "Count mistakes" on, a wrong digit is
marked on the grid (a style and a description of its cell) until it is put
right, and the counter is on screen together with it at a desktop's and a
phone's size (beside the clock, never below the fold); off, nothing is
marked. Axe finds nothing wrong with the marks, light and dark."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Locator, Page, expect

from tests.support.axe import AXE_OPTIONS
from tests.support.play_page import OPEN, cell, open_play, solution_at, wrong_but_allowed

pytestmark = pytest.mark.browser

OPTION = "Count mistakes (digits placed that are not the solution's)"
NOTE = "A mistake: not the solution's digit."
SIZES = [(1280, 900), (375, 812)]


def place(page: Page, row: int, column: int, digit: str) -> None:
    cell(page, row, column).click()
    page.keyboard.press(digit)


def td(page: Page, row: int, column: int) -> Locator:
    return cell(page, row, column).locator("xpath=..")


def counting(page: Page, base_url: str) -> tuple[int, int, str]:
    """A game with mistakes counted and one wrong digit placed: its cell and digit."""
    open_play(page, base_url)
    page.get_by_label(OPTION).check()
    row, column, digit = wrong_but_allowed()
    place(page, row, column, digit)
    return row, column, digit


def in_view(box: dict, width: int, height: int) -> bool:
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width
        and box["y"] + box["height"] <= height
    )


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_a_counted_mistake_is_marked_on_the_grid_with_the_counter_in_sight(
    open_view, live_server, console_errors, width, height
):
    page = open_view({"viewport": {"width": width, "height": height}})
    row, column, _ = counting(page, live_server.url)
    counter = page.locator("#play-mistakes")
    expect(counter).to_have_text("Mistakes: 1")
    expect(td(page, row, column)).to_have_class(re.compile(r"\bmistake\b"))
    expect(cell(page, row, column)).to_have_accessible_description(NOTE)
    for seen in (counter, cell(page, row, column)):
        box = seen.bounding_box()
        assert box is not None
        assert in_view(box, width, height), (box, width, height)
    assert console_errors == []


def test_the_mark_goes_when_the_digit_is_put_right_and_a_right_digit_is_never_marked(
    live_server, page, console_errors
):
    row, column, _ = counting(page, live_server.url)
    expect(page.locator("td.mistake")).to_have_count(1)
    place(page, row, column, solution_at(row, column))
    expect(page.locator("td.mistake")).to_have_count(0)
    expect(cell(page, row, column)).not_to_have_accessible_description(NOTE)
    expect(page.locator("#play-mistakes")).to_have_text("Mistakes: 1")  # it was counted
    assert console_errors == []


def test_with_the_option_off_nothing_is_marked(live_server, page, console_errors):
    row, column, _ = counting(page, live_server.url)
    page.get_by_label(OPTION).uncheck()
    expect(page.locator("td.mistake")).to_have_count(0)
    expect(page.locator("#play-mistakes")).to_be_hidden()
    page.get_by_label(OPTION).check()
    expect(td(page, row, column)).to_have_class(re.compile(r"\bmistake\b"))
    assert console_errors == []


@pytest.mark.parametrize(("width", "height"), SIZES)
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation_with_a_mistake_marked(
    open_view, live_server, console_errors, scheme, width, height
):
    page = open_view({"viewport": {"width": width, "height": height}, "color_scheme": scheme})
    counting(page, live_server.url)
    r, c = next(place for place in OPEN if place != wrong_but_allowed()[:2])
    place(page, r, c, solution_at(r, c))
    expect(page.locator("td.mistake")).to_have_count(1)
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
    assert console_errors == []
