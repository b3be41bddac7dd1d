"""'Where did I go wrong?' in Chromium, on top1465's first puzzle (the shared
set): it shows before it acts. A wrong digit, then seven right moves: the
wrong move's cell is marked (a style and a description), the status names
it as the player's digit "8 moves ago" (the last move is 1 move ago, on the
undo history), the board is unchanged and the solution's digit is not said.
Then Go back to just before it is one undo step, Show the right deduction
there gives the teacher's step, Show the right digit gives the digit; with
nothing wrong, it says so."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from solver.engine import format_grid, parse_puzzle, solve
from tests.support.axe import AXE_OPTIONS
from tests.support.play_page import button, candidates, cell, expect_label, open_play, peers
from tests.support.puzzles import load

pytestmark = pytest.mark.browser

PUZZLE = load("top1465.txt")[0]
SOLUTION = format_grid(solve(parse_puzzle(PUZZLE)).solution)
OPEN = [(i // 9 + 1, i % 9 + 1) for i, symbol in enumerate(PUZZLE) if symbol == "."]

STATUS = "#play-status"
WRONG = "Where did I go wrong?"
BACK = "Go back to just before it"
DEDUCTION = "Show the right deduction there"
DIGIT = "Show the right digit"
SLIP_NOTE = "Your first wrong move was here."


def right(row: int, column: int) -> str:
    return SOLUTION[(row - 1) * 9 + column - 1]


def type_in(page: Page, row: int, column: int, key: str) -> None:
    cell(page, row, column).click()
    page.keyboard.press(key)


def the_slip() -> tuple[int, int, str]:
    """An open cell and a digit the rules allow there that is not the
    solution's (no conflict gives it away), in a cell whose solution digit
    is none of the numbers the sentence says (its row, its column, the 8
    moves, the digit played): so the sentence can be searched for it."""
    for row, column in OPEN:
        for digit in candidates(PUZZLE, row, column):
            said = {str(row), str(column), "8", digit}
            if right(row, column) not in said:
                return row, column, digit
    raise AssertionError("no such cell in the puzzle")


def right_moves(page: Page, count: int, away: set[tuple[int, int]]) -> list[tuple[int, int]]:
    """``count`` open cells outside ``away`` given their solution's digit."""
    cells = [place for place in OPEN if place not in away][:count]
    for row, column in cells:
        type_in(page, row, column, right(row, column))
        expect_label(page, row, column, right(row, column))
    return cells


def labels(page: Page) -> list[str]:
    return page.locator("button.play-cell").evaluate_all(
        "cells => cells.map(c => c.getAttribute('aria-label'))"
    )


def play_a_slip(page: Page, base_url: str) -> tuple[tuple[int, int, str], tuple[int, int], list]:
    """One right move, the slip, then seven right moves, none of them in the
    slip's row, column or box (so nothing clashes with it): the slip is 8 moves ago."""
    open_play(page, base_url, PUZZLE)
    row, column, digit = the_slip()
    away = {(row, column)} | peers(row, column)
    [first] = right_moves(page, 1, away)
    type_in(page, row, column, digit)
    later = right_moves(page, 7, away | {first})
    return (row, column, digit), first, later


def test_the_first_wrong_move_is_marked_and_named_and_the_board_left_as_it_is(
    live_server, page, console_errors
):
    (row, column, digit), _, _ = play_a_slip(page, live_server.url)
    before = labels(page)
    button(page, WRONG).click()
    said = page.locator(STATUS)
    expect(said).to_have_text(
        "Your first wrong move is marked on the grid: "
        f"your {digit} in row {row}, column {column}, 8 moves ago."
    )
    assert right(row, column) not in said.inner_text()
    assert labels(page) == before
    expect(page.locator("td.slip")).to_have_count(1)
    expect(cell(page, row, column).locator("xpath=..")).to_have_class(re.compile(r"\bslip\b"))
    expect(cell(page, row, column)).to_have_accessible_description(SLIP_NOTE)
    assert console_errors == []


def test_going_back_is_one_undo_step_and_undo_returns(live_server, page, console_errors):
    (row, column, digit), first, later = play_a_slip(page, live_server.url)
    before = labels(page)
    button(page, WRONG).click()
    button(page, BACK).click()
    expect(page.locator(STATUS)).to_have_text(
        "The board is back to just before your first wrong move. Undo returns to where you were."
    )
    expect_label(page, row, column, "empty")
    for r, c in later:
        expect_label(page, r, c, "empty")
    expect_label(page, *first, right(*first))
    expect(page.locator("td.slip")).to_have_count(0)
    expect(button(page, BACK)).to_be_hidden()
    button(page, "Undo").click()
    expect_label(page, row, column, digit)
    assert labels(page) == before
    expect(page.locator("#play-slip")).to_be_hidden()  # a change puts the offer away
    assert console_errors == []


def test_the_right_digit_is_shown_only_when_asked(live_server, page, console_errors):
    (row, column, _), _, _ = play_a_slip(page, live_server.url)
    button(page, WRONG).click()
    expect(button(page, DIGIT)).to_be_visible()
    assert right(row, column) not in page.locator(STATUS).inner_text()
    button(page, DIGIT).click()
    expect(page.locator(STATUS)).to_have_text(
        f"The solution has {right(row, column)} in row {row}, column {column}."
    )
    assert console_errors == []


def test_the_right_deduction_is_the_teachers_step_before_the_slip(
    live_server, page, console_errors
):
    play_a_slip(page, live_server.url)
    button(page, WRONG).click()
    button(page, BACK).click()
    button(page, DEDUCTION).click()
    expect(page.locator(STATUS)).to_contain_text(re.compile(r"^The right deduction there: \S"))
    expect(page.locator("td.hint-pattern, td.hint-place").first).to_be_visible()
    assert console_errors == []


def test_a_needed_centre_mark_taken_out_is_named_without_the_solutions_digit(
    live_server, page, console_errors
):
    (row, column), (r2, c2) = OPEN[0], OPEN[1]
    digit = right(row, column)
    other = next(d for d in "123456789" if d != digit)
    open_play(page, live_server.url, PUZZLE)
    type_in(page, row, column, f"Control+Digit{digit}")  # move 1
    page.keyboard.press(f"Control+Digit{other}")  # move 2
    page.keyboard.press(f"Control+Digit{digit}")  # move 3 takes the solution's digit out
    expect(cell(page, row, column)).to_have_attribute(
        "aria-label", re.compile(f"centre marks {other}$")
    )
    type_in(page, r2, c2, right(r2, c2))  # move 4
    button(page, WRONG).click()
    expect(page.locator(STATUS)).to_have_text(
        f"Your first wrong move is marked on the grid: your centre marks in row {row}, "
        f"column {column}, 2 moves ago, which leave out a digit the cell needs."
    )
    expect(cell(page, row, column)).to_have_accessible_description(SLIP_NOTE)
    expect_label(page, row, column, f"centre marks {other}")  # the board is as it was
    assert console_errors == []


def test_with_nothing_wrong_it_says_so_and_changes_nothing(live_server, page, console_errors):
    open_play(page, live_server.url, PUZZLE)
    [(row, column)] = right_moves(page, 1, set())
    button(page, WRONG).click()
    expect(page.locator(STATUS)).to_have_text(
        "Nothing is wrong so far: every digit and centre mark agrees with the solution. "
        "Hint gives the next step."
    )
    expect_label(page, row, column, right(row, column))
    expect(page.locator("#play-slip")).to_be_hidden()
    expect(page.locator("td.slip")).to_have_count(0)
    assert console_errors == []


@pytest.mark.parametrize(("width", "height"), [(1280, 900), (375, 812)])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation_with_the_slip_marked_and_its_offer_shown(
    open_view, live_server, console_errors, scheme, width, height
):
    page = open_view({"viewport": {"width": width, "height": height}, "color_scheme": scheme})
    open_play(page, live_server.url, PUZZLE)
    row, column, digit = the_slip()
    type_in(page, row, column, digit)
    right_moves(page, 1, {(row, column)} | peers(row, column))
    button(page, WRONG).click()
    expect(page.locator("td.slip")).to_have_count(1)
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
    assert console_errors == []


@pytest.mark.parametrize(
    ("locale", "ago", "back"),
    [
        ("vi-VN", "8 nước đi trước", "Quay về ngay trước nước đó"),
        ("zh-CN", "8 步之前", "退回到那一步之前"),
        ("zh-TW", "8 步之前", "退回到那一步之前"),
    ],
)
def test_the_move_and_its_offer_are_said_in_the_readers_language(
    open_view, live_server, console_errors, locale, ago, back
):
    """The sentence comes from the scripts' catalog, its count through ngettext."""
    page = open_view({"locale": locale, "viewport": {"width": 1280, "height": 900}})
    open_play(page, live_server.url, PUZZLE)
    row, column, digit = the_slip()
    away = {(row, column)} | peers(row, column)
    later = [(r, c, right(r, c)) for r, c in OPEN if (r, c) not in away][:7]
    moves = [(row, column, digit), *later]
    for r, c, key in moves:  # the cells found by place: their names are in the language
        page.locator(f'button.play-cell[data-row="{r}"][data-column="{c}"]').click()
        page.keyboard.press(key)
    expect(page.locator("td.placed")).to_have_count(8)
    page.locator("[data-play=wrong]").click()
    said = page.locator(STATUS)
    expect(said).to_contain_text(ago)
    assert not said.inner_text().isascii()
    expect(button(page, back)).to_be_visible()
    assert console_errors == []
