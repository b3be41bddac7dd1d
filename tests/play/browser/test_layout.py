"""The play page's layout in Chromium: a 16x16 and a 25x25 board whole in
their column or scrolling inside their own region, every cell the arrows
reach shown whole when focused; on a phone and a desktop, in English,
Tiếng Việt and 简体中文, the pad's keys, the modes and the palette in rows
fixed by design with no label wrapped, the options' boxes one size; centre
marks each in its place (the box's shape), or in one line by the option;
axe with all of it shown."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from solver.engine import format_grid, parse_puzzle
from tests.support.axe import AXE_OPTIONS
from tests.support.play_page import EASY, OPEN, cell, fill_candidates, open_play
from tests.support.puzzles import SIZED

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 812}
LANGUAGES = {"en": "en", "vi": "vi-VN", "zh-hans": "zh-CN"}
ONE_LINE = "Draw centre marks in one line"

# Whether the focused cell lies whole inside the window and inside the
# board's scrolling region (the table's parent when there is none).
FOCUSED_IN_SIGHT = """() => {
  const cell = document.activeElement.getBoundingClientRect();
  const region = (document.activeElement.closest('.play-scroll') ?? document.documentElement)
    .getBoundingClientRect();
  const inside = (outer) => cell.left >= outer.left - 0.5 && cell.right <= outer.right + 0.5
    && cell.top >= outer.top - 0.5 && cell.bottom <= outer.bottom + 0.5;
  return inside({left: 0, top: 0, right: innerWidth, bottom: innerHeight}) && inside(region);
}"""

# How many lines each text of ``nodes`` takes (a wrapped label takes two or more).
LINES = """nodes => nodes.map(node => {
  const texts = [...node.childNodes].filter(n => n.nodeType === 3 && n.textContent.trim());
  return Math.max(0, ...texts.map(text => {
    const range = document.createRange();
    range.selectNodeContents(text);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
  }));
})"""
TOPS = "nodes => nodes.map(node => Math.round(node.getBoundingClientRect().top))"


def sized(name: str) -> str:
    return format_grid(parse_puzzle(SIZED[name]))


def rows_of(page: Page, selector: str) -> list[int]:
    """How many of ``selector``'s elements stand on each row, top to bottom."""
    tops = page.locator(selector).evaluate_all(TOPS)
    return [tops.count(top) for top in sorted(set(tops))]


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "375"])
@pytest.mark.parametrize("board", ["16x16", "25x25"])
def test_every_cell_the_arrows_reach_on_a_big_board_is_seen_whole(
    open_view, live_server, console_errors, board, viewport
):
    """At 1280 px both boards fit their column; at 375 px they scroll in
    their region (never the page), which follows the focus."""
    page = open_view({"viewport": viewport})
    puzzle = sized(board)
    open_play(page, live_server.url, puzzle)
    region = page.locator(".play-scroll")
    fits = region.evaluate("r => r.scrollWidth <= r.clientWidth")
    assert fits == (viewport is DESKTOP)
    assert region.evaluate("r => getComputedStyle(r).overflowX") == "auto"
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    cell(page, 1, 1).click()
    size = round(len(puzzle) ** 0.5)
    for step in range(size * size):
        assert page.evaluate(FOCUSED_IN_SIGHT), f"cell {step} out of sight"
        page.keyboard.press("ArrowRight")  # Right wraps to the next row
    for _ in range(size - 1):
        page.keyboard.press("ArrowUp")
        assert page.evaluate(FOCUSED_IN_SIGHT)
    assert console_errors == []


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "375"])
def test_the_pad_modes_and_palette_keep_their_rows_with_no_label_wrapped(
    open_view, live_server, console_errors, language, viewport
):
    page = open_view({"viewport": viewport, "locale": LANGUAGES[language]})
    open_play(page, live_server.url)
    assert page.locator("html").get_attribute("lang") == language
    phone = viewport is PHONE
    assert rows_of(page, ".play-pad .pad-key") == ([5, 5] if phone else [10])
    assert rows_of(page, ".play-modes .button") == [4]
    assert rows_of(page, ".play-palette .pad-key") == ([5, 4] if phone else [9])
    keys = ".play-pad .pad-key, .play-modes .button, .play-palette .pad-key"
    assert set(page.locator(keys).evaluate_all(LINES)) == {1}
    overflowing = "ks => ks.filter(k => k.scrollWidth > k.clientWidth).length"
    assert page.locator(keys).evaluate_all(overflowing) == 0
    boxes = page.locator(".play .toggle input").evaluate_all(
        "bs => bs.map(b => [b.getBoundingClientRect().width, b.getBoundingClientRect().height])"
    )
    assert len(boxes) >= 5
    assert len(set(map(tuple, boxes))) == 1, boxes
    assert page.locator(".play-limit select").bounding_box()["height"] >= 44
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert console_errors == []


def slots(page: Page, row: int, column: int) -> list[tuple[str, int, int]]:
    """A cell's places for centre marks, in order: each one's text ("" for
    a value not marked) and its column and row in the mini-grid, counted
    from 0 by where it is drawn."""
    marks = cell(page, row, column).locator(".play-centre.play-fixed > span")
    found = marks.evaluate_all(
        "ms => ms.map(m => [m.textContent, Math.round(m.getBoundingClientRect().x),"
        " Math.round(m.getBoundingClientRect().y)])"
    )
    xs = sorted({x for _, x, _ in found})
    ys = sorted({y for _, _, y in found})
    return [(text, xs.index(x), ys.index(y)) for text, x, y in found]


def test_filled_candidates_stand_in_their_places_and_the_option_keeps_one_line(
    live_server, page, console_errors
):
    """Value v in the place of v in a 3x3 grid (1 at the top left, 9 at the
    bottom right), as on the steps page; the option draws them in one line."""
    open_play(page, live_server.url)
    fill_candidates(page)
    marked_in = lambda places: "".join(text for text, _, _ in places)  # noqa: E731
    row, column = next((r, c) for r, c in OPEN if len(marked_in(slots(page, r, c))) >= 3)
    places = slots(page, row, column)
    assert [(at, down) for _, at, down in places] == [(at % 3, at // 3) for at in range(9)]
    marked = marked_in(places)
    assert all(text in ("", str(value)) for value, (text, _, _) in enumerate(places, start=1))
    option = page.get_by_role("checkbox", name=ONE_LINE, exact=False)
    expect(option).not_to_be_checked()
    option.check()
    line = cell(page, row, column).locator(".play-centre")
    expect(line).not_to_have_class("play-centre play-fixed")
    expect(line).to_have_text(marked)
    page.reload()
    expect(page.get_by_role("checkbox", name=ONE_LINE, exact=False)).to_be_checked()
    line = cell(page, row, column).locator(".play-centre")
    expect(line).to_have_attribute("data-count", str(len(marked)))
    assert console_errors == []


def test_a_16x16_cells_centre_marks_stand_in_a_4x4_grid(live_server, page, console_errors):
    open_play(page, live_server.url, sized("16x16"))
    puzzle = sized("16x16")
    index = puzzle.index(".")
    row, column = index // 16 + 1, index % 16 + 1
    cell(page, row, column).click()
    for key in ("Control+Digit1", "Control+KeyD", "Control+KeyG"):  # 1, 13, 16
        page.keyboard.press(key)
    places = slots(page, row, column)
    assert [(at, down) for _, at, down in places] == [(at % 4, at // 4) for at in range(16)]
    shown = {text: (at, down) for text, at, down in places if text}
    assert shown == {"1": (0, 0), "D": (0, 3), "G": (3, 3)}
    assert console_errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1280", "375"])
def test_axe_finds_nothing_with_marks_in_place_and_several_cells_selected(
    open_view, live_server, console_errors, viewport, scheme
):
    page = open_view({"viewport": viewport, "color_scheme": scheme})
    open_play(page, live_server.url, EASY)
    fill_candidates(page)
    cell(page, 1, 1).click()
    page.keyboard.press("Shift+ArrowDown")
    page.keyboard.press("Shift+ArrowDown")
    expect(page.locator("table.play-grid td[aria-selected='true']")).to_have_count(3)
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
    assert console_errors == []
