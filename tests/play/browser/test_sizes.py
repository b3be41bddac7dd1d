"""The play page at other sizes in Chromium: a 4x4 played to the end by
keyboard; at 16x16 values above 9 typed as two digits or as a letter, a
first digit placed alone by Enter or by moving away, centre and corner
marks, the API's conflicts, candidates and hint, progress kept under
the puzzle's key; a phone's width (16x16 at 360 px, 25x25 at 768 px) with
the page never scrolling sideways; axe at 16x16."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from solver.engine import format_grid, parse_puzzle, solve
from tests.support.axe import AXE_OPTIONS, PHONE
from tests.support.budgets import BY_GUESSES
from tests.support.csp import Violations, enforced
from tests.support.entry_page import tab_until
from tests.support.play_page import button, cell, expect_label, label, stored
from tests.support.puzzles import SIZED

pytestmark = pytest.mark.browser

STATUS = "#play-status"


def board(name: str) -> tuple[str, str, int]:
    """The shared puzzle ``name`` ("16x16") as a line, its solution, and its size."""
    grid = parse_puzzle(SIZED[name])
    size = round(len(grid) ** 0.5)
    return format_grid(grid), format_grid(solve(grid, budget=BY_GUESSES).solution), size


def open_game(page: Page, base_url: str, puzzle: str) -> None:
    page.goto(f"{base_url}/play?puzzle={puzzle}")
    expect(page.locator("#play")).to_be_visible()


def open_cells(puzzle: str, size: int) -> list[tuple[int, int]]:
    return [(i // size + 1, i % size + 1) for i, symbol in enumerate(puzzle) if symbol == "."]


def first_open(puzzle: str, size: int, value: str, solution: str) -> tuple[int, int]:
    """The first open cell whose solution is ``value``."""
    index = next(i for i, s in enumerate(puzzle) if s == "." and solution[i] == value)
    return index // size + 1, index % size + 1


def test_a_4x4_is_played_by_keyboard_to_the_end(live_server, page, console_errors):
    puzzle, solution, size = board("4x4")
    open_game(page, live_server.url, puzzle)
    tab_until(page, cell(page, 1, 1))
    for index in range(size * size):
        if puzzle[index] == ".":
            page.keyboard.press(solution[index])
        if index < size * size - 1:
            page.keyboard.press("ArrowRight")
    done = page.get_by_role("status").filter(has_text="Solved in")
    expect(done).to_have_text(re.compile(r"^Solved in 0:\d\d with 0 hints and 0 checks\.$"))
    assert stored(page)["finished"] is True
    assert console_errors == []


def test_a_6x6_is_played_on_a_phone_with_the_pad_and_a_hint_within_the_policy(
    open_view, live_server, console_errors
):
    """Taps on the cells and the pad's keys (1 to 6 only), one hint taken in
    three presses, the end; nothing the Content-Security-Policy refuses."""
    puzzle, solution, size = board("6x6")
    page = open_view(PHONE)
    view = Violations(page, console_errors)
    enforced(page.goto(f"{live_server.url}/play?puzzle={puzzle}"))
    expect(page.locator("#play")).to_be_visible()
    pad = page.get_by_role("group", name="Digit pad")
    assert pad.locator("[data-digit]").evaluate_all("keys => keys.map(k => k.textContent)") == list(
        "123456"
    )
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    hint = button(page, "Hint")
    for _ in range(3):
        hint.tap()
    expect(page.locator(STATUS)).to_contain_text("Filled in:")
    for row, column in open_cells(puzzle, size):
        if label(page, row, column).endswith(": empty"):
            cell(page, row, column).tap()
            pad.get_by_role(
                "button", name=solution[(row - 1) * size + column - 1], exact=True
            ).tap()
    done = page.get_by_role("status").filter(has_text="Solved in")
    expect(done).to_have_text(re.compile(r"^Solved in 0:\d\d with 1 hint and 0 checks\.$"))
    assert view.collect() == []
    assert console_errors == []


def test_at_16x16_two_digits_or_a_letter_give_a_value_above_9(live_server, page, console_errors):
    """Each value goes in a cell whose solution it is, then is erased: a value
    that clashed with a given would be marked in conflict when the server's
    reply came, at a time the test cannot know."""
    puzzle, solution, size = board("16x16")
    open_game(page, live_server.url, puzzle)
    twelve, one, seven = (first_open(puzzle, size, value, solution) for value in "C17")
    cell(page, *twelve).click()
    page.keyboard.press("1")
    expect(page.locator(STATUS)).to_have_text(
        "1: a second digit makes 10 to 16; Enter places 1 alone."
    )
    expect_label(page, *twelve, "empty")  # the first digit waits
    page.keyboard.press("2")
    expect_label(page, *twelve, "C")
    page.keyboard.press("Backspace")
    page.keyboard.press("c")
    expect_label(page, *twelve, "C")
    page.keyboard.press("Backspace")
    cell(page, *one).click()
    page.keyboard.press("1")
    page.keyboard.press("Enter")  # 1 alone
    expect_label(page, *one, "1")
    page.keyboard.press("Backspace")
    cell(page, *seven).click()
    page.keyboard.press("1")
    page.keyboard.press("7")  # no 17 on this board: 1, then 7
    expect_label(page, *seven, "7")
    page.keyboard.press("Backspace")
    cell(page, *one).click()
    page.keyboard.press("1")
    page.keyboard.press("ArrowRight")  # moving away places the waiting 1
    expect_label(page, *one, "1")
    assert console_errors == []


def test_at_16x16_a_first_digit_is_placed_when_focus_leaves_and_dropped_by_escape(
    live_server, page, console_errors
):
    puzzle, _, size = board("16x16")
    open_game(page, live_server.url, puzzle)
    (r1, c1), (r2, c2) = open_cells(puzzle, size)[:2]
    cell(page, r1, c1).click()
    page.keyboard.press("1")
    page.keyboard.press("Escape")
    expect_label(page, r1, c1, "empty")
    page.keyboard.press("1")
    cell(page, r2, c2).click()  # a press elsewhere places it
    # The row holds a given 1: the server's ", in conflict" may follow before the label is read.
    placed = re.compile(rf"^Row {r1}, column {c1}: 1(, in conflict)?$")
    expect(cell(page, r1, c1)).to_have_attribute("aria-label", placed)
    page.keyboard.press("1")
    button(page, "Undo").click()  # the press places the 1, which Undo takes back
    expect_label(page, r2, c2, "empty")
    assert console_errors == []


def test_at_16x16_marks_take_two_digit_values_and_letters_in_both_layers(
    live_server, page, console_errors
):
    """Centre mode (N) takes 16 typed as 1 then 6 and a letter; Ctrl writes a
    centre mark and Shift a corner mark in any mode, two-digit values too."""
    puzzle, _, size = board("16x16")
    open_game(page, live_server.url, puzzle)
    row, column = open_cells(puzzle, size)[0]
    cell(page, row, column).click()
    page.keyboard.press("n")
    page.keyboard.press("1")
    page.keyboard.press("6")  # 16, as a centre mark
    page.keyboard.press("a")
    page.keyboard.press("n")
    page.keyboard.press("Control+3")
    page.keyboard.press("Shift+1")
    page.keyboard.press("Shift+2")  # 12, as a corner mark
    page.keyboard.press("Shift+5")
    expect_label(page, row, column, "centre marks 3, A, G; corner marks 5, C")
    shown = cell(page, row, column)
    expect(shown.locator(".play-centre")).to_have_text("3AG")
    expect(shown.locator(".play-corner-top")).to_have_text("5")  # the first half along the top
    expect(shown.locator(".play-corner-bottom")).to_have_text("C")
    assert console_errors == []


def test_at_16x16_conflicts_candidates_and_check_work_on_the_page(
    live_server, page, console_errors
):
    puzzle, solution, size = board("16x16")
    open_game(page, live_server.url, puzzle)
    index = puzzle.index(".")
    row, column = index // size + 1, index % size + 1
    # A given of the same row: a conflict.
    line = puzzle[(row - 1) * size : row * size]
    given = next(symbol for symbol in line if symbol != ".")
    cell(page, row, column).click()
    page.keyboard.press(given.lower() if given.isalpha() else given)
    if given == "1":
        page.keyboard.press("Enter")
    expect(cell(page, row, column)).to_have_attribute("aria-label", re.compile(r", in conflict$"))
    expect(page.locator("#play-conflicts")).to_contain_text(f"Two {given}s in row {row}")
    page.keyboard.press("Backspace")
    button(page, "Fill candidates").click()
    expect(page.locator(STATUS)).to_have_text(
        "Every open cell's centre marks now hold its candidates."
    )
    assert solution[index] in re.search(r"centre marks (.*)$", label(page, row, column)).group(1)
    assert console_errors == []


def test_at_16x16_the_hint_points_out_a_mistake_then_fills_a_cell(
    live_server, page, console_errors
):
    puzzle, solution, size = board("16x16")
    open_game(page, live_server.url, puzzle)
    index = puzzle.index(".")
    row, column = index // size + 1, index % size + 1
    wrong = next(s for s in "123456789" if s != solution[index] and int(s) * 10 > size)
    cell(page, row, column).click()
    page.keyboard.press(wrong)
    hint = button(page, "Hint")
    hint.click()
    said = f"Not the solution's digit: row {row}, column {column}."
    expect(page.locator(STATUS)).to_contain_text(said)
    cell(page, row, column).click()
    page.keyboard.press("Backspace")
    hint.click()
    expect(page.locator(STATUS)).to_contain_text("Press Hint again to see it on the grid.")
    hint.click()
    expect(page.locator("td.hint-pattern")).to_have_count(1)
    hint.click()
    expect(page.locator(STATUS)).to_contain_text("Filled in:")
    assert stored(page)["hints"] == 2
    assert console_errors == []


def test_at_16x16_progress_is_kept_under_the_puzzles_own_key(live_server, page, console_errors):
    puzzle, solution, size = board("16x16")
    open_game(page, live_server.url, puzzle)
    row, column = first_open(puzzle, size, "C", solution)
    cell(page, row, column).click()
    page.keyboard.press("c")
    expect_label(page, row, column, "C")
    keys = page.evaluate("Object.keys(localStorage)")
    assert f"sudoku.play.{puzzle}" in keys
    page.reload()
    expect(page.locator("#play")).to_be_visible()
    expect_label(page, row, column, "C")
    assert console_errors == []


def within(page: Page, row: int, column: int, width: int) -> bool:
    """Whether the cell's button is wholly in sight: inside the window's width
    and inside the grid's scrolling region."""
    box = cell(page, row, column).bounding_box()
    region = page.locator(".play-scroll").bounding_box()
    assert box is not None
    assert region is not None
    left, right = max(0, region["x"]), min(width, region["x"] + region["width"])
    return left <= box["x"] and box["x"] + box["width"] <= right + 0.5


@pytest.mark.parametrize(("name", "width"), [("16x16", 360), ("16x16", 320), ("25x25", 768)])
def test_a_large_board_scrolls_in_its_region_never_the_page(
    open_view, live_server, console_errors, name, width
):
    """The page never scrolls sideways; the grid's region does, keeping the
    focused cell in view; the keys stay 44 px."""
    puzzle, _, size = board(name)
    phone = {"viewport": {"width": width, "height": 800}, "has_touch": True, "is_mobile": True}
    page = open_view(phone)
    open_game(page, live_server.url, puzzle)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    keys = page.locator(
        ".play-pad button, .play-modes button, .play-palette button, .play-actions button:visible,"
        " .play-bar button"
    )
    for box in keys.evaluate_all("keys => keys.map(k => k.getBoundingClientRect().toJSON())"):
        assert box["width"] >= 44, box
        assert box["height"] >= 44, box
    tab_until(page, cell(page, 1, 1))
    page.keyboard.press("End")
    expect(cell(page, 1, size)).to_be_focused()
    assert within(page, 1, size, width)
    page.keyboard.press("Home")
    assert within(page, 1, 1, width)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("window.scrollX") == 0
    assert console_errors == []


def test_axe_finds_no_violation_at_16x16(open_view, live_server, console_errors):
    """With centre marks, a placed value, a waiting first digit's cell and a conflict shown."""
    puzzle, _, size = board("16x16")
    for view in ({"width": 1280, "height": 900}, {"width": 360, "height": 800}):
        page = open_view({"viewport": view})
        open_game(page, live_server.url, puzzle)
        button(page, "Fill candidates").click()
        expect(page.locator(STATUS)).to_contain_text("Every open cell's centre marks")
        (r1, c1), (r2, c2) = open_cells(puzzle, size)[:2]
        cell(page, r1, c1).click()
        page.keyboard.press("c")
        cell(page, r2, c2).click()
        page.keyboard.press("c")
        results = Axe().run(page, options=AXE_OPTIONS)
        assert results.violations_count == 0, results.generate_report()
    assert console_errors == []


def test_axe_finds_no_violation_at_25x25_on_a_tablet(open_view, live_server, console_errors):
    puzzle, _, size = board("25x25")
    page = open_view({"viewport": {"width": 768, "height": 1024}})
    open_game(page, live_server.url, puzzle)
    row, column = open_cells(puzzle, size)[0]
    cell(page, row, column).click()
    page.keyboard.press("Control+2")  # a centre mark
    page.keyboard.press("Control+5")  # 25, as a centre mark
    page.keyboard.press("Shift+4")  # a corner mark
    expect_label(page, row, column, "centre marks P; corner marks 4")
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
    assert console_errors == []
