"""A game under variant rules in Chromium: the shared jigsaw played to the
end, its conflicts found in its regions rather than in boxes, its regions
outlined, a hint taken under its rules; axe finds nothing."""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from solver.engine import format_grid
from solver.engine.links import read_link
from tests.support.axe import AXE_OPTIONS
from tests.support.entry_page import tab_until
from tests.support.play_page import button, cell, label, stored
from tests.support.variants import first_of_each_kind

pytestmark = pytest.mark.browser


def jigsaw():
    """The shared jigsaw: its puzzle (givens and rules) and its solution line."""
    payload, solution = first_of_each_kind()["jigsaw"]
    return read_link("fpuzzles" + payload), format_grid(solution)


def open_game(page: Page, base_url: str, puzzle) -> None:
    query = urlencode({"puzzle": format_grid(puzzle.grid), "rules": puzzle.rules.key})
    page.goto(f"{base_url}/play?{query}")
    expect(page.locator("#play")).to_be_visible()


def test_a_jigsaw_is_played_by_keyboard_to_the_end(live_server, page, console_errors):
    puzzle, solution = jigsaw()
    size = puzzle.rules.size
    open_game(page, live_server.url, puzzle)
    expect(page.locator("table.play-grid.jigsaw td.edge-top").first).to_be_visible()
    tab_until(page, cell(page, 1, 1))
    for index in range(size * size):
        if not puzzle.grid[index]:
            page.keyboard.press(solution[index])
        if index < size * size - 1:
            page.keyboard.press("ArrowRight")
    done = page.get_by_role("status").filter(has_text="Solved in")
    expect(done).to_have_text(re.compile(r"^Solved in 0:\d\d"))
    assert stored(page)["finished"] is True
    assert console_errors == []


def test_conflicts_are_found_in_the_jigsaw_regions(live_server, page, console_errors):
    """A digit placed twice in one jigsaw region is a conflict named by that
    region, even where the two cells share no row or column."""
    puzzle, _ = jigsaw()
    size, regions = puzzle.rules.size, puzzle.rules.jigsaw.regions
    open_game(page, live_server.url, puzzle)
    given, other = next(
        (given, other)
        for given, digit in enumerate(puzzle.grid)
        if digit
        for other, region in enumerate(regions)
        if region == regions[given]
        and not puzzle.grid[other]
        and other // size != given // size
        and other % size != given % size
    )
    row, column = other // size + 1, other % size + 1
    cell(page, row, column).click()
    page.keyboard.press(str(puzzle.grid[given]))
    expect(page.locator("#play-conflicts")).to_contain_text("jigsaw region")
    page.keyboard.press("Backspace")
    expect(page.locator("#play-conflicts")).not_to_contain_text("jigsaw region")
    assert console_errors == []


def test_a_hint_under_the_jigsaws_rules_fills_in_the_solutions_digits(
    live_server, page, console_errors
):
    puzzle, solution = jigsaw()
    size = puzzle.rules.size
    open_game(page, live_server.url, puzzle)
    spots = [(i // size + 1, i % size + 1) for i, digit in enumerate(puzzle.grid) if not digit]
    before = [label(page, r, c) for r, c in spots]
    hint = button(page, "Hint")
    for _ in range(3):  # say there is a step, show it, then take it
        hint.click()
    status = page.locator("#play-status")
    expect(status).to_contain_text("Filled in:")
    changed = [
        (spot, label(page, *spot))
        for spot, old in zip(spots, before, strict=True)
        if label(page, *spot) != old
    ]
    assert changed
    for (row, column), text in changed:
        assert text == f"Row {row}, column {column}: {solution[(row - 1) * size + column - 1]}"
    assert console_errors == []


def test_axe_finds_no_violation_on_a_jigsaw_game(open_view, live_server, console_errors):
    puzzle, _ = jigsaw()
    page = open_view({"viewport": {"width": 375, "height": 812}})
    open_game(page, live_server.url, puzzle)
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
