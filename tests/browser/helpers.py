"""Helpers shared by the browser tests of the scripts (keyboard, paste, share).

The basic ones (opening the entry page, reading the grid) live in
test_solve_flow.py and are imported from there.
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import Locator, Page

from .test_solve_flow import SIZE, cell_input

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
    page.wait_for_url(re.compile(r"/answer/\?puzzle="))


def try_solving_in_the_api_docs(page: Page, base_url: str, puzzle: str) -> tuple[Locator, dict]:
    """On the open API docs page, "Try it out" POST /api/solve with ``puzzle``:
    the operation's block, and the reply's JSON (the reply must be a 200)."""
    operation = page.locator("#operations-puzzles-solve")
    operation.locator(".opblock-summary").click()
    operation.get_by_role("button", name="Try it out").click()
    operation.locator("textarea.body-param__text").fill(json.dumps({"puzzle": puzzle}))
    with page.expect_response(f"{base_url}/api/solve") as reply:
        operation.get_by_role("button", name="Execute").click()
    assert reply.value.status == 200
    return operation, reply.value.json()
