"""The play page's options in Chromium: the highlights of the selected
cell's peers and of every cell holding or noting its digit, each turned off
by its own checkbox; the mistakes counter, off by default, counting each
digit placed that is not the solution's; all remembered across a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.support.play_page import (
    EASY,
    OPEN,
    cell,
    expect_label,
    open_play,
    solution_at,
    wrong_but_allowed,
)

pytestmark = pytest.mark.browser


def marked(page: Page, mark: str) -> set[tuple[int, int]]:
    """The cells whose <td> has the class ``mark``, as (row, column)."""
    found = page.locator(f"table.play-grid td.{mark} button").evaluate_all(
        "buttons => buttons.map(b => b.getAttribute('aria-label'))"
    )
    return {tuple(int(n) for n in name.split(":")[0][4:].split(", column ")) for name in found}


def test_the_selected_digit_is_highlighted_where_held_or_noted_and_each_highlight_turns_off(
    live_server, page, console_errors
):
    open_play(page, live_server.url)
    (row, column), (r2, c2) = OPEN[0], OPEN[-1]
    digit = solution_at(row, column)
    cell(page, r2, c2).click()
    page.keyboard.press(f"Control+Digit{digit}")  # a note of the digit, far away
    cell(page, row, column).click()
    page.keyboard.press(digit)
    cell(page, row, column).click()
    held = {(i // 9 + 1, i % 9 + 1) for i, symbol in enumerate(EASY) if symbol == digit} | {
        (row, column)
    }
    expect(page.locator("table.play-grid td.same-digit")).to_have_count(len(held) + 1)
    assert marked(page, "same-digit") == held | {(r2, c2)}
    assert len(marked(page, "peer")) == 20
    page.get_by_label("Highlight the cells that see the selected cell").uncheck()
    expect(page.locator("table.play-grid td.peer")).to_have_count(0)
    page.get_by_label("Highlight the cells that hold or mark the selected cell's digit").uncheck()
    expect(page.locator("table.play-grid td.same-digit")).to_have_count(0)
    page.reload()
    expect(page.get_by_label("Highlight the cells that see the selected cell")).not_to_be_checked()
    assert console_errors == []


def test_mistakes_are_counted_when_asked_and_kept_with_the_game(live_server, page, console_errors):
    open_play(page, live_server.url)
    counter = page.locator("#play-mistakes")
    expect(counter).to_be_hidden()
    page.get_by_label("Count mistakes (digits placed that are not the solution's)").check()
    expect(counter).to_have_text("Mistakes: 0")
    row, column, digit = wrong_but_allowed(EASY)
    cell(page, row, column).click()
    page.keyboard.press(digit)
    expect(counter).to_have_text("Mistakes: 1")
    right = next(place for place in OPEN if place != (row, column))
    cell(page, *right).click()
    page.keyboard.press(solution_at(*right))
    expect_label(page, *right, solution_at(*right))
    expect(counter).to_have_text("Mistakes: 1")  # a right digit does not count
    page.reload()
    expect(counter).to_have_text("Mistakes: 1")
    assert console_errors == []
