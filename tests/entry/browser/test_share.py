"""Sharing and keeping a puzzle: links that open it filled or answered, the
answer page's copy buttons, and Back from the answer to the filled grid.

Runs headless Debian Chromium against pytest-django's live server (see conftest.py).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import CLIPBOARD, NO_CLIPBOARD_API
from tests.support.entry_page import (
    PUZZLE,
    SIZE,
    SOLUTION,
    answer_typed_puzzle,
    cell_input,
    entry_values,
    open_entry_page,
    type_puzzle,
)

pytestmark = pytest.mark.browser

# Row 1 needs its 9 in column 9, which already has one: no solution, and no
# two givens in conflict, so the answer page shows a verdict without a solution.
NO_SOLUTION = "12345678." + "........9" + "." * 63


def solve_typed(page: Page, base_url: str) -> None:
    """Type PUZZLE into the entry grid and go to its answer page."""
    open_entry_page(page, base_url)
    type_puzzle(page, PUZZLE)
    answer_typed_puzzle(page)


def answer_digits(page: Page) -> str:
    """The answer grid's digits, row by row."""
    cells = page.get_by_role("table", name="Answer grid").locator("td")
    expect(cells).to_have_count(SIZE * SIZE)
    return "".join(text.strip() for text in cells.all_inner_texts())


def read_clipboard(page: Page) -> str:
    return page.evaluate("navigator.clipboard.readText()")


def test_an_entry_link_with_a_puzzle_opens_the_grid_filled(live_server, page, console_errors):
    """/index?puzzle=<81 symbols> opens the entry grid holding that puzzle."""
    page.goto(f"{live_server.url}/index?puzzle={PUZZLE}")
    assert entry_values(page) == PUZZLE
    assert console_errors == []


def test_the_permalink_opens_the_same_answer_in_a_fresh_page(
    live_server, page, open_view, console_errors
):
    """The answer page's link field holds an absolute address that, opened in a
    fresh browser context, shows the same answer."""
    solve_typed(page, live_server.url)
    permalink = page.get_by_label("A link to this answer, to share or keep:").input_value()
    assert permalink.startswith(live_server.url + "/")

    fresh = open_view({})
    fresh.goto(permalink)
    expect(fresh.get_by_role("heading", level=1)).to_have_text("Answer")
    assert answer_digits(fresh) == SOLUTION == answer_digits(page)
    assert console_errors == []


def test_the_copy_buttons_copy_the_link_and_the_solution(live_server, open_view, console_errors):
    """With the script, each copy button is shown; pressing it puts its field's
    text on the clipboard and says "Copied."."""
    page = open_view(CLIPBOARD)
    page.goto(f"{live_server.url}/answer?puzzle={PUZZLE}")
    status = page.locator("#copy-status")

    page.get_by_role("button", name="Copy the link").click()
    expect(status).to_have_text("Copied.")
    assert read_clipboard(page) == page.locator("#permalink").input_value()

    page.get_by_role("button", name="Copy the solution").click()
    expect(status).to_have_text("Copied.")
    assert read_clipboard(page) == SOLUTION
    expect(page.get_by_role("button", name="Copy the solution")).to_be_focused()
    assert console_errors == []


def test_copy_falls_back_without_the_clipboard_api(live_server, open_view, console_errors):
    """Without navigator.clipboard the button copies the field's selection instead."""
    page = open_view(CLIPBOARD)
    page.add_init_script(NO_CLIPBOARD_API)
    page.goto(f"{live_server.url}/answer?puzzle={PUZZLE}")
    assert page.evaluate("navigator.clipboard === undefined")

    page.get_by_role("button", name="Copy the solution").click()
    expect(page.locator("#copy-status")).to_have_text("Copied.")
    reader = page.context.new_page()  # a page with the Clipboard API, to check
    reader.goto(f"{live_server.url}/index")
    assert read_clipboard(reader) == SOLUTION
    assert console_errors == []


def test_an_answer_without_a_solution_has_only_the_link_to_copy(live_server, page, console_errors):
    """A puzzle with no solution has no solution line; the link's copy button
    still shows, and the page raises no error."""
    page.goto(f"{live_server.url}/answer?puzzle={NO_SOLUTION}")
    expect(page.get_by_role("status").filter(has_text="No solution")).to_have_count(1)
    expect(page.locator("#solution-line")).to_have_count(0)
    expect(page.get_by_role("button", name="Copy the link")).to_be_visible()
    expect(page.locator("button[data-copy]:visible")).to_have_count(1)
    assert console_errors == []


def test_back_from_the_answer_returns_to_the_filled_grid(live_server, page, console_errors):
    """After Show Answer, Back opens the entry page at an address holding the
    puzzle, so the grid comes back filled even when the browser kept nothing."""
    solve_typed(page, live_server.url)
    page.go_back()
    expect(page).to_have_url(re.compile(r"/index\?puzzle=" + re.escape(PUZZLE) + "$"))
    assert entry_values(page) == PUZZLE
    assert console_errors == []


def test_back_keeps_a_plain_address_when_the_paste_box_was_used(live_server, page, console_errors):
    """When the paste box is what was answered, the grid is not what was posted:
    the entry page's address is left as it was."""
    open_entry_page(page, live_server.url)
    cell_input(page, 1, 1).press_sequentially("4")
    page.get_by_label("Or paste a whole puzzle").fill(PUZZLE)
    page.get_by_role("button", name="Show Answer").click()
    page.wait_for_url(re.compile(r"/answer"))
    page.go_back()
    expect(page).to_have_url(re.compile(r"/index$"))
    assert console_errors == []
