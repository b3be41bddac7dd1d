"""Loading a whole puzzle at once: pasted into a cell or the paste box, chosen
as a file, or sent with "Fill the grid". The server reads every format; the
page fills the grid from its reply, or shows its reasons and keeps the grid.

Runs headless Debian Chromium against pytest-django's live server (see conftest.py).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.entry_page import (
    EMPTY_GRID,
    PUZZLE,
    SIZE,
    cell_input,
    cells_with_class,
    entry_values,
    focused_cell,
    open_entry_page,
    paste,
    type_cells,
)

pytestmark = pytest.mark.browser

ROWS = [PUZZLE[start : start + SIZE] for start in range(0, SIZE * SIZE, SIZE)]


def drawn(rows: list[str], blank: str, bar: str, rules: tuple[str, str, str]) -> str:
    """The puzzle drawn as a grid: ``rules`` are the top, middle and bottom lines."""
    lines = [rules[0]]
    for index, row in enumerate(rows):
        cells = [symbol if symbol != "." else blank for symbol in row]
        stacks = [" ".join(cells[start : start + 3]) for start in (0, 3, 6)]
        lines.append(f"{bar} " + f" {bar} ".join(stacks) + f" {bar}")
        if index in (2, 5):
            lines.append(rules[1])
    lines.append(rules[2])
    return "\n".join(lines)


ASCII_RULE = "+-------+-------+-------+"
FORMATS = {
    "line with dots": PUZZLE,
    "line with zeros": PUZZLE.replace(".", "0"),
    "nine lines of nine": "\n".join(ROWS),
    "drawn grid": drawn(ROWS, ".", "|", (ASCII_RULE, ASCII_RULE, ASCII_RULE)),
    "comma-separated rows": "\n".join(",".join(row.replace(".", "0")) for row in ROWS),
}
# Formats the parser is still learning (work in progress in solver/engine/parse.py).
ZEROS = PUZZLE.replace(".", "0")
LATER_FORMATS = {
    "underscores for blanks": PUZZLE.replace(".", "_"),
    "hyphens for blanks": PUZZLE.replace(".", "-"),
    "SudokuWiki link": "https://www.sudokuwiki.org/sudoku.htm?bd=" + ZEROS,
    "Sudoku Exchange link": "https://sudokuexchange.com/play/?s=" + ZEROS,
    "Unicode box drawing": drawn(
        ROWS,
        ".",
        "│",
        (
            "┌───────┬───────┬───────┐",
            "├───────┼───────┼───────┤",
            "└───────┴───────┴───────┘",
        ),
    ),
    ".sdk with a [Puzzle] section": "[Puzzle]\n" + "\n".join(ROWS) + "\n",
}
SADMAN_SDK = "#AAn author\n#DA puzzle for the tests\n#B01/02/2024\n#LHard\n" + "\n".join(ROWS)
SIMPLE_SUDOKU_SS = "\n".join(
    [
        *("|".join([row[0:3], row[3:6], row[6:9]]) for row in ROWS[0:3]),
        "-----------",
        *("|".join([row[0:3], row[3:6], row[6:9]]) for row in ROWS[3:6]),
        "-----------",
        *("|".join([row[0:3], row[3:6], row[6:9]]) for row in ROWS[6:9]),
    ]
)
TWO_FIVES = "5......5." + "." * 72


def paste_box(page: Page):
    return page.get_by_label("Or paste a whole puzzle")


def status(page: Page):
    return page.locator("#entry-status")


def expect_loaded(page: Page, puzzle: str = PUZZLE) -> None:
    """The grid holds ``puzzle``, the box is empty and the status says so."""
    expect(status(page)).to_have_text(re.compile(r"^Puzzle loaded\."))
    assert entry_values(page) == puzzle
    expect(paste_box(page)).to_have_value("")


@pytest.mark.parametrize("text", FORMATS.values(), ids=FORMATS.keys())
def test_a_puzzle_pasted_into_a_cell_fills_the_grid(live_server, page, console_errors, text):
    """Text of more than one character pasted into any cell is read by the
    server and fills the whole grid; focus stays where it was."""
    open_entry_page(page, live_server.url)
    paste(cell_input(page, 5, 5), text)
    expect_loaded(page)
    assert focused_cell(page) == "r5c5"
    assert console_errors == []


@pytest.mark.parametrize("text", FORMATS.values(), ids=FORMATS.keys())
def test_a_puzzle_pasted_into_the_box_fills_the_grid(live_server, page, console_errors, text):
    """A puzzle pasted into the paste box loads at once, and the box is emptied."""
    open_entry_page(page, live_server.url)
    paste(paste_box(page), text)
    expect_loaded(page)
    assert console_errors == []


@pytest.mark.parametrize("text", LATER_FORMATS.values(), ids=LATER_FORMATS.keys())
def test_formats_the_parser_is_learning_load_too(live_server, page, console_errors, text):
    """Blanks written _ or -, SudokuWiki and Sudoku Exchange links, grids drawn
    with Unicode box lines and .sdk files with sections all load."""
    open_entry_page(page, live_server.url)
    paste(paste_box(page), text)
    expect_loaded(page)
    assert console_errors == []


def test_a_single_digit_pasted_into_a_cell_is_just_that_digit(
    live_server, open_view, console_errors
):
    """One visible character is not a puzzle: a real Ctrl+V of " 7 " into a full
    cell puts 7 there (spaces and maxlength notwithstanding), and loads nothing."""
    page = open_view({"permissions": ["clipboard-read", "clipboard-write"]})
    open_entry_page(page, live_server.url)
    type_cells(page, {(1, 1): "4"})
    page.evaluate("navigator.clipboard.writeText(' 7 ')")
    cell = cell_input(page, 1, 1)
    cell.focus()
    page.keyboard.press("Control+V")
    expect(cell).to_have_value("7")
    assert entry_values(page)[1:] == EMPTY_GRID[1:]
    expect(status(page)).to_have_text("")
    assert console_errors == []


def test_an_unreadable_paste_into_a_cell_keeps_the_grid(live_server, page, console_errors):
    """Text the server cannot read leaves the grid and focus as they were and
    shows the server's reasons."""
    open_entry_page(page, live_server.url)
    type_cells(page, {(1, 1): "4", (2, 2): "6"})
    before = entry_values(page)
    paste(cell_input(page, 3, 3), "not a puzzle")
    expect(status(page)).to_contain_text("Unexpected character “n” at position 1")
    assert entry_values(page) == before
    assert focused_cell(page) == "r3c3"
    assert console_errors == []


def test_an_unreadable_paste_into_the_box_stays_there_marked(live_server, page, console_errors):
    """A paste the server cannot read stays in the box, marked invalid and
    described by the reasons; a good paste after it still loads."""
    open_entry_page(page, live_server.url)
    paste(paste_box(page), PUZZLE[:80])
    expect(status(page)).to_contain_text("The puzzle has 80 cells")
    expect(paste_box(page)).to_have_value(PUZZLE[:80])
    expect(paste_box(page)).to_have_attribute("aria-invalid", "true")
    expect(paste_box(page)).to_have_accessible_description(re.compile("The puzzle has 80 cells"))
    assert entry_values(page) == EMPTY_GRID

    paste_box(page).select_text()
    paste(paste_box(page), PUZZLE)
    expect_loaded(page)
    expect(paste_box(page)).not_to_have_attribute("aria-invalid", "true")
    assert console_errors == []


def test_a_pasted_puzzle_with_conflicts_loads_with_them_marked(live_server, page, console_errors):
    """A readable puzzle whose givens conflict fills the grid; both cells of each
    conflict are marked and the status names the conflict."""
    open_entry_page(page, live_server.url)
    paste(cell_input(page, 1, 1), TWO_FIVES)
    expect(status(page)).to_have_text(re.compile(r"^Puzzle loaded\. 1 conflict: Two 5s in row 1"))
    assert entry_values(page) == TWO_FIVES
    assert cells_with_class(page, "conflict") == {(1, 1), (1, 8)}
    expect(cell_input(page, 1, 8)).to_have_attribute("aria-invalid", "true")
    expect(cell_input(page, 1, 8)).to_have_accessible_description(re.compile("Two 5s in row 1"))
    assert console_errors == []


def test_a_loaded_puzzle_replaces_the_servers_marks(live_server, page, console_errors):
    """The error summary and the cells the server marked belong to the old puzzle:
    loading a new one removes them."""
    page.goto(live_server.url + "/answer?puzzle=" + TWO_FIVES)
    expect(page.locator("#form-errors")).to_be_visible()
    paste(cell_input(page, 9, 9), PUZZLE)
    expect_loaded(page)
    expect(page.locator("#form-errors")).to_have_count(0)
    assert cells_with_class(page, "invalid") == set()
    expect(page.locator("table.entry-grid [aria-invalid]")).to_have_count(0)
    expect(page.locator("table.entry-grid [aria-describedby]")).to_have_count(0)
    assert console_errors == []


@pytest.mark.parametrize(
    ("name", "text"),
    [("puzzle.sdk", SADMAN_SDK), ("puzzle.ss", SIMPLE_SUDOKU_SS)],
    ids=["SadMan .sdk with # lines", "Simple Sudoku .ss"],
)
def test_a_chosen_file_fills_the_grid(live_server, page, console_errors, name, text):
    """Choosing a puzzle file loads it at once; the file input is then emptied."""
    open_entry_page(page, live_server.url)
    file = {"name": name, "mimeType": "text/plain", "buffer": text.encode()}
    page.locator("#id_file").set_input_files(file)
    expect_loaded(page)
    assert page.locator("#id_file").evaluate("input => input.files.length") == 0
    assert console_errors == []


def test_fill_the_grid_loads_the_box_without_leaving_the_page(live_server, page, console_errors):
    """With the script, "Fill the grid" reads the box in the background: the
    grid fills and the page is not reloaded."""
    open_entry_page(page, live_server.url)
    paste_box(page).fill("\n".join(ROWS))
    page.evaluate("window.beforeFill = true")  # gone if the page reloads
    page.get_by_role("button", name="Fill the grid").click()
    expect_loaded(page)
    assert page.evaluate("window.beforeFill") is True
    assert console_errors == []


def test_fill_the_grid_with_nothing_to_load_says_so(live_server, page, console_errors):
    """With an empty box and no file, "Fill the grid" shows the server's reason."""
    open_entry_page(page, live_server.url)
    type_cells(page, {(1, 1): "4"})
    page.get_by_role("button", name="Fill the grid").click()
    expect(status(page)).to_contain_text("There is nothing to load")
    assert entry_values(page)[0] == "4"
    assert console_errors == []


def hold_loads(page: Page) -> list:
    """Hold every /load request until the test continues its route; return the held routes."""
    held: list = []
    page.route("**/load", lambda route: held.append(route))
    return held


def wait_for_held(page: Page, held: list) -> None:
    """Wait until a /load request is held."""
    for _ in range(50):
        if held:
            return
        page.wait_for_timeout(100)
    raise AssertionError("no /load request was sent")


def test_reset_drops_a_puzzle_still_loading(live_server, page, console_errors):
    """Reset while a pasted puzzle is loading: the cleared grid stays empty."""
    open_entry_page(page, live_server.url)
    held = hold_loads(page)
    paste(cell_input(page, 1, 1), PUZZLE)
    wait_for_held(page, held)
    page.get_by_role("button", name="Reset").click()
    assert entry_values(page) == EMPTY_GRID
    held[0].continue_()
    page.wait_for_timeout(500)  # time for a reply that should be dropped
    assert entry_values(page) == EMPTY_GRID
    expect(status(page)).to_have_text("Grid cleared.")
    assert console_errors == []


def test_a_digit_typed_while_a_puzzle_loads_is_kept(live_server, page, console_errors):
    """A cell edited after the paste was sent makes its reply stale: the reply
    is dropped silently and the typed digit stays."""
    open_entry_page(page, live_server.url)
    held = hold_loads(page)
    paste(cell_input(page, 1, 1), PUZZLE)
    wait_for_held(page, held)
    type_cells(page, {(9, 9): "7"})
    with page.expect_response("**/load"):
        held[0].continue_()
    page.wait_for_timeout(300)  # time for the reply to be read
    assert entry_values(page) == EMPTY_GRID[:80] + "7"
    expect(status(page)).to_have_text("")
    assert console_errors == []


def test_editing_a_conflict_clears_its_marks_when_live_checks_are_off(
    live_server, page, console_errors
):
    """With live checks off, typing over a cell of a pasted conflict clears the
    marks of that conflict from both its cells, and its hidden message."""
    open_entry_page(page, live_server.url)
    paste(cell_input(page, 5, 5), "11" + "." * 79)
    expect(status(page)).to_have_text(re.compile(r"^Puzzle loaded\. 1 conflict"))
    assert cells_with_class(page, "conflict") == {(1, 1), (1, 2)}
    type_cells(page, {(1, 2): "2"})
    expect(page.locator("td.conflict")).to_have_count(0)
    for col in (1, 2):
        expect(cell_input(page, 1, col)).not_to_have_attribute("aria-invalid", "true")
        expect(cell_input(page, 1, col)).not_to_have_attribute("aria-describedby", re.compile("."))
    expect(page.locator("#live-problems > *")).to_have_count(0)
    assert console_errors == []


def test_reset_clears_the_paste_boxs_marks(live_server, page, console_errors):
    """After an unreadable paste, Reset leaves the paste box unmarked and
    described by its help alone."""
    open_entry_page(page, live_server.url)
    paste(paste_box(page), PUZZLE[:80])
    expect(paste_box(page)).to_have_attribute("aria-invalid", "true")
    page.get_by_role("button", name="Reset").click()
    expect(paste_box(page)).not_to_have_attribute("aria-invalid", "true")
    expect(paste_box(page)).to_have_attribute("aria-describedby", "paste-help")
    assert console_errors == []
