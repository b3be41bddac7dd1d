"""The entry page in a browser, for every browser test that types or pastes
a puzzle: opening the page, typing, pasting, reading the grid back,
showing the answer.
"""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

PUZZLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


SOLUTION = "468931527751624839392578461134756298289413675675289314846192753513867942927345186"


SIZE = 9


def cell_input(page: Page, row: int, col: int) -> Locator:
    """The entry grid's input for the cell at ``row``, ``col`` (both from 1)."""
    return page.locator(f'input[name="r{row}c{col}"]')


def cells_of(puzzle: str) -> list[tuple[int, int, str]]:
    """Every cell of an 81-symbol puzzle as (row, column, symbol), row by row."""
    return [(index // SIZE + 1, index % SIZE + 1, symbol) for index, symbol in enumerate(puzzle)]


def open_entry_page(page: Page, base_url: str) -> None:
    """Go to the entry page and wait for it."""
    page.goto(base_url + "/index")
    expect(page.get_by_role("heading", level=1)).to_have_text("Enter a puzzle")


def type_puzzle(page: Page, puzzle: str) -> None:
    """Type each given into its cell with the keyboard; dots stay untouched (empty)."""
    for row, col, symbol in cells_of(puzzle):
        if symbol != ".":
            cell_input(page, row, col).press_sequentially(symbol)


def show_answer(page: Page) -> None:
    """Submit the entry form: the answer comes at its permanent address,
    /answer?puzzle=..., or the refused entry page at /answer."""
    page.get_by_role("button", name="Show Answer").click()
    page.wait_for_url(re.compile(r"/answer(\?puzzle=[^&]*)?$"))


def solve_in_browser(page: Page, base_url: str, puzzle: str) -> None:
    """Open the entry page, type ``puzzle`` and land on its answer page."""
    open_entry_page(page, base_url)
    type_puzzle(page, puzzle)
    show_answer(page)
    expect(page.get_by_role("heading", level=1)).to_have_text("Answer")


def entry_values(page: Page) -> str:
    """The entry grid as an 81-symbol string, row by row, "." for an empty input."""
    inputs = page.locator("table.entry-grid input")
    expect(inputs).to_have_count(SIZE * SIZE)
    values = inputs.evaluate_all("inputs => inputs.map(input => input.value)")
    return "".join(value or "." for value in values)


def cell_kinds(cells: Locator) -> list[str]:
    """Which of the classes ``given`` and ``solved`` each answer cell has, space-joined."""
    return cells.evaluate_all(
        "cells => cells.map(cell =>"
        " ['given', 'solved'].filter(kind => cell.classList.contains(kind)).join(' '))"
    )


def follow_link(page: Page, name: str, url_pattern: re.Pattern[str]) -> None:
    """Click the link named ``name`` and wait until the page at ``url_pattern`` has loaded."""
    page.get_by_role("link", name=name, exact=True).click()
    page.wait_for_url(url_pattern)


EMPTY_GRID = "." * (SIZE * SIZE)


def focused_cell(page: Page) -> str:
    """The name (e.g. "r3c7") of the focused element, or "" if it has none."""
    return page.evaluate("document.activeElement?.name ?? ''")


def cell_box(page: Page, row: int, col: int) -> Locator:
    """The <td> holding the entry cell at ``row``, ``col``."""
    return page.locator(f'td:has(> input[name="r{row}c{col}"])')


def cells_with_class(page: Page, name: str) -> set[tuple[int, int]]:
    """Every (row, column) of the entry grid whose <td> has the class ``name``."""
    pairs = page.locator("table.entry-grid input").evaluate_all(
        "(inputs, name) => inputs"
        " .filter(input => input.closest('td').classList.contains(name))"
        " .map(input => [Number(input.dataset.row), Number(input.dataset.column)])",
        name,
    )
    return {(row, col) for row, col in pairs}


def paste(target: Locator, text: str) -> None:
    """Focus ``target`` and paste ``text`` into it, as Ctrl+V would (a paste
    event carrying the text; the default insertion is the script's to do)."""
    target.focus()
    target.evaluate(
        """(element, text) => {
            const data = new DataTransfer();
            data.setData("text/plain", text);
            element.dispatchEvent(new ClipboardEvent("paste",
                {clipboardData: data, bubbles: true, cancelable: true}));
        }""",
        text,
    )


def tab_until(page: Page, target: Locator, limit: int = 30) -> int:
    """Press Tab until ``target`` has focus; return how many presses it took.

    Fails after ``limit`` presses, so a keyboard trap or a lost control shows.
    """
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if target.evaluate("element => element === document.activeElement"):
            return presses
    raise AssertionError(f"{target} never got focus in {limit} presses of Tab")


def type_cells(page: Page, cells: dict[tuple[int, int], str]) -> None:
    """Type a digit into each (row, column) cell with the keyboard."""
    for (row, col), digit in cells.items():
        cell_input(page, row, col).focus()
        page.keyboard.type(digit)


def answer_typed_puzzle(page: Page) -> None:
    """Press Show Answer and wait for the answer page, at its permanent address."""
    page.get_by_role("button", name="Show Answer").click()
    page.wait_for_url(re.compile(r"/answer\?puzzle="))


def press_hint(page: Page) -> str:
    """Press Hint and wait until the hint line says something new; return it."""
    status = page.locator("#hint-status")
    before = status.inner_text()
    page.get_by_role("button", name="Hint").click()
    expect(status).not_to_have_text(before)
    expect(status).not_to_have_text(re.compile(r"^Looking for the next step"))
    return status.inner_text()
