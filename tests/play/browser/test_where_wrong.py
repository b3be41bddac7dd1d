"""'Where did I go wrong?' in Chromium: after a wrong digit or a needed note
taken out several moves back, the board goes back to just before that move,
the move is named with the solution's digit, the teacher's step there is
shown, and Redo goes forward again; with nothing wrong, it says so."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.play_page import (
    EASY,
    OPEN,
    button,
    cell,
    expect_label,
    label,
    open_play,
    solution_at,
    wrong_but_allowed,
)

pytestmark = pytest.mark.browser

STATUS = "#play-status"
WRONG = "Where did I go wrong?"


def type_in(page: Page, row: int, column: int, key: str) -> None:
    cell(page, row, column).click()
    page.keyboard.press(key)


def right_moves(page: Page, count: int, away: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """``count`` open cells not in ``away`` given their solution's digit."""
    cells = [place for place in OPEN if place not in away][:count]
    for row, column in cells:
        type_in(page, row, column, solution_at(row, column))
        expect_label(page, row, column, solution_at(row, column))
    return cells


def test_a_wrong_digit_several_moves_back_is_found_and_the_board_taken_back(
    live_server, page, console_errors
):
    open_play(page, live_server.url)
    row, column, digit = wrong_but_allowed(EASY)
    [first] = right_moves(page, 1, {(row, column)})
    type_in(page, row, column, digit)  # move 2: not the solution's digit
    later = right_moves(page, 2, {(row, column), first})
    button(page, WRONG).click()
    said = page.locator(STATUS)
    expect(said).to_contain_text(
        f"Move 2 went wrong: it put {digit} at row {row}, column {column}, "
        f"where the solution has {solution_at(row, column)}."
    )
    expect(said).to_contain_text("The step there was: ")
    expect_label(page, row, column, "empty")
    for r, c in later:
        expect_label(page, r, c, "empty")
    expect_label(page, *first, solution_at(*first))
    expect(page.locator("td.hint-pattern, td.hint-place").first).to_be_visible()
    button(page, "Redo").click()
    expect_label(page, row, column, digit)
    assert console_errors == []


def test_a_needed_note_taken_out_is_found(live_server, page, console_errors):
    (row, column), (r2, c2) = OPEN[0], OPEN[1]
    right = solution_at(row, column)
    other = next(d for d in "123456789" if d != right)
    open_play(page, live_server.url)
    type_in(page, row, column, f"Control+Digit{right}")  # move 1
    page.keyboard.press(f"Control+Digit{other}")  # move 2
    page.keyboard.press(f"Control+Digit{right}")  # move 3 takes the solution's digit out
    expect(cell(page, row, column)).to_have_attribute(
        "aria-label", re.compile(f"centre marks {other}$")
    )
    type_in(page, r2, c2, solution_at(r2, c2))  # move 4
    button(page, WRONG).click()
    expect(page.locator(STATUS)).to_contain_text(
        f"Move 3 went wrong: it left the centre marks of row {row}, column {column} "
        f"without {right}, the solution's digit there."
    )
    assert right in label(page, row, column)  # back to notes with it
    expect_label(page, r2, c2, "empty")
    assert console_errors == []


def test_with_nothing_wrong_it_says_so_and_changes_nothing(live_server, page, console_errors):
    open_play(page, live_server.url)
    [(row, column)] = right_moves(page, 1, set())
    button(page, WRONG).click()
    expect(page.locator(STATUS)).to_have_text(
        "Nothing is wrong so far: every digit and centre mark agrees with the solution. "
        "Hint gives the next step."
    )
    expect_label(page, row, column, solution_at(row, column))
    assert console_errors == []
