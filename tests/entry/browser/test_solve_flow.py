"""The solve flow in a real browser: type a puzzle, see the answer, edit, reset, return.

Runs headless Debian Chromium against pytest-django's live server (see conftest.py).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.support.entry_page import (
    PUZZLE,
    SIZE,
    SOLUTION,
    cell_input,
    cell_kinds,
    entry_values,
    follow_link,
    open_entry_page,
    show_answer,
    solve_in_browser,
)

pytestmark = pytest.mark.browser


def test_typed_puzzle_shows_its_unique_solution(live_server, page, console_errors):
    """A puzzle typed cell by cell is answered with its solution: givens marked
    ``given``, the solver's digits ``solved``, and the verdict says "Solved"."""
    solve_in_browser(page, live_server.url, PUZZLE)

    cells = page.get_by_role("table", name="Answer grid").locator("td")
    expect(cells).to_have_count(SIZE * SIZE)
    assert "".join(text.strip() for text in cells.all_inner_texts()) == SOLUTION
    assert cell_kinds(cells) == ["given" if symbol != "." else "solved" for symbol in PUZZLE]
    expect(page.get_by_role("status").filter(has_text="Solved.")).to_have_class(
        re.compile("verdict")
    )
    assert console_errors == []


def test_edit_keeps_the_givens_and_reset_clears_them_in_place(live_server, page, console_errors):
    """The "Edit in the entry grid" link reopens the entry grid holding exactly the givens;
    "Reset" then empties all 81 inputs in place (by script: no reload, same URL)."""
    solve_in_browser(page, live_server.url, PUZZLE)
    follow_link(page, "Edit in the entry grid", re.compile(r"/index\?puzzle="))
    assert entry_values(page) == PUZZLE

    edit_url = page.url
    page.evaluate("window.beforeReset = true")  # gone if Reset reloads the page
    page.get_by_role("button", name="Reset").click()

    assert entry_values(page) == "." * (SIZE * SIZE)
    assert page.url == edit_url
    assert page.evaluate("window.beforeReset") is True
    assert console_errors == []


def test_return_from_the_answer_opens_an_empty_grid(live_server, page, console_errors):
    """The "Return" link on the answer page leads to the entry page, every cell empty."""
    solve_in_browser(page, live_server.url, PUZZLE)
    follow_link(page, "Return", re.compile(r"/index$"))

    expect(page.get_by_role("heading", level=1)).to_have_text("Enter a puzzle")
    assert entry_values(page) == "." * (SIZE * SIZE)
    assert console_errors == []


def test_conflicting_givens_are_reported_and_kept(live_server, page, console_errors):
    """Two equal digits in one row are refused: the page names the conflict, marks
    both cells aria-invalid and keeps the typed digits."""
    open_entry_page(page, live_server.url)
    cell_input(page, 3, 2).press_sequentially("5")
    cell_input(page, 3, 8).press_sequentially("5")
    show_answer(page)

    expect(page.get_by_role("alert")).to_contain_text("Two 5s in row 3")
    for col in (2, 8):
        expect(cell_input(page, 3, col)).to_have_attribute("aria-invalid", "true")
        expect(cell_input(page, 3, col)).to_have_value("5")
    assert console_errors == []


def test_the_whole_flow_works_with_javascript_off(live_server, browser):
    """With scripts disabled, typing, Show Answer, Edit and Reset (as a reload) all work."""
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    solve_in_browser(page, live_server.url, PUZZLE)
    cells = page.get_by_role("table", name="Answer grid").locator("td")
    assert "".join(text.strip() for text in cells.all_inner_texts()) == SOLUTION

    follow_link(page, "Edit in the entry grid", re.compile(r"/index\?puzzle="))
    assert entry_values(page) == PUZZLE
    page.get_by_role("button", name="Reset").click()
    page.wait_for_url(re.compile(r"/index\??$"))
    assert entry_values(page) == "." * (SIZE * SIZE)
    context.close()


def test_fill_the_grid_works_with_javascript_off(live_server, browser):
    """Without scripts, "Fill the grid" posts the paste box (or a file) and the
    page comes back with the grid filled and the box empty."""
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    open_entry_page(page, live_server.url)
    drawn = "\n".join(PUZZLE[row * SIZE : row * SIZE + SIZE] for row in range(SIZE))
    page.get_by_label("Or paste a whole puzzle").fill(drawn.replace(".", "_"))
    page.get_by_role("button", name="Fill the grid").click()
    page.wait_for_url(re.compile(r"/load$"))
    assert entry_values(page) == PUZZLE
    expect(page.get_by_label("Or paste a whole puzzle")).to_have_value("")

    sdk = "#AA setter\n#DFrom a newspaper\n" + drawn + "\n"
    page.get_by_label("Or load a puzzle file").set_input_files(
        {"name": "puzzle.sdk", "mimeType": "text/plain", "buffer": sdk.encode()}
    )
    page.get_by_role("button", name="Fill the grid").click()
    page.wait_for_load_state()
    assert entry_values(page) == PUZZLE
    context.close()
