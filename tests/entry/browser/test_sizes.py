"""The answer page of a 16x16 board on a 320-pixel phone: each cell named by
its row, column, box and symbol; the page never scrolls sideways, the grid
scrolls inside its own region; axe finds nothing there, nor on the page
naming a clash. The entry page at other sizes: Size chosen and remembered,
values above 9 typed as letters or two digits, a 4x4 typed and answered, a
16x16 pasted switching the grid to its size; axe and the page's width at
16x16 and 25x25.

Runs headless Debian Chromium against pytest-django's live server (see conftest.py).
"""

from __future__ import annotations

import re
from urllib.parse import quote

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from solver.engine import format_grid, is_valid_solution, parse_puzzle, solve
from tests.support.axe import AXE_OPTIONS, DESKTOP, PHONE
from tests.support.entry_page import open_entry_page, paste, press_hint, show_answer
from tests.support.puzzles import SIZED
from tests.support.sized import CLASH_16

pytestmark = pytest.mark.browser

SIXTEEN = "/answer?puzzle=" + quote(SIZED["16x16"])
CLASH = "/answer?puzzle=" + CLASH_16
# Made up: a 4x4 with one solution, typed as one line (dots skip a cell).
FOUR_TYPED = "1..4...2....43.."


def test_a_sixteen_by_sixteen_answer_fits_a_phone_and_names_its_cells(
    open_view, live_server, console_errors
):
    page = open_view(PHONE)
    page.goto(live_server.url + SIXTEEN)
    answer = page.get_by_role("table", name="Answer grid")
    expect(answer.get_by_role("cell")).to_have_count(256)
    expect(answer.get_by_role("cell", name="Row 1, column 1, box 1: C")).to_be_visible()
    expect(answer.get_by_role("cell", name="Row 16, column 16, box 16: 4")).to_have_count(1)
    expect(page.get_by_text("16×16, boxes 4×4")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    region = page.get_by_role("region", name="Answer grid")
    sizes = region.evaluate("node => [node.clientWidth, node.scrollWidth]")
    assert sizes[0] <= 320 < sizes[1]  # the grid is wider: it scrolls in its region
    assert console_errors == []


@pytest.mark.parametrize("view", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("path", [SIXTEEN, CLASH], ids=["answer", "clash"])
def test_axe_finds_nothing_on_a_sixteen_by_sixteen_page(open_view, live_server, view, path):
    page = open_view(view)
    page.goto(live_server.url + path)
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()


def test_a_sixteen_by_sixteen_pasted_into_the_box_switches_the_grid_to_it(
    live_server, page, console_errors
):
    """The grid becomes 16x16, filled with the paste, and Show Answer solves it."""
    open_entry_page(page, live_server.url)
    paste(page.get_by_label("Or paste a whole puzzle"), SIZED["16x16"])
    expect(page.locator("table.entry-grid input")).to_have_count(256)
    expect(page.get_by_label("Size")).to_have_value("16")
    expect(page.locator(".notices")).to_contain_text("A 16×16 puzzle: the grid is now 16×16.")
    assert sized_values(page, 16) == "".join(SIZED["16x16"].split())
    show_answer(page)
    expect(page.get_by_text("16×16, boxes 4×4")).to_be_visible()
    expect(page.get_by_role("table", name="Answer grid").get_by_role("cell")).to_have_count(256)
    assert console_errors == []


def sized_values(page, size: int) -> str:
    """The entry grid of a ``size`` x ``size`` board as one line, "." for an empty input."""
    inputs = page.locator("table.entry-grid input")
    expect(inputs).to_have_count(size * size)
    values = inputs.evaluate_all("inputs => inputs.map(input => input.value)")
    return "".join(value or "." for value in values)


def choose_size(page, base_url: str, name: str) -> None:
    """Open the entry page and choose the board named ``name`` (as the list shows it) with Size."""
    open_entry_page(page, base_url)
    page.get_by_label("Size").select_option(label=name)
    page.get_by_role("button", name="Change size").click()
    expect(page.get_by_label("Size")).to_have_value(name.split("×")[0])
    wait_for_scripts(page)


def wait_for_scripts(page) -> None:
    """Wait for the page a click navigated to to run its scripts: the new page
    shows its text before its module scripts run, and keys typed then reach an
    input no script handles yet (a loaded machine keeps that window open)."""
    page.wait_for_load_state("load")


def test_the_size_chosen_is_in_the_address_and_remembered(live_server, page, console_errors):
    choose_size(page, live_server.url, "16×16 (boxes 4×4)")
    assert page.url.endswith("/index?size=16")
    expect(page.locator("table.entry-grid input")).to_have_count(256)
    pad = page.locator(".pad .pad-key")  # shown on touch screens only
    assert pad.all_text_contents() == [*"123456789ABCDEFG", "Clear"]
    page.goto(live_server.url + "/index")  # a later visit, as from the menu
    assert page.url.endswith("/index?size=16")
    page.get_by_label("Size").select_option(label="9×9 (boxes 3×3)")
    page.get_by_role("button", name="Change size").click()
    expect(page.locator("table.entry-grid input")).to_have_count(81)
    page.goto(live_server.url + "/index")
    assert page.url.endswith("/index")
    assert console_errors == []


def test_values_above_nine_are_typed_as_letters_or_as_two_digits(live_server, page, console_errors):
    """1 then 2 makes 12 (C) and moves on; 1 then 8 is 1 and 8 (there is no
    18); a 1 left alone stays 1 when an arrow moves on; a letter in either
    case is its value; 0 after 1 makes 10 (A)."""
    choose_size(page, live_server.url, "16×16 (boxes 4×4)")
    first = page.get_by_role("textbox", name="Row 1, column 1, box 1")
    first.click()
    page.keyboard.type("1218g10")
    page.keyboard.press("1")
    page.keyboard.press("ArrowRight")
    page.keyboard.type("f")
    assert sized_values(page, 16)[:7] == "C18GA1F"
    expect(page.get_by_role("textbox", name="Row 1, column 8, box 2")).to_be_focused()
    assert console_errors == []


def test_a_four_by_four_typed_by_keyboard_is_answered_at_its_size(
    live_server, page, console_errors
):
    choose_size(page, live_server.url, "4×4 (boxes 2×2)")
    page.get_by_role("textbox", name="Row 1, column 1, box 1").click()
    page.keyboard.type(FOUR_TYPED)
    show_answer(page)
    solution = page.locator("#solution-line").input_value()
    assert is_valid_solution(parse_puzzle(FOUR_TYPED), parse_puzzle(solution))
    assert console_errors == []


@pytest.mark.parametrize("view", [PHONE, DESKTOP], ids=["phone", "desktop"])
@pytest.mark.parametrize("size", ["16", "25"])
def test_axe_finds_nothing_on_a_large_entry_grid_and_the_page_keeps_its_width(
    open_view, live_server, view, size
):
    page = open_view(view)
    page.goto(f"{live_server.url}/index?size={size}")
    expect(page.locator("table.entry-grid input")).to_have_count(int(size) ** 2)
    assert page.evaluate("document.documentElement.scrollWidth") <= view["viewport"]["width"]
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()


def test_a_sixteen_by_sixteen_written_zero_to_f_is_typed_and_answered_so(
    live_server, page, console_errors
):
    """0 is a value there (no two-digit numbers), a dot empties a cell, and the
    answer keeps the writing."""
    choose_size(page, live_server.url, "16×16 (boxes 4×4)")
    page.get_by_label("Values written").select_option("hex")
    page.get_by_role("button", name="Change writing").click()
    expect(page.get_by_text("Values are written 0 to F, as in hexadoku")).to_be_visible()
    wait_for_scripts(page)
    page.get_by_role("textbox", name="Row 1, column 1, box 1").click()
    page.keyboard.type("0f.a1")
    assert sized_values(page, 16)[:6] == "0F.A1."
    page.get_by_role("button", name="Show Answer").click()
    page.wait_for_url(re.compile(r"/answer\?puzzle=1G\.B2.*&writing=hex$"))
    expect(page.get_by_text("values written 0–F, as in hexadoku")).to_be_visible()
    line = page.locator("#solution-line").input_value()
    assert (line[:2], line[3:5], len(line)) == ("0F", "A1", 256)
    assert console_errors == []


@pytest.mark.parametrize("name", ["6x6", "16x16"])
def test_hint_at_another_size_places_a_value_of_its_solution(
    live_server, page, console_errors, name
):
    line = "".join(SIZED[name].split())
    side = round(len(line) ** 0.5)
    solution = format_grid(solve(parse_puzzle(line)).solution)
    page.goto(f"{live_server.url}/index?puzzle={quote(line)}")
    before = sized_values(page, side)
    press_hint(page)
    press_hint(page)
    expect(page.locator("td.hint-place input")).to_have_count(1)
    assert press_hint(page).startswith("Filled in: ")
    after = sized_values(page, side)
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    assert len(changed) == 1
    assert after[changed[0]] == solution[changed[0]]
    assert console_errors == []


def test_conflicts_are_shown_as_typed_on_a_sixteen_by_sixteen(live_server, page, console_errors):
    choose_size(page, live_server.url, "16×16 (boxes 4×4)")
    page.get_by_label("Show conflicts as I type").check()
    page.get_by_role("textbox", name="Row 1, column 1, box 1").click()
    page.keyboard.type("g")
    page.get_by_role("textbox", name="Row 1, column 16, box 4").click()
    page.keyboard.type("g")
    expect(page.locator("#entry-status")).to_contain_text("Two Gs in row 1 (columns 1 and 16).")
    expect(page.locator("td.conflict")).to_have_count(2)
    assert console_errors == []


def test_a_twenty_five_by_twenty_five_answer_prints_whole_within_the_paper(
    live_server, page, console_errors
):
    """On paper neither grid is cut by its scrolling region: each is at most
    170 mm wide (A4 less its margins), the puzzle above its answer."""
    page.goto(live_server.url + "/answer?puzzle=" + quote(SIZED["25x25"]))
    page.emulate_media(media="print")
    boxes = page.locator(".grids table").evaluate_all(
        "tables => tables.map(t => t.getBoundingClientRect()).map(b => [b.width, b.top])"
    )
    regions = page.locator(".grids .grid-scroll").evaluate_all(
        "regions => regions.map(r => r.scrollWidth - r.clientWidth)"
    )
    millimetres = 96 / 25.4
    assert [round(width) <= 170 * millimetres for width, _ in boxes] == [True, True]
    assert boxes[0][1] < boxes[1][1]
    assert regions == [0, 0]
    assert console_errors == []


def test_on_a_phone_the_sixteen_by_sixteen_grid_keeps_the_cell_typed_into_in_sight(
    open_view, live_server, console_errors
):
    """At 360 px the grid is wider than the page: typing along a row scrolls
    its region so the cell with focus stays in view; the page never moves."""
    page = open_view({"viewport": {"width": 360, "height": 740}, "is_mobile": True})
    page.goto(live_server.url + "/index?size=16")
    page.get_by_role("textbox", name="Row 1, column 1, box 1").focus()
    page.keyboard.type("3456789ABCDEFG")
    focused = page.locator("table.entry-grid input:focus")
    expect(focused).to_have_attribute("name", "r1c15")
    region = page.get_by_role("region", name=re.compile("^Puzzle grid, 16×16"))
    inside = region.evaluate(
        """(region) => {
          const box = region.getBoundingClientRect();
          const cell = document.activeElement.getBoundingClientRect();
          return cell.left >= box.left - 1 && cell.right <= box.right + 1;
        }"""
    )
    assert inside
    assert region.evaluate("region => region.scrollLeft") > 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert console_errors == []
