"""Corner and centre marks, colours, sharing a position, the replay and the
mistakes' limit, in Chromium, by accessible names and keys: the layers as
SudokuPad players know them (Shift a corner mark, Ctrl a centre mark, the
mode keys Z, C, X, V and their buttons), a placed digit leaving both layers
of its peers and Undo bringing them back, colours undone and kept, a shared
position opened in a fresh browser, the solve replayed with its times, and
axe in every state, light and dark, at 1280 and 320 px."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.support.axe import AXE_OPTIONS
from tests.support.browser import CLIPBOARD, NO_CLIPBOARD_API
from tests.support.play_page import (
    EASY,
    OPEN,
    button,
    cell,
    corners_of,
    expect_label,
    label,
    notes_of,
    open_play,
    pad_key,
    peers,
    solution_at,
    wrong_but_allowed,
)

pytestmark = pytest.mark.browser

STATUS = "#play-status"


def labels(page: Page) -> list[str]:
    """Every cell's label, in reading order."""
    return page.locator("table.play-grid button.play-cell").evaluate_all(
        "cells => cells.map(c => c.getAttribute('aria-label'))"
    )


def mode(page: Page, name: str):
    return page.get_by_role("group", name="Mode").get_by_role("button", name=name, exact=True)


def colour_key(page: Page, number: int):
    return page.get_by_role("group", name="Colours").get_by_role(
        "button", name=re.compile(rf"^Colour {number}, ")
    )


def test_shift_writes_corner_marks_and_ctrl_centre_marks_in_their_places(
    live_server, page, console_errors
):
    open_play(page, live_server.url)
    row, column = OPEN[0]
    cell(page, row, column).click()
    for key in ("Shift+Digit7", "Shift+Digit2", "Shift+Digit9", "Control+Digit4", "Control+Digit6"):
        page.keyboard.press(key)
    expect_label(page, row, column, "centre marks 4, 6; corner marks 2, 7, 9")
    shown = cell(page, row, column)
    expect(shown.locator(".play-centre")).to_have_text("46")
    expect(shown.locator(".play-corner-top")).to_have_text("27")  # in order: top first
    expect(shown.locator(".play-corner-bottom")).to_have_text("9")
    # The corner marks sit at the cell's corners, the centre marks between them.
    box = shown.bounding_box()
    top = shown.locator(".play-corner-top span").first.bounding_box()
    middle = shown.locator(".play-centre").bounding_box()
    assert top["y"] < middle["y"]
    assert top["x"] - box["x"] < box["width"] / 4
    page.keyboard.press("Shift+Digit7")  # a second press takes a mark out
    expect_label(page, row, column, "centre marks 4, 6; corner marks 2, 9")
    page.keyboard.press("Backspace")  # in normal mode, both layers go
    expect_label(page, row, column, "empty")
    assert console_errors == []


def test_the_mode_keys_and_buttons_pick_the_layer_a_value_goes_to(
    live_server, page, console_errors
):
    open_play(page, live_server.url)
    (r1, c1), (r2, c2) = OPEN[:2]
    cell(page, r1, c1).click()
    page.keyboard.press("x")
    expect(mode(page, "Corner")).to_have_attribute("aria-pressed", "true")
    expect(mode(page, "Normal")).to_have_attribute("aria-pressed", "false")
    page.keyboard.press("3")
    pad_key(page, "5").click()
    page.keyboard.press("c")
    expect(mode(page, "Centre")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("8")
    expect_label(page, r1, c1, "centre marks 8; corner marks 3, 5")
    page.keyboard.press("Delete")  # in centre mode, the centre marks go
    expect_label(page, r1, c1, "corner marks 3, 5")
    mode(page, "Normal").click()
    expect(mode(page, "Normal")).to_have_attribute("aria-pressed", "true")
    cell(page, r2, c2).click()
    page.keyboard.press(solution_at(r2, c2))
    expect_label(page, r2, c2, solution_at(r2, c2))
    assert console_errors == []


def test_a_placed_digit_leaves_both_layers_of_its_peers_and_undo_brings_them_back(
    live_server, page, console_errors
):
    open_play(page, live_server.url)
    row, column = OPEN[0]
    digit = solution_at(row, column)
    seeing = [place for place in OPEN if place in peers(row, column)][:2]
    assert len(seeing) == 2
    (ra, ca), (rb, cb) = seeing
    cell(page, ra, ca).click()
    page.keyboard.press(f"Shift+Digit{digit}")
    page.keyboard.press("Control+Digit" + ("1" if digit != "1" else "2"))
    cell(page, rb, cb).click()
    page.keyboard.press(f"Control+Digit{digit}")
    cell(page, row, column).click()
    page.keyboard.press(digit)
    expect_label(page, row, column, digit)
    assert digit not in corners_of(page, ra, ca)
    assert corners_of(page, ra, ca) == ""
    assert notes_of(page, ra, ca) != ""  # the other mark stays
    expect_label(page, rb, cb, "empty")
    page.keyboard.press("Control+z")  # the digit and the marks it took: one step
    expect_label(page, row, column, "empty")
    assert corners_of(page, ra, ca) == digit
    assert notes_of(page, rb, cb) == digit
    assert console_errors == []


def test_colours_have_names_and_patterns_are_undone_and_kept(live_server, page, console_errors):
    open_play(page, live_server.url)
    (r1, c1), (r2, c2) = OPEN[:2]
    given = next((i // 9 + 1, i % 9 + 1) for i, symbol in enumerate(EASY) if symbol != ".")
    cell(page, r1, c1).click()
    colour_key(page, 3).click()
    expect(cell(page, r1, c1)).to_have_attribute(
        "aria-label", f"Row {r1}, column {c1}: empty, colour 3 (green)"
    )
    expect(cell(page, r1, c1)).to_be_focused()  # the palette keeps focus on the grid
    td = page.locator("table.play-grid td").nth((r1 - 1) * 9 + c1 - 1)
    style = td.evaluate("td => getComputedStyle(td).backgroundImage")
    assert "gradient" in style  # a pattern, not the hue alone
    cell(page, *given).click()
    page.keyboard.press("v")
    expect(mode(page, "Colour")).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("5")  # a given may be coloured too
    assert label(page, *given).endswith(", given, colour 5 (blue)")
    cell(page, r2, c2).click()
    page.keyboard.press("Control+Shift+Digit1")  # a colour in any mode
    assert label(page, r2, c2).endswith("colour 1 (orange)")
    page.keyboard.press("Control+z")
    expect_label(page, r2, c2, "empty")
    patterns = set()
    for number in range(1, 9):
        swatch = colour_key(page, number).locator(".swatch")
        patterns.add(swatch.evaluate("s => getComputedStyle(s).backgroundImage"))
    assert len(patterns) == 8  # each colour its own pattern
    page.reload()
    expect(page.locator("#play")).to_be_visible()
    assert label(page, r1, c1).endswith("colour 3 (green)")
    assert label(page, *given).endswith("colour 5 (blue)")
    assert console_errors == []


def test_a_shared_position_opens_the_same_board_in_a_fresh_browser(
    live_server, page, browser, console_errors
):
    open_play(page, live_server.url)
    (r1, c1), (r2, c2), (r3, c3) = OPEN[:3]
    cell(page, r1, c1).click()
    page.keyboard.press(solution_at(r1, c1))
    cell(page, r2, c2).click()
    for key in ("Control+Digit1", "Control+Digit9", "Shift+Digit4", "Control+Shift+Digit7"):
        page.keyboard.press(key)
    cell(page, r3, c3).click()
    page.keyboard.press("Control+Shift+Digit2")
    before = labels(page)
    button(page, "Share this position").click()
    field = page.get_by_label("Link to this position (its digits, marks and colours):")
    expect(field).to_be_focused()
    address = field.input_value()
    assert "position=" in address
    assert len(address) < 2000
    fresh = browser.new_context()
    try:
        other = fresh.new_page()
        other.goto(address)
        expect(other.locator("#play")).to_be_visible()
        expect(other.locator("#play-position")).to_have_text(
            "This game starts from a shared position; your own game of this puzzle is kept apart."
        )
        assert labels(other) == before
        expect(other.get_by_role("button", name="Undo", exact=True)).to_have_attribute(
            "aria-disabled", "true"
        )  # the position is where this game starts
        other.goto(address.replace("position=", "position=x"))
        expect(other.locator("#play-position")).to_have_text(
            "The position in this link could not be read, so the puzzle starts from its givens."
        )
    finally:
        fresh.close()
    assert console_errors == []


@pytest.mark.parametrize("clipboard_api", [True, False], ids=["clipboard", "selection"])
def test_copy_link_puts_the_positions_link_on_the_clipboard(
    live_server, open_view, console_errors, clipboard_api
):
    """Copy link copies by the Clipboard API, or without it by the field's
    selection, as the answer page's copy buttons do (core/copy.js)."""
    page = open_view(CLIPBOARD)
    if not clipboard_api:
        page.add_init_script(NO_CLIPBOARD_API)
    open_play(page, live_server.url)
    row, column = OPEN[0]
    cell(page, row, column).click()
    page.keyboard.press("Control+Digit5")
    button(page, "Share this position").click()
    address = page.get_by_label("Link to this position (its digits, marks and colours):")
    button(page, "Copy link").click()
    expect(page.locator(STATUS)).to_have_text("Link copied.")
    reader = page.context.new_page()  # a page with the Clipboard API, to read it back
    reader.goto(f"{live_server.url}/index")
    assert reader.evaluate("navigator.clipboard.readText()") == address.input_value()
    assert console_errors == []


# The status line and every cell's label at one moment.
SNAPSHOT = """() => [document.getElementById('play-status').textContent,
  Array.from(document.querySelectorAll('table.play-grid button.play-cell'),
             (c) => c.getAttribute('aria-label'))]"""


def solve_all(page: Page, cells: list[tuple[int, int]]) -> None:
    for row, column in cells:
        cell(page, row, column).click()
        page.keyboard.press(solution_at(row, column))


def test_after_the_solve_replay_plays_the_moves_with_their_times(live_server, page, console_errors):
    open_play(page, live_server.url)
    (r1, c1), rest = OPEN[0], OPEN[1:]
    cell(page, r1, c1).click()
    page.keyboard.press("Shift+Digit1")  # a mark, then the solve
    solve_all(page, OPEN)
    expect(page.locator("#play-done")).to_contain_text("Solved in")
    solved = labels(page)
    replay = button(page, "Replay")
    expect(replay).to_be_visible()
    replay.click()
    moves = len(OPEN) + 1
    seen = set()
    for _ in range(200):  # three moves caught, each with the board as it stood then
        if len(seen) == 3:
            break
        page.wait_for_timeout(100)
        said, shown = page.evaluate(SNAPSHOT)
        found = re.fullmatch(rf"Move (\d+) of {moves}, at \d+:\d\d\.", said.strip())
        if not found:
            continue
        move = int(found.group(1))
        expected = "corner marks 1" if move == 1 else solution_at(r1, c1)
        assert shown[(r1 - 1) * 9 + c1 - 1] == f"Row {r1}, column {c1}: {expected}"
        placed = OPEN[: move - 1]
        for row, column in rest:
            text = shown[(row - 1) * 9 + column - 1]
            want = solution_at(row, column) if (row, column) in placed else "empty"
            assert text == f"Row {row}, column {column}: {want}", (move, text)
        seen.add(move)
    assert len(seen) == 3
    button(page, "Stop the replay").click()
    expect(page.locator(STATUS)).to_have_text("The replay is over: the solved board is back.")
    assert labels(page) == solved
    expect(replay).to_be_visible()
    assert console_errors == []


def test_a_mistakes_limit_stops_the_game_until_raised(live_server, page, console_errors):
    open_play(page, live_server.url)
    limit = page.get_by_label("Stop the game at this many mistakes")
    limit.select_option("1")
    counter = page.locator("#play-mistakes")
    expect(counter).to_have_text("Mistakes: 0 of 1")
    row, column, digit = wrong_but_allowed(EASY)
    cell(page, row, column).click()
    page.keyboard.press(digit)
    expect(counter).to_have_text("Mistakes: 1 of 1")
    expect(page.locator(STATUS)).to_contain_text("That is the limit of mistakes set")
    other = next(place for place in OPEN if place != (row, column))
    cell(page, *other).click()
    page.keyboard.press(solution_at(*other))
    expect_label(page, *other, "empty")  # the game has stopped
    expect(button(page, "Undo")).to_have_attribute("aria-disabled", "true")
    limit.select_option("3")
    page.keyboard.press(solution_at(*other))
    expect_label(page, *other, solution_at(*other))
    cell(page, row, column).click()
    colour_key(page, 2).click()  # colouring the wrong digit is no new mistake
    # The digit just placed clashes with the wrong one, so ", in conflict" may follow.
    assert "colour 2 (sky blue)" in label(page, row, column)
    expect(counter).to_have_text("Mistakes: 1 of 3")
    page.reload()
    expect(page.get_by_label("Stop the game at this many mistakes")).to_have_value("3")
    expect(counter).to_have_text("Mistakes: 1 of 3")
    assert console_errors == []


STATES = ("marks-and-colours", "slipped-and-stopped", "paused", "solved-replaying")
WIDTHS = {"1280": {"width": 1280, "height": 900}, "320": {"width": 320, "height": 640}}


def reach(page: Page, state: str) -> None:
    """Bring the open game to ``state``."""
    (r1, c1), (r2, c2) = OPEN[:2]
    if state == "marks-and-colours":
        cell(page, r1, c1).click()
        for key in ("Shift+Digit2", "Control+Digit5", "Control+Digit8", "Control+Shift+Digit4"):
            page.keyboard.press(key)
        for number in range(1, 9):
            cell(page, *OPEN[number + 1]).click()
            page.keyboard.press(f"Control+Shift+Digit{number}")
            page.keyboard.press(solution_at(*OPEN[number + 1]))
        cell(page, r2, c2).click()
        button(page, "Share this position").click()
        mode(page, "Colour").click()
    elif state == "slipped-and-stopped":
        # A wrong digit checked, found by "Where did I go wrong?", gone back
        # from with the right deduction drawn and come back to by Undo, then
        # the game stopped at a limit of one mistake.
        row, column, digit = wrong_but_allowed(EASY)
        cell(page, row, column).click()
        page.keyboard.press(digit)
        cell(page, *next(p for p in OPEN if p != (row, column))).click()
        page.keyboard.press("Control+Digit1")
        button(page, "Where did I go wrong?").click()
        button(page, "Go back to just before it").click()
        button(page, "Show the right deduction there").click()
        expect(page.locator(STATUS)).to_contain_text("The right deduction there")
        page.keyboard.press("Control+z")
        button(page, "Check").click()
        page.get_by_label("Stop the game at this many mistakes").select_option("1")
        expect(page.locator(STATUS)).to_contain_text("That is the limit of mistakes set")
    elif state == "paused":
        button(page, "Pause").click()
    else:
        solve_all(page, OPEN)
        expect(page.locator("#play-done")).to_contain_text("Solved in")
        button(page, "Replay").click()
        expect(page.locator(STATUS)).to_contain_text("Move 1 of")


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("state", STATES)
def test_axe_finds_no_violation_in_every_state(
    open_view, live_server, console_errors, state, width, scheme
):
    page = open_view({"viewport": WIDTHS[width], "color_scheme": scheme})
    open_play(page, live_server.url)
    reach(page, state)
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
    if width == "320":
        assert page.evaluate("document.documentElement.scrollWidth") <= 320
    assert console_errors == []
