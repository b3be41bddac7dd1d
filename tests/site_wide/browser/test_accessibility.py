"""WCAG 2.2 A and AA, checked by axe-core in Chromium on every kind of page.

axe-core comes inside the axe-playwright-python package (no CDN) and is
injected into each page. Each page is checked at a phone's width and a
desktop's, in the light and the dark theme, with and without a touch screen
where the page differs (the digit pad).
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from solver.engine.levels import LEVELS
from tests.support.axe import AXE_OPTIONS, VIEWS
from tests.support.puzzles import HARD, NO_SOLUTION
from tests.support.stored import store_puzzles

pytestmark = pytest.mark.browser

CONFLICTING = "55" + "." * 79


def empty_page(page: Page, base_url: str) -> None:
    page.goto(base_url + "/index")


def filled_page(page: Page, base_url: str) -> None:
    """The entry grid filled from a link, with a cell selected (its peers highlighted)."""
    page.goto(f"{base_url}/index?puzzle={HARD}")
    page.locator('input[name="r1c1"]').focus()
    expect(page.locator("td.peer").first).to_be_visible()


def error_page(page: Page, base_url: str) -> None:
    """Conflicting givens and an unreadable paste: the page with its problems listed."""
    page.goto(f"{base_url}/answer?puzzle={CONFLICTING}")
    expect(page.locator("#form-errors")).to_be_visible()


def paste_error_page(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/answer?puzzle=not+a+puzzle")
    expect(page.locator("#form-errors")).to_be_visible()


def answer_page(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/answer?puzzle={HARD}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Answer")


def no_solution_page(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/answer?puzzle={NO_SOLUTION}")
    expect(page.locator(".verdict-none")).to_be_visible()


def steps_page(page: Page, base_url: str) -> None:
    """The steps page at a step that removes candidates (and so marks them)."""
    page.goto(f"{base_url}/steps?puzzle={HARD}&step=2")
    expect(page.locator("del.removed").first).to_be_visible()


def hint_page(page: Page, base_url: str) -> None:
    """The entry grid with a hint shown on it (Hint pressed twice)."""
    page.goto(f"{base_url}/index?puzzle={HARD}")
    hint = page.get_by_role("button", name="Hint")
    hint.click()
    expect(page.locator("#hint-status")).to_contain_text("Look at")
    hint.click()
    expect(page.locator("td.hint-pattern").first).to_be_visible()


def puzzle_page(page: Page, base_url: str) -> None:
    """A puzzle's own page, from the library."""
    (puzzle,) = store_puzzles("hard")
    page.goto(f"{base_url}/p/{puzzle.pk}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hard puzzle")


def library_page(page: Page, base_url: str) -> None:
    """The library filtered by a level, on its second page (level and page links marked)."""
    store_puzzles("medium", 55)
    store_puzzles("hard", 2)
    page.goto(f"{base_url}/library?level=medium&page=2")
    expect(page.locator("table.library tbody tr")).to_have_count(5)


def empty_library_page(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/library")
    expect(page.get_by_text("The library is empty.")).to_be_visible()


def daily_page(page: Page, base_url: str) -> None:
    for level in LEVELS:
        store_puzzles(level)
    page.goto(f"{base_url}/daily")
    expect(page.locator(".dailies li")).to_have_count(len(LEVELS))


def play_page(page: Page, base_url: str) -> None:
    """The play page mid-game: a digit, notes, a check and a hint shown."""
    page.goto(f"{base_url}/play?puzzle={HARD}")
    page.get_by_role("button", name="Row 1, column 2: empty").click()
    page.keyboard.press("Control+Digit6")
    page.get_by_role("button", name="Row 1, column 3: empty").click()
    page.keyboard.press("9")
    page.get_by_role("button", name="Check").click()
    hint = page.get_by_role("button", name="Hint")
    hint.click()
    expect(page.locator("#play-status")).not_to_be_empty()


def unplayable_page(page: Page, base_url: str) -> None:
    page.goto(f"{base_url}/play?puzzle={'.' * 81}")
    expect(page.get_by_role("status")).to_contain_text("cannot be played")


PAGES = {
    "empty": empty_page,
    "filled": filled_page,
    "error": error_page,
    "paste-error": paste_error_page,
    "answer": answer_page,
    "no-solution": no_solution_page,
    "steps": steps_page,
    "hint": hint_page,
    "puzzle": puzzle_page,
    "library": library_page,
    "empty-library": empty_library_page,
    "daily": daily_page,
    "play": play_page,
    "unplayable": unplayable_page,
}


@pytest.mark.parametrize("view", VIEWS)
@pytest.mark.parametrize("name", PAGES)
def test_axe_finds_no_wcag_22_aa_violation(open_view, live_server, console_errors, name, view):
    """Every page, at each width and in each theme, passes axe's WCAG 2.2 A/AA rules."""
    page = open_view(VIEWS[view])
    PAGES[name](page, live_server.url)
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
    assert console_errors == []
