"""The answer page's explained verdicts in Chromium: two solutions side by
side where the window allows (stacked on a phone, the page never scrolling
sideways), the cells where they differ marked in both; the drawing of where
a puzzle with no solution breaks; each passing axe's WCAG 2.2 AA checks at
1280 and 375 px, light and dark."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from solver.engine import format_grid
from tests.support.axe import AXE_OPTIONS
from tests.support.broken import first_broken
from tests.support.puzzles import HARD1, NO_SOLUTION, sample

pytestmark = pytest.mark.browser

VIEWS = {
    f"{width}-{scheme}": {"viewport": {"width": width, "height": 900}, "color_scheme": scheme}
    for width in (1280, 375)
    for scheme in ("light", "dark")
}


def with_singles() -> str:
    """A shared puzzle broken by one given, where singles lead to the break."""
    puzzle, _ = first_broken(sample("seventeen_clue.txt", 5), lambda found: len(found.singles) >= 3)
    return format_grid(puzzle)


PUZZLES = {"several": lambda: HARD1, "none": lambda: NO_SOLUTION, "singles": with_singles}


def open_answer(page: Page, base_url: str, puzzle: str) -> None:
    page.goto(f"{base_url}/answer?{urlencode({'puzzle': puzzle})}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Answer")


def boxes(page: Page) -> list[dict]:
    """Where the two solutions' grids are drawn."""
    grids = [page.get_by_role("table", name=f"Solution {n}") for n in (1, 2)]
    for grid in grids:
        expect(grid).to_be_visible()
    return [grid.bounding_box() for grid in grids]


def scrolls_sideways(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth > window.innerWidth")


def test_two_solutions_stand_side_by_side_on_a_wide_window(open_view, live_server, console_errors):
    page = open_view(VIEWS["1280-light"])
    open_answer(page, live_server.url, HARD1)
    first, second = boxes(page)
    assert first["y"] == second["y"]
    assert second["x"] >= first["x"] + first["width"]
    assert not scrolls_sideways(page)
    assert console_errors == []


def test_two_solutions_are_stacked_on_a_phone(open_view, live_server, console_errors):
    page = open_view(VIEWS["375-light"])
    open_answer(page, live_server.url, HARD1)
    first, second = boxes(page)
    assert second["y"] >= first["y"] + first["height"]
    assert not scrolls_sideways(page)
    assert console_errors == []


def test_the_differing_cells_are_marked_in_both_grids(page, live_server, console_errors):
    open_answer(page, live_server.url, HARD1)
    counts = []
    for n in (1, 2):
        grid = page.get_by_role("table", name=f"Solution {n}")
        counts.append(grid.locator("td.differs").count())
    assert counts[0] == counts[1] >= 4  # a deadly pattern's four cells at least
    expect(page.locator(".verdict")).to_contain_text(f"differ in {counts[0]} cells")
    assert console_errors == []


def test_where_the_puzzle_breaks_is_drawn(page, live_server, console_errors):
    open_answer(page, live_server.url, NO_SOLUTION)
    grid = page.get_by_role("table", name="Where the puzzle breaks")
    broken = grid.locator("td.broken")
    expect(broken).to_have_count(1)
    expect(broken).to_have_attribute("aria-label", "Row 1, column 9, box 3 (no candidate left)")
    expect(page.locator(".verdict")).to_contain_text("row 1, column 9 has no candidate left")
    expect(page.get_by_role("link", name="Edit in the entry grid")).to_have_class("button primary")
    assert console_errors == []


def test_the_singles_are_numbered_on_the_grid_and_listed(page, live_server, console_errors):
    open_answer(page, live_server.url, with_singles())
    grid = page.get_by_role("table", name="Where the puzzle breaks")
    numbered = grid.locator("td.single .order")
    count = numbered.count()
    assert count >= 3
    assert sorted(int(n) for n in numbered.all_inner_texts()) == list(range(1, count + 1))
    page.get_by_text(f"The {count} singles that lead there, in order").click()
    expect(page.locator("details.singles li")).to_have_count(count)
    expect(page.locator("details.singles li").first).to_be_visible()
    assert console_errors == []


@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("verdict", PUZZLES)
def test_axe_finds_no_violation(open_view, live_server, console_errors, view, verdict):
    page = open_view(VIEWS[view])
    open_answer(page, live_server.url, PUZZLES[verdict]())
    page.locator("details").evaluate_all("(all) => all.forEach((d) => { d.open = true; })")
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
    assert console_errors == []
