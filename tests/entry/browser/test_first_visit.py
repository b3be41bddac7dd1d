"""What a first-time visitor does on the entry page: Enter is Show Answer from
any cell and from the paste box (with and without script), Show Answer and
Reset are on screen when the last cell is typed, and a 25x25 grid keeps every
cell reached by the arrow keys in view.

Runs headless Debian Chromium against pytest-django's live server (see conftest.py).
"""

from __future__ import annotations

import re
from urllib.parse import quote, unquote

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from solver.engine import format_grid, parse_puzzle, solve
from tests.support.axe import AXE_OPTIONS
from tests.support.entry_page import cell_input, open_entry_page
from tests.support.puzzles import HARD, HARD_SOLUTION, SIZED, load

pytestmark = pytest.mark.browser

WIDE = {"viewport": {"width": 1280, "height": 900}}
NARROW = {"viewport": {"width": 375, "height": 812}}
# A puzzle from a shared file (top1465), not one of the tests' own.
SHARED = load("top1465.txt")[7]

IN_VIEW = """(element) => {
  const box = element.getBoundingClientRect();
  return box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight
    && box.right <= document.documentElement.clientWidth;
}"""


def type_whole_grid(page: Page, puzzle: str) -> None:
    """Type ``puzzle`` as one line from the first cell; the last cell keeps focus."""
    cell_input(page, 1, 1).focus()
    page.keyboard.type(puzzle)
    expect(cell_input(page, 9, 9)).to_be_focused()


def answered(page: Page, solution: str) -> None:
    page.wait_for_url(re.compile(r"/answer\?puzzle="))
    expect(page.locator("#solution-line")).to_have_value(solution)


@pytest.mark.parametrize("script", [True, False], ids=["script", "no-script"])
def test_enter_after_the_last_digit_shows_the_answer(open_view, live_server, script):
    """Enter in a cell presses Show Answer, never the photo's or the file's button."""
    page = open_view({**WIDE, "java_script_enabled": script})
    open_entry_page(page, live_server.url)
    type_whole_grid(page, HARD) if script else fill_without_script(page, HARD)
    page.keyboard.press("Enter")
    answered(page, HARD_SOLUTION)


def fill_without_script(page: Page, puzzle: str) -> None:
    """Fill each cell as a plain text box would be, then focus the last one."""
    for index, symbol in enumerate(puzzle):
        if symbol != ".":
            cell_input(page, index // 9 + 1, index % 9 + 1).fill(symbol)
    cell_input(page, 9, 9).focus()


def test_enter_in_the_paste_box_shows_the_answer_and_shift_enter_starts_a_line(
    page, live_server, console_errors
):
    """With script, Shift+Enter writes a new line in the box and Enter sends it;
    the help says so."""
    open_entry_page(page, live_server.url)
    box = page.get_by_label("Or paste a whole puzzle")
    expect(page.locator("#paste-help")).to_contain_text("Shift+Enter starts a new line")
    box.focus()
    page.keyboard.type(HARD[:40])
    page.keyboard.press("Shift+Enter")
    page.keyboard.type(HARD[40:])
    expect(box).to_have_value(HARD[:40] + "\n" + HARD[40:])
    page.keyboard.press("Enter")
    answered(page, HARD_SOLUTION)
    assert console_errors == []


def test_without_script_enter_in_the_paste_box_starts_a_line(open_view, live_server):
    """Without script the box is a plain text area: Enter writes a new line, and
    the help does not promise what the script does."""
    page = open_view({**WIDE, "java_script_enabled": False})
    open_entry_page(page, live_server.url)
    box = page.get_by_label("Or paste a whole puzzle")
    expect(page.get_by_text("Shift+Enter starts a new line")).to_be_hidden()
    box.focus()
    page.keyboard.type("4...")
    page.keyboard.press("Enter")
    expect(box).to_have_value("4...\n")
    assert page.url.endswith("/index")


def test_on_sixteen_by_sixteen_enter_after_a_waiting_one_shows_the_answer(
    page, live_server, console_errors
):
    """A 1 that could start 10 to 16 stays 1 when Enter is pressed, and that
    same Enter shows the answer."""
    puzzle = SIZED["16x16"].replace("\n", "")
    solution = format_grid(solve(parse_puzzle(puzzle)).solution)
    empty_ones = [i for i, given in enumerate(puzzle) if given == "." and solution[i] == "1"]
    cell = empty_ones[0]
    page.goto(f"{live_server.url}/index?size=16&puzzle={quote(puzzle)}")
    page.locator("table.entry-grid input").nth(cell).focus()
    page.keyboard.press("1")
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/answer\?puzzle="))
    assert unquote(page.url.split("puzzle=")[1]).replace("\n", "")[cell] == "1"
    assert console_errors == []


@pytest.mark.parametrize("view", [WIDE, NARROW], ids=["1280x900", "375x812"])
def test_show_answer_and_reset_are_on_screen_after_the_last_cell(
    open_view, live_server, view, console_errors
):
    page = open_view(view)
    open_entry_page(page, live_server.url)
    type_whole_grid(page, SHARED)
    for name in ("Show Answer", "Reset"):
        button = page.get_by_role("button", name=name, exact=True)
        assert button.evaluate(IN_VIEW), f"{name} is off screen"
    assert console_errors == []


@pytest.mark.parametrize("view", [WIDE, NARROW], ids=["1280x900", "375x812"])
def test_every_cell_of_a_twenty_five_grid_is_in_view_when_the_arrows_reach_it(
    open_view, live_server, view, console_errors
):
    """Right arrow walks the grid row by row (wrapping), and Down to the last row:
    each cell focused is inside its region and the window."""
    page = open_view(view)
    page.goto(live_server.url + "/index?size=25")
    cells = page.locator("table.entry-grid input")
    expect(cells).to_have_count(625)
    cells.first.focus()
    hidden = []
    for step in range(624):
        page.keyboard.press("ArrowRight")
        if not page.evaluate(
            "(check) => {"
            " const cell = document.activeElement;"
            " const region = cell.closest('.grid-scroll').getBoundingClientRect();"
            " const box = cell.getBoundingClientRect();"
            " return box.left >= region.left - 1 && box.right <= region.right + 1"
            "   && box.top >= -1 && box.bottom <= window.innerHeight + 1; }",
            None,
        ):
            hidden.append(step + 1)
    assert page.evaluate("document.activeElement.name") == "r25c25"
    assert hidden == []
    assert console_errors == []


@pytest.mark.parametrize("language", ["zh-hans", "vi"])
@pytest.mark.parametrize("view", [WIDE, NARROW], ids=["1280x900", "375x812"])
def test_each_photo_label_stays_with_its_input_in_every_language(
    open_view, live_server, view, language
):
    """The labels "Take a photo" and "Choose an image" sit on one line each, just above
    their own input, in Chinese and Vietnamese too."""
    page = open_view(view)
    page.context.add_cookies(
        [{"name": "django_language", "value": language, "url": live_server.url}]
    )
    page.goto(live_server.url + "/index")
    for field in ("id_image", "id_camera"):
        label = page.locator(f"label[for={field}]").bounding_box()
        field_box = page.locator(f"#{field}").bounding_box()
        line = page.locator(f"label[for={field}]").evaluate(
            "label => parseFloat(getComputedStyle(label).lineHeight)"
        )
        assert label["height"] <= line * 1.5, f"{field}'s label breaks"
        assert label["y"] + label["height"] <= field_box["y"] + 1
        assert abs(label["x"] - field_box["x"]) <= 1


AXE_VIEWS = {
    f"{width}-{scheme}": {"viewport": {"width": width, "height": height}, "color_scheme": scheme}
    for width, height in ((1280, 900), (375, 812))
    for scheme in ("light", "dark")
}


@pytest.mark.parametrize("view", AXE_VIEWS.values(), ids=AXE_VIEWS.keys())
@pytest.mark.parametrize("path", ["/index", "/index?size=25", "/batch"])
def test_axe_finds_nothing_on_the_entry_and_batch_pages(open_view, live_server, view, path):
    page = open_view(view)
    page.goto(live_server.url + path)
    expect(page.get_by_role("heading", level=1)).to_be_visible()
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
