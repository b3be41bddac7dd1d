"""Helpers for the play page's browser tests: opening a game, finding cells
and pad keys by their accessible names, and the puzzle they play."""

from __future__ import annotations

import re

from playwright.sync_api import Locator, Page, expect

from tests.support.entry_page import SIZE, SOLUTION

# SOLUTION with 35 cells blanked: singles alone solve it (as in test_steps.py).
EASY = ".68.31..7.51.2..39.92.78.61..4.56.9..89.13.75.75..9.14.4..92.53.13.67..2.27.4..86"
OPEN = [(i // SIZE + 1, i % SIZE + 1) for i, symbol in enumerate(EASY) if symbol == "."]


def open_play(page: Page, base_url: str, puzzle: str = EASY) -> None:
    """Open the game on ``puzzle`` and wait until the script has shown it."""
    page.goto(f"{base_url}/play?puzzle={puzzle}")
    expect(page.locator("#play")).to_be_visible()


def cell(page: Page, row: int, column: int) -> Locator:
    """The play grid's button for the cell at ``row``, ``column`` (from 1), by its label."""
    return page.get_by_role("button", name=re.compile(rf"^Row {row}, column {column}:"))


def label(page: Page, row: int, column: int) -> str:
    return cell(page, row, column).get_attribute("aria-label") or ""


def expect_label(page: Page, row: int, column: int, text: str) -> None:
    """The cell's label is ``Row r, column c: <text>`` exactly."""
    expect(cell(page, row, column)).to_have_attribute(
        "aria-label", f"Row {row}, column {column}: {text}"
    )


def expect_clashing(page: Page, row: int, column: int, text: str) -> None:
    """The cell's label is ``Row r, column c: <text>``, maybe with the server's
    ", in conflict" after it: for digits that clash, whose mark comes when the
    server's reply does, at a time the test cannot know."""
    said = re.compile(rf"^Row {row}, column {column}: {re.escape(text)}(, in conflict)?$")
    expect(cell(page, row, column)).to_have_attribute("aria-label", said)


def notes_of(page: Page, row: int, column: int) -> str:
    """The values of the cell's centre marks (its candidates, once called
    notes) as its label says them ("" when it has none)."""
    return _marks_said(page, row, column, "centre")


def corners_of(page: Page, row: int, column: int) -> str:
    """The values of the cell's corner marks as its label says them ("" when none)."""
    return _marks_said(page, row, column, "corner")


def _marks_said(page: Page, row: int, column: int, layer: str) -> str:
    found = re.search(rf"{layer} marks ([\dA-Z, ]+)", label(page, row, column))
    return found.group(1).replace(", ", "") if found else ""


def fill_candidates(page: Page) -> None:
    """Press Fill candidates and wait for the notes to land."""
    page.get_by_role("button", name="Fill candidates", exact=True).click()
    expect(page.locator("#play-status")).to_have_text(
        "Every open cell's centre marks now hold its candidates."
    )


def pad_key(page: Page, digit: str) -> Locator:
    return page.get_by_role("group", name="Digit pad").get_by_role("button", name=digit, exact=True)


def button(page: Page, name: str) -> Locator:
    return page.get_by_role("button", name=name, exact=True)


def solution_at(row: int, column: int) -> str:
    return SOLUTION[(row - 1) * SIZE + column - 1]


def peers(row: int, column: int) -> set[tuple[int, int]]:
    """The other cells of the cell's row, column and box."""
    box = lambda r, c: ((r - 1) // 3, (c - 1) // 3)  # noqa: E731
    return {
        (r, c)
        for r in range(1, SIZE + 1)
        for c in range(1, SIZE + 1)
        if (r, c) != (row, column) and (r == row or c == column or box(r, c) == box(row, column))
    }


def candidates(grid: str, row: int, column: int) -> str:
    """The digits the rules allow in an open cell of ``grid`` (for checking the page)."""
    seen = {grid[(r - 1) * SIZE + c - 1] for r, c in peers(row, column)}
    return "".join(d for d in "123456789" if d not in seen)


def wrong_but_allowed(grid: str = EASY) -> tuple[int, int, str]:
    """An open cell and a digit the rules allow there that is not the solution's:
    a mistake that no conflict gives away."""
    for row, column in OPEN:
        for digit in candidates(grid, row, column):
            if digit != solution_at(row, column):
                return row, column, digit
    raise AssertionError("every open cell has a single candidate")


def stored(page: Page) -> dict | None:
    """The game kept in localStorage for the open puzzle, or None."""
    return page.evaluate(
        "() => { const d = JSON.parse(document.getElementById('play-data').textContent);"
        " return JSON.parse(localStorage.getItem(d.key) ?? 'null'); }"
    )


def seconds_shown(page: Page) -> int:
    """The clock's time in seconds."""
    text = page.locator("#play-time").inner_text()
    parts = [int(part) for part in text.split(":")]
    return sum(part * 60**power for power, part in enumerate(reversed(parts)))


def wait_for_seconds(page: Page, seconds: int) -> None:
    """Wait until the clock shows at least ``seconds``: however late a loaded
    machine runs the page's timer, the test sees the time it waits for."""
    page.wait_for_function(
        """seconds => document.querySelector("#play-time").textContent.split(":")
            .reduce((total, part) => total * 60 + Number(part), 0) >= seconds""",
        arg=seconds,
    )
