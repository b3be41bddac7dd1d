"""Entering a puzzle from the keyboard: moves, typing, highlights, the one Tab
stop, the live-conflict switch, and the digit pad that types as keys do.

Runs headless Debian Chromium against pytest-django's live server (see conftest.py).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.entry_page import (
    EMPTY_GRID,
    PUZZLE,
    SOLUTION,
    cell_input,
    cells_with_class,
    entry_values,
    focused_cell,
    open_entry_page,
    tab_until,
    type_cells,
)

pytestmark = pytest.mark.browser


def press_and_check(page: Page, moves: list[tuple[str, str]]) -> None:
    """Press each key in turn and check the cell that has focus after it."""
    for key, expected in moves:
        page.keyboard.press(key)
        assert focused_cell(page) == expected, f"after {key}"


def test_a_puzzle_is_entered_and_answered_by_keyboard_alone(live_server, page, console_errors):
    """From the top of the page, Tab reaches the first cell in a few presses;
    typing the puzzle as one line of digits and dots fills the grid, Tab
    reaches Show Answer, and Enter shows the solution."""
    open_entry_page(page, live_server.url)
    # The skip link, 5 links, the Size list and its button, the conflicts switch.
    assert tab_until(page, cell_input(page, 1, 1), limit=11) <= 10
    page.keyboard.type(PUZZLE)
    assert entry_values(page) == PUZZLE
    assert focused_cell(page) == "r9c9"  # the last cell stays

    tab_until(page, page.get_by_role("button", name="Show Answer"))
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/answer"))
    expect(page.locator("#solution-line")).to_have_value(SOLUTION)
    assert console_errors == []


def test_the_skip_link_leads_to_the_puzzle(live_server, page, console_errors):
    """The skip link is the first Tab stop; following it, Tab reaches the grid."""
    open_entry_page(page, live_server.url)
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to the puzzle")).to_be_focused()
    page.keyboard.press("Enter")
    tab_until(page, cell_input(page, 1, 1), limit=4)  # past the Size list and its button
    assert console_errors == []


def test_arrows_move_between_cells_and_left_right_wrap_at_row_ends(
    live_server, page, console_errors
):
    """Left and Right wrap to the previous or next row; Up and Down stop at the
    edges, as Left does at the first cell and Right at the last."""
    open_entry_page(page, live_server.url)
    cell_input(page, 1, 1).focus()
    press_and_check(
        page,
        [
            ("ArrowLeft", "r1c1"),
            ("ArrowUp", "r1c1"),
            ("ArrowRight", "r1c2"),
            ("ArrowDown", "r2c2"),
            ("ArrowLeft", "r2c1"),
            ("ArrowLeft", "r1c9"),
            ("ArrowRight", "r2c1"),
        ],
    )
    cell_input(page, 9, 9).focus()
    press_and_check(page, [("ArrowDown", "r9c9"), ("ArrowRight", "r9c9"), ("ArrowUp", "r8c9")])
    assert console_errors == []


def test_home_and_end_go_to_the_ends_of_the_row_or_with_ctrl_of_the_grid(
    live_server, page, console_errors
):
    """Home and End go to the first and last cell of the row; with Ctrl, of the grid."""
    open_entry_page(page, live_server.url)
    cell_input(page, 5, 5).focus()
    press_and_check(
        page,
        [
            ("Home", "r5c1"),
            ("End", "r5c9"),
            ("Control+Home", "r1c1"),
            ("Control+End", "r9c9"),
            ("Home", "r9c1"),
        ],
    )
    assert console_errors == []


def test_backspace_delete_and_typed_blanks(live_server, page, console_errors):
    """Backspace empties the cell, or on an empty cell goes back and empties that
    one; Delete empties and stays; 0, . and space empty and move on."""
    open_entry_page(page, live_server.url)
    cell_input(page, 1, 1).focus()
    page.keyboard.type("123")
    assert focused_cell(page) == "r1c4"

    page.keyboard.press("Backspace")  # r1c4 is empty: back to r1c3, emptied
    assert (focused_cell(page), entry_values(page)[:4]) == ("r1c3", "12..")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("Backspace")  # r1c2 holds 2: emptied, focus stays
    assert (focused_cell(page), entry_values(page)[:4]) == ("r1c2", "1...")

    page.keyboard.press("Home")
    page.keyboard.press("Delete")
    assert (focused_cell(page), entry_values(page)[:4]) == ("r1c1", "....")

    page.keyboard.type("4567")
    page.keyboard.press("Home")
    for blank in ("0", ".", " "):
        page.keyboard.type(blank)
    assert (focused_cell(page), entry_values(page)[:4]) == ("r1c4", "...7")
    assert console_errors == []


def test_letters_are_refused_and_other_input_keeps_only_a_digit(live_server, page, console_errors):
    """Letters and signs typed into a cell are ignored (focus stays); text that
    arrives otherwise (input methods, autofill) is cut down to its last digit,
    full-width digits counting as digits."""
    open_entry_page(page, live_server.url)
    cell = cell_input(page, 2, 2)
    cell.focus()
    page.keyboard.type("aZ!é")
    expect(cell).to_have_value("")
    assert focused_cell(page) == "r2c2"

    page.keyboard.type("5")
    page.keyboard.press("ArrowLeft")
    page.keyboard.type("x")
    expect(cell).to_have_value("5")

    page.keyboard.insert_text("７")  # an input method's full-width digit
    expect(cell).to_have_value("7")
    assert focused_cell(page) == "r2c3"

    def arrive(text: str) -> None:
        cell.evaluate(
            "(input, text) => { input.value = text; input.dispatchEvent("
            " new InputEvent('input', {bubbles: true, inputType: 'insertReplacementText'})); }",
            text,
        )

    for text, kept in [("3x", "3"), ("４", "4"), ("12", "2"), ("abc", ""), ("０", "")]:
        arrive(text)
        expect(cell).to_have_value(kept)
    assert console_errors == []


def test_the_active_cell_shows_its_peers_and_its_digit(live_server, page, console_errors):
    """The focused cell's <td> is "selected", the other cells of its row, column
    and box are "peer", and the cells holding its digit are "same-digit"; the
    marks follow focus and typing, and go when focus leaves the grid."""
    open_entry_page(page, live_server.url)
    type_cells(page, {(1, 1): "5", (9, 9): "5", (2, 7): "3"})
    cell_input(page, 5, 5).focus()
    page.keyboard.type("5")
    page.keyboard.press("ArrowLeft")  # back to r5c5, which holds 5

    peers = {(5, c) for c in range(1, 10)} | {(r, 5) for r in range(1, 10)}
    peers |= {(r, c) for r in (4, 5, 6) for c in (4, 5, 6)}
    assert cells_with_class(page, "selected") == {(5, 5)}
    assert cells_with_class(page, "peer") == peers - {(5, 5)}
    assert cells_with_class(page, "same-digit") == {(1, 1), (5, 5), (9, 9)}

    page.keyboard.press("Delete")  # the digit gone, no cell shares it
    assert cells_with_class(page, "same-digit") == set()
    cell_input(page, 2, 7).focus()
    assert cells_with_class(page, "selected") == {(2, 7)}
    assert cells_with_class(page, "same-digit") == {(2, 7)}
    assert (1, 9) in cells_with_class(page, "peer")  # same box

    page.get_by_label("Or paste a whole puzzle").focus()
    for name in ("selected", "peer", "same-digit"):
        assert cells_with_class(page, name) == set()
    assert console_errors == []


def test_the_grid_is_one_tab_stop(live_server, page, console_errors):
    """Only the active cell is in the Tab order: Tab leaves the grid, and
    Shift+Tab comes back to the cell last used."""
    open_entry_page(page, live_server.url)
    cell_input(page, 1, 1).focus()
    press_and_check(page, [("ArrowDown", "r2c1"), ("End", "r2c9")])
    assert page.locator('table.entry-grid input[tabindex="0"]').count() == 1

    page.keyboard.press("Tab")
    assert page.evaluate("!document.activeElement.closest('table')")
    page.keyboard.press("Shift+Tab")
    assert focused_cell(page) == "r2c9"

    page.keyboard.press("Shift+Tab")  # out of the grid, backwards, in one press
    expect(page.locator("#live-conflicts")).to_be_focused()
    assert console_errors == []


def test_live_conflicts_are_off_by_default_marked_when_on_and_remembered(
    live_server, page, console_errors
):
    """With the switch off, typing marks nothing; on, two 5s in a row mark both
    cells (class "conflict", aria-invalid, a description giving the server's
    message) and the status says so; fixing one removes the marks; off clears
    them; the choice survives a reload."""
    open_entry_page(page, live_server.url)
    switch = page.get_by_label("Show conflicts as I type")
    expect(switch).to_be_visible()
    expect(switch).not_to_be_checked()
    type_cells(page, {(3, 2): "5", (3, 8): "5"})
    page.wait_for_timeout(500)  # time for a check that should not happen
    assert cells_with_class(page, "conflict") == set()

    switch.check()
    pair = [cell_input(page, 3, 2), cell_input(page, 3, 8)]
    expect(page.locator("td.conflict")).to_have_count(2)
    assert cells_with_class(page, "conflict") == {(3, 2), (3, 8)}
    for cell in pair:
        expect(cell).to_have_attribute("aria-invalid", "true")
        expect(cell).to_have_accessible_description(re.compile("Two 5s in row 3"))
    expect(page.locator("#entry-status")).to_have_text(re.compile(r"^1 conflict: Two 5s in row 3"))

    pair[1].focus()
    page.keyboard.press("Delete")
    expect(page.locator("td.conflict")).to_have_count(0)
    expect(pair[0]).not_to_have_attribute("aria-invalid", "true")
    expect(page.locator("#entry-status")).to_have_text("No conflicts.")

    page.keyboard.type("5")
    expect(page.locator("td.conflict")).to_have_count(2)
    switch.uncheck()
    expect(page.locator("td.conflict")).to_have_count(0)
    expect(pair[1]).not_to_have_attribute("aria-invalid", "true")

    switch.check()
    page.reload()
    expect(page.get_by_label("Show conflicts as I type")).to_be_checked()
    page.get_by_label("Show conflicts as I type").uncheck()
    page.reload()
    expect(page.get_by_label("Show conflicts as I type")).not_to_be_checked()
    assert console_errors == []


def test_live_checks_replace_the_servers_conflict_marks(live_server, page, console_errors):
    """The server's conflict marks describe the grid it was sent: a live check
    replaces them with its own, and the error summary goes with the last mark.
    Switching live checks off then leaves no conflict marked."""
    line = "5" + "." * 6 + "5" + "." * 73  # two 5s in row 1
    page.goto(live_server.url + "/answer?puzzle=" + line)
    expect(page.get_by_role("alert")).to_contain_text("Two 5s in row 1")
    switch = page.get_by_label("Show conflicts as I type")
    switch.check()
    expect(page.locator("td.conflict")).to_have_count(2)
    assert cells_with_class(page, "invalid") == set()
    expect(page.locator("#form-errors")).to_have_count(0)
    expect(cell_input(page, 1, 1)).to_have_attribute("aria-describedby", "live-problem-1")
    switch.uncheck()
    expect(page.locator("td.conflict")).to_have_count(0)
    expect(page.locator("table.entry-grid [aria-invalid]")).to_have_count(0)
    assert console_errors == []


def test_live_checks_leave_the_servers_marks_on_cells_that_are_not_digits(
    live_server, page, console_errors
):
    """A cell the server refused as not a digit stays marked (and the summary
    with it) through live checks, which replace only the conflict marks."""
    open_entry_page(page, live_server.url)
    page.evaluate(
        """() => {
            const cell = (name) => document.querySelector(`input[name=${name}]`);
            cell("r1c1").value = "x";  // as typed without the scripts
            cell("r1c2").value = "5";
            cell("r1c8").value = "5";
            document.querySelector("form.entry").submit();
        }"""
    )
    expect(page.get_by_role("alert")).to_contain_text("is not a digit")
    assert cells_with_class(page, "invalid") == {(1, 1), (1, 2), (1, 8)}
    switch = page.get_by_label("Show conflicts as I type")
    switch.check()
    expect(page.locator("td.conflict")).to_have_count(2)
    assert cells_with_class(page, "conflict") == {(1, 2), (1, 8)}
    assert cells_with_class(page, "invalid") == {(1, 1)}
    expect(cell_input(page, 1, 1)).to_have_attribute("aria-invalid", "true")
    expect(cell_input(page, 1, 1)).to_have_accessible_description(re.compile("not a digit"))
    expect(page.locator("#form-errors")).to_be_visible()
    switch.uncheck()
    expect(page.locator("td.conflict")).to_have_count(0)
    expect(cell_input(page, 1, 2)).not_to_have_attribute("aria-invalid", "true")
    assert cells_with_class(page, "invalid") == {(1, 1)}
    assert console_errors == []


def test_blanks_typed_as_the_server_reads_them(live_server, page, console_errors):
    """Every blank symbol the server reads ("." "0" "-" "_") empties a cell and
    moves on when typed, so a whole line can be typed in."""
    open_entry_page(page, live_server.url)
    symbols = iter("-_0." * 81)
    line = "".join(next(symbols) if symbol == "." else symbol for symbol in PUZZLE)
    assert "-" in line
    assert "_" in line
    cell_input(page, 1, 1).focus()
    page.keyboard.type(line)
    assert entry_values(page) == PUZZLE
    assert console_errors == []


def test_the_digit_pad_types_into_the_active_cell(live_server, open_view, console_errors):
    """On a touch screen the pad is shown and the cells ask for no on-screen
    keyboard; a pad key fills the active cell and moves on, Clear empties it."""
    page = open_view({"has_touch": True, "is_mobile": True})
    open_entry_page(page, live_server.url)
    pad = page.get_by_role("group", name="Digit pad")
    expect(pad).to_be_visible()
    expect(cell_input(page, 1, 1)).to_have_attribute("inputmode", "none")

    cell_input(page, 4, 8).tap()
    for key in ("7", "8", "9"):
        pad.get_by_role("button", name=key, exact=True).tap()
    assert entry_values(page)[27:36] == ".......78"
    assert entry_values(page)[36] == "9"
    assert cells_with_class(page, "selected") == {(5, 2)}

    cell_input(page, 4, 8).tap()
    pad.get_by_role("button", name="Clear").tap()
    assert entry_values(page)[27:36] == "........8"
    assert cells_with_class(page, "selected") == {(4, 8)}
    assert console_errors == []


def test_reset_clears_in_place_and_says_so(live_server, page, console_errors):
    """Reset empties the grid, the marks and the paste box without a reload,
    puts focus on the first cell and announces it."""
    page.goto(live_server.url + "/answer?puzzle=" + "55" + "." * 79)
    expect(page.locator("#form-errors")).to_be_visible()
    page.get_by_label("Or paste a whole puzzle").fill("some text")
    page.get_by_role("button", name="Reset").click()

    assert entry_values(page) == EMPTY_GRID
    expect(page.locator("#form-errors")).to_have_count(0)
    expect(page.locator("[aria-invalid]")).to_have_count(0)
    expect(page.get_by_label("Or paste a whole puzzle")).to_have_value("")
    assert focused_cell(page) == "r1c1"
    expect(page.locator("#entry-status")).to_have_text("Grid cleared.")
    assert page.url.endswith("/answer?puzzle=" + "55" + "." * 79)
    assert console_errors == []


def test_the_active_cell_stays_selected_while_focus_is_on_the_pad(
    live_server, open_view, console_errors
):
    """Focus on a pad key shows the cell it will fill as "selected", even when
    focus came from outside the grid; after a key, the next cell is selected."""
    page = open_view(
        {"viewport": {"width": 360, "height": 800}, "has_touch": True, "is_mobile": True}
    )
    open_entry_page(page, live_server.url)
    pad = page.get_by_role("group", name="Digit pad")
    five = pad.get_by_role("button", name="5", exact=True)
    page.get_by_role("button", name="Show Answer").focus()
    for _ in range(6):  # back over Clear, 9, 8, 7, 6: never through the grid
        page.keyboard.press("Shift+Tab")
    expect(five).to_be_focused()
    assert cells_with_class(page, "selected") == {(1, 1)}
    page.keyboard.press("Enter")
    expect(cell_input(page, 1, 1)).to_have_value("5")
    expect(five).to_be_focused()
    assert cells_with_class(page, "selected") == {(1, 2)}
    assert console_errors == []
