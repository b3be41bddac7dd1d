"""The library in a real browser: a new puzzle from the entry page, its own
page, its answer; browsing the library by level and page; the day's puzzles.
Every page works by links and plain forms, without one console error."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from solver.engine.levels import LEVELS
from tests.support.axe import AXE_OPTIONS, PHONE, VIEWS
from tests.support.entry_page import open_entry_page
from tests.support.puzzles import HARD_SOLUTION
from tests.support.stored import store_puzzles

pytestmark = pytest.mark.browser

PUZZLE_PAGE = re.compile(r"/p/[a-z2-7]+$")


def test_a_new_puzzle_of_a_chosen_level_opens_its_page_and_its_answer(
    live_server, page: Page, console_errors
):
    store_puzzles("easy", 3)
    (hard,) = store_puzzles("hard")
    open_entry_page(page, live_server.url)
    page.get_by_label("Level").select_option(label="Hard")
    page.get_by_role("button", name="New puzzle").click()
    page.wait_for_url(PUZZLE_PAGE)
    assert page.url.endswith(f"/p/{hard.pk}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Hard puzzle")
    expect(page.locator(".puzzle-facts")).to_contain_text("X-Wing")

    page.get_by_role("link", name="Show Answer", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Answer")
    expect(page.locator("#solution-line")).to_have_value(HARD_SOLUTION)
    assert console_errors == []


def test_a_new_puzzle_is_made_when_the_library_has_none(
    live_server, page: Page, console_errors, time_to_generate
):
    open_entry_page(page, live_server.url)
    page.get_by_label("Level").select_option("easy")
    page.get_by_role("button", name="New puzzle").click()
    page.wait_for_url(PUZZLE_PAGE)
    expect(page.locator(".puzzle-facts")).to_contain_text("Generated here")
    page.get_by_role("link", name="Explain step by step").click()
    expect(page.locator("del.removed, ins.placed").first).to_be_visible()
    assert console_errors == []


def test_the_library_is_browsed_by_level_and_by_page(live_server, page: Page, console_errors):
    store_puzzles("medium", 55)
    hard = store_puzzles("hard", 2)
    page.goto(live_server.url + "/index")
    page.get_by_role("navigation", name="Site").get_by_role("link", name="Library").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Library")
    rows = page.locator("table.library tbody tr")
    expect(rows).to_have_count(50)

    page.get_by_role("link", name="Next").click()
    expect(rows).to_have_count(7)
    page.get_by_role("link", name="Hard (2)").click()
    expect(rows).to_have_count(2)
    expect(page.get_by_role("link", name="Hard (2)")).to_have_attribute("aria-current", "page")

    rows.first.get_by_role("link").click()
    page.wait_for_url(PUZZLE_PAGE)
    assert page.url.rsplit("/", 1)[1] in {puzzle.pk for puzzle in hard}
    assert console_errors == []


def test_the_daily_page_gives_each_level_a_puzzle_the_same_all_day(
    live_server, page: Page, console_errors
):
    for level in LEVELS:
        store_puzzles(level, 5)
    page.goto(live_server.url + "/index")
    page.get_by_role("link", name="Daily").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Today's puzzles")
    links = page.locator(".dailies a:not(.button)")  # each level's page (Play is a button)
    expect(links).to_have_count(len(LEVELS))
    expect(page.get_by_role("link", name=re.compile("^Play today's"))).to_have_count(len(LEVELS))
    first = links.evaluate_all("links => links.map(link => link.href)")
    page.reload()
    assert links.evaluate_all("links => links.map(link => link.href)") == first

    page.get_by_role("link", name=re.compile("Today's Medium puzzle")).click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Medium puzzle")
    assert console_errors == []


@pytest.mark.parametrize("path", ["puzzle", "/library", "/daily", "/new?level=nope"])
def test_the_library_pages_fit_a_320_pixel_phone(open_view, live_server, console_errors, path):
    (puzzle,) = store_puzzles("hard", source="a-set-with-a-rather-long-name-for-a-phone")
    store_puzzles("medium", 60)
    for level in LEVELS:
        store_puzzles(level)
    page = open_view(PHONE)
    page.goto(live_server.url + (f"/p/{puzzle.pk}" if path == "puzzle" else path))
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    # The unknown level's page is a 400, which Chromium logs; nothing else may be.
    assert [error for error in console_errors if "status of 400" not in error] == []


@pytest.mark.parametrize("view", ["320-light", "1280-dark"])
@pytest.mark.parametrize("status", [400, 503])
def test_the_pages_for_no_new_puzzle_pass_axe(
    open_view, live_server, console_errors, monkeypatch, status, view
):
    """The unknown level's page (400) and the out of time page (503), checked as
    test_accessibility.py checks the others (which must load without an error status)."""
    monkeypatch.setattr("solver.library.store.generator.generate", lambda *args, **kwargs: None)
    page = open_view(VIEWS[view])
    page.goto(live_server.url + ("/new?level=nope" if status == 400 else "/new?level=extreme"))
    expect(page.get_by_role("alert")).to_be_visible()
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
    assert [error for error in console_errors if f"status of {status}" not in error] == []
