"""The ways into play mode in a real browser: the entry page's Play, the
answer page's Play this puzzle, a library puzzle's Play and the daily
puzzle's; and the play page without JavaScript, which says what it needs
and leads to the answer and the steps instead."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.entry_page import open_entry_page, type_puzzle
from tests.support.puzzles import HARD
from tests.support.stored import store_puzzles

pytestmark = pytest.mark.browser

PLAY_PAGE = re.compile(r"/play\?puzzle=")


def expect_play_page(page: Page, puzzle: str) -> None:
    """The play page of ``puzzle``, its game started by the script."""
    page.wait_for_url(PLAY_PAGE)
    assert page.url.endswith(f"/play?puzzle={puzzle}")
    expect(page.get_by_role("heading", level=1)).to_have_text("Play")
    expect(page.locator("#play")).to_be_visible()
    expect(page.locator("#play-needs-script")).to_be_hidden()


def test_the_entry_pages_play_button_plays_the_typed_grid(live_server, page: Page, console_errors):
    open_entry_page(page, live_server.url)
    type_puzzle(page, HARD)
    page.get_by_role("button", name="Play", exact=True).click()
    expect_play_page(page, HARD)
    given = page.get_by_role("button", name="Row 1, column 1: 4, given")
    expect(given).to_have_text("4")
    # The grid's cells are gridcells, each named by its button.
    expect(page.get_by_role("gridcell", name="Row 1, column 2: empty")).to_have_count(1)
    assert console_errors == []


def test_the_entry_pages_play_keeps_a_grid_with_conflicts_and_names_them(
    live_server, page: Page, console_errors
):
    open_entry_page(page, live_server.url)
    type_puzzle(page, "55" + "." * 79)
    page.get_by_role("button", name="Play", exact=True).click()
    expect(page.locator("#form-errors")).to_contain_text("Two 5s in row 1")
    expect(page.locator('input[name="r1c2"]')).to_have_value("5")


def test_the_answer_page_leads_to_play(live_server, page: Page, console_errors):
    page.goto(f"{live_server.url}/answer?puzzle={HARD}")
    page.get_by_role("link", name="Play this puzzle").click()
    expect_play_page(page, HARD)
    assert console_errors == []


def test_a_library_puzzle_and_the_daily_puzzle_lead_to_play(
    live_server, page: Page, console_errors
):
    stored = {
        level: store_puzzles(level)[0] for level in ("easy", "medium", "hard", "expert", "extreme")
    }
    page.goto(f"{live_server.url}/p/{stored['hard'].pk}")
    page.get_by_role("link", name="Play", exact=True).click()
    expect_play_page(page, stored["hard"].givens)
    page.goto(f"{live_server.url}/daily")
    page.get_by_role("link", name="Play today's Easy puzzle").click()
    expect_play_page(page, stored["easy"].givens)
    assert console_errors == []


def test_a_puzzle_with_several_solutions_is_named_before_play(live_server, page: Page):
    page.goto(f"{live_server.url}/play?puzzle={'.' * 81}")
    expect(page.get_by_role("status")).to_contain_text(
        "This puzzle cannot be played: it has more than one solution."
    )
    expect(page.get_by_role("button", name=re.compile(r"^Row 1, column 1"))).to_have_count(0)
    page.get_by_role("link", name="Show Answer").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Answer")


def test_without_javascript_the_page_leads_to_the_answer_and_the_steps(live_server, open_view):
    page = open_view({"java_script_enabled": False})
    page.goto(f"{live_server.url}/play?puzzle={HARD}")
    note = page.locator("#play-needs-script")
    expect(note).to_be_visible()
    expect(note).to_contain_text("needs JavaScript")
    expect(page.locator("#play")).to_be_hidden()
    note.get_by_role("link", name="Explain step by step").click()
    expect(page).to_have_url(re.compile(r"/steps\?puzzle="))
    page.go_back()
    page.locator("#play-needs-script").get_by_role("link", name="Show Answer").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Answer")
