"""The play page's status line in Chromium: a change to the game replaces
what it said, so a stale "Resumed." never stays above "Solved in …"."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.play_page import OPEN, button, cell, open_play, solution_at

pytestmark = pytest.mark.browser


def test_resumed_is_gone_once_the_puzzle_is_solved(live_server, page, console_errors):
    open_play(page, live_server.url)
    for row, column in OPEN[:-1]:
        cell(page, row, column).click()
        page.keyboard.press(solution_at(row, column))
    button(page, "Pause").click()
    button(page, "Pause").click()
    expect(page.locator("#play-status")).to_have_text("Resumed.")
    row, column = OPEN[-1]
    cell(page, row, column).click()
    page.keyboard.press(solution_at(row, column))
    expect(page.locator("#play-done")).to_contain_text("Solved in")
    expect(page.locator("#play-status")).to_have_text("")
    assert console_errors == []
