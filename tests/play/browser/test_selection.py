"""Several cells selected on the play page in Chromium, as SudokuPad
players select them: a mouse drag, Shift+arrows and Ctrl+click, each cell
marked selected (aria-selected, and drawn so); a digit then goes to every
selected cell as one move, which one Undo takes back."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.support.play_page import cell, expect_clashing, expect_label, open_play

pytestmark = pytest.mark.browser

# Column 1 of the shared EASY puzzle is open from top to bottom.
COLUMN = 1


def selected(page: Page) -> list[tuple[int, int]]:
    """The cells whose gridcell says it is selected, as (row, column)."""
    return page.locator("table.play-grid td[aria-selected='true'] button").evaluate_all(
        "bs => bs.map(b => [Number(b.dataset.row), Number(b.dataset.column)])"
    )


def expect_selected(page: Page, cells: list[tuple[int, int]]) -> None:
    expect(page.locator("table.play-grid td[aria-selected='true']")).to_have_count(len(cells))
    assert sorted(map(tuple, selected(page))) == sorted(cells)
    classes = page.locator("table.play-grid td.selected").count()
    assert classes == len(cells)  # drawn as selected too


def drag(page: Page, cells: list[tuple[int, int]]) -> None:
    """Press the mouse on the first cell, pass over the others, let go."""
    centres = []
    for row, column in cells:
        box = cell(page, row, column).bounding_box()
        centres.append((box["x"] + box["width"] / 2, box["y"] + box["height"] / 2))
    page.mouse.move(*centres[0])
    page.mouse.down()
    for centre in centres[1:]:
        page.mouse.move(*centre, steps=3)
    page.mouse.up()


def test_a_drag_selects_three_cells_and_a_digit_on_them_is_undone_by_one_undo(
    live_server, page, console_errors
):
    open_play(page, live_server.url)
    run = [(1, COLUMN), (2, COLUMN), (3, COLUMN)]
    drag(page, run)
    expect_selected(page, run)
    page.keyboard.press("5")
    for row, column in run:
        expect_clashing(page, row, column, "5")
    page.keyboard.press("Control+z")
    for row, column in run:
        expect_label(page, row, column, "empty")
    expect(page.locator("#play-status")).to_have_text("Undone.")
    page.keyboard.press("Control+y")  # and one redo brings all three back
    for row, column in run:
        expect_clashing(page, row, column, "5")
    assert console_errors == []


def test_shift_arrows_and_ctrl_click_select_and_a_plain_click_selects_one_again(
    live_server, page, console_errors
):
    open_play(page, live_server.url)
    cell(page, 4, COLUMN).click()
    page.keyboard.press("Shift+ArrowDown")
    page.keyboard.press("Shift+ArrowDown")
    expect_selected(page, [(4, COLUMN), (5, COLUMN), (6, COLUMN)])
    cell(page, 8, COLUMN).click(modifiers=["Control"])
    expect_selected(page, [(4, COLUMN), (5, COLUMN), (6, COLUMN), (8, COLUMN)])
    cell(page, 5, COLUMN).click(modifiers=["Control"])  # a second Ctrl+click takes it out
    chosen = [(4, COLUMN), (6, COLUMN), (8, COLUMN)]
    expect_selected(page, chosen)
    page.keyboard.press("Control+Digit3")  # a centre mark in each
    for row, column in chosen:
        expect_label(page, row, column, "centre marks 3")
    expect_label(page, 5, COLUMN, "empty")
    page.keyboard.press("7")
    for row, column in chosen:
        expect_clashing(page, row, column, "7")
    page.keyboard.press("Control+z")
    for row, column in chosen:
        expect_label(page, row, column, "centre marks 3")
    cell(page, 9, COLUMN).click()
    expect_selected(page, [(9, COLUMN)])
    cell(page, 7, COLUMN).click(modifiers=["Shift"])
    expect_selected(page, [(7, COLUMN), (9, COLUMN)])
    page.keyboard.press("Escape")  # the focused cell alone again
    expect_selected(page, [(7, COLUMN)])
    page.keyboard.press("ArrowUp")
    expect_selected(page, [(6, COLUMN)])
    assert console_errors == []


def test_the_pad_and_the_palette_act_on_every_selected_cell(live_server, page, console_errors):
    open_play(page, live_server.url)
    cell(page, 1, COLUMN).click()
    page.keyboard.press("Shift+ArrowDown")
    pad = page.get_by_role("group", name="Digit pad")
    pad.get_by_role("button", name="4", exact=True).click()
    expect_clashing(page, 1, COLUMN, "4")
    expect_clashing(page, 2, COLUMN, "4")
    page.get_by_role("button", name="Colour 3, green").click()
    expect_clashing(page, 1, COLUMN, "4, colour 3 (green)")
    expect_clashing(page, 2, COLUMN, "4, colour 3 (green)")
    pad.get_by_role("button", name="Erase", exact=True).click()
    expect_label(page, 1, COLUMN, "empty, colour 3 (green)")
    expect_label(page, 2, COLUMN, "empty, colour 3 (green)")
    assert console_errors == []
