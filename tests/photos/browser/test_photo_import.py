"""The entry page's "From a photo", in Debian's Chromium against the live
server, with the real reader: an image chosen or a screenshot pasted fills
the grid, each cell to check marked in sight and in its spoken name, nothing
solved until Show Answer; a file that is no image, or a picture without a
grid, gets its message beside the control, the grid untouched; without
JavaScript the form posts to /photo and the page comes back filled.
"""

from __future__ import annotations

import base64
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.support.axe import AXE_OPTIONS
from tests.support.entry_page import cell_input, entry_values, open_entry_page
from tests.support.photo_images import (
    doubted_png,
    grid_png,
    no_grid_png,
    shared_photo,
)
from tests.support.puzzles import HARD

pytestmark = pytest.mark.browser

SUFFIX = ", read with low confidence: please check"
SHARED = 2  # a shared photo; the reader's own tests hold its accuracy
# Chromium logs each 400 the page's script receives as a failed resource.
REFUSED = re.compile(r"status of 400 \(Bad Request\)")


def choose(page: Page, name: str, data: bytes, kind: str = "image/png") -> None:
    page.get_by_label("Choose an image").set_input_files(
        {"name": name, "mimeType": kind, "buffer": data}
    )


def doubtful_cells(page: Page):
    return page.locator("table.entry-grid td.doubtful input")


def no_answer_shown(page: Page) -> None:
    assert page.url.endswith("/index")
    expect(page.get_by_role("heading", name="Answer")).to_have_count(0)


def test_a_drawn_grid_fills_the_grid_and_nothing_is_solved(live_server, page, console_errors):
    open_entry_page(page, live_server.url)
    choose(page, "grid.png", grid_png(HARD))
    status = page.locator("#photo-status")
    expect(status).to_contain_text("Read from the photo: no cell to check.")
    expect(status).to_contain_text("Nothing is solved")
    assert entry_values(page) == HARD
    no_answer_shown(page)
    page.get_by_role("button", name="Show Answer").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Answer")
    assert console_errors == []


def test_a_grid_read_with_more_than_one_solution_is_said_to_be_misread(
    live_server, page, console_errors
):
    missed = HARD[:4] + "." + HARD[5:]  # a given missed, as a faint digit is
    open_entry_page(page, live_server.url)
    choose(page, "grid.png", grid_png(missed))
    status = page.locator("#photo-status")
    expect(status).to_contain_text("The grid as read has more than one solution")
    expect(status).to_contain_text("Compare the grid with the photo.")
    assert entry_values(page) == missed
    assert console_errors == []


def spoken(index: int) -> str:
    """The spoken name of the cell ``index`` (0-80), unmarked."""
    row, column = divmod(index, 9)
    return f"Row {row + 1}, column {column + 1}, box {row // 3 * 3 + column // 3 + 1}"


def to_check(count: int) -> str:
    if count == 1:
        return "Read from the photo: 1 cell to check, marked in the grid."
    return f"Read from the photo: {count} cells to check, marked in the grid."


def test_the_doubtful_cells_are_marked_until_edited(live_server, page, console_errors):
    """The cells the reader doubts (a drawing it is unsure of, and its own
    reading of it) are the cells marked, by their look and their names."""
    image, reading = doubted_png(HARD)
    open_entry_page(page, live_server.url)
    choose(page, "doubted.png", image)
    status = page.locator("#photo-status")
    expect(status).to_contain_text(to_check(len(reading.doubtful)))
    for change in reading.changed:
        row, column = divmod(change.index, 9)
        said = f"row {row + 1}, column {column + 1} ({change.read} → {change.chosen})"
        expect(status).to_contain_text(said)
    assert entry_values(page) == reading.puzzle
    expect(doubtful_cells(page)).to_have_count(len(reading.doubtful))
    named = page.get_by_role("textbox", name=re.compile(re.escape(SUFFIX) + "$"))
    expect(named).to_have_count(len(reading.doubtful))
    first = page.locator("table.entry-grid input").nth(reading.doubtful[0])
    expect(first).to_have_accessible_name(spoken(reading.doubtful[0]) + SUFFIX)
    expect(page.locator("td.doubtful").first).to_have_css("outline-style", "dashed")
    no_answer_shown(page)
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
    value = first.input_value()
    first.focus()
    page.keyboard.press(value or "5")  # its digit again confirms it; another changes it
    expect(first).to_have_accessible_name(spoken(reading.doubtful[0]))
    expect(page.locator("td.doubtful")).to_have_count(len(reading.doubtful) - 1)
    assert console_errors == []


def test_a_real_photo_fills_the_grid(live_server, page, console_errors):
    path, truth = shared_photo(SHARED)
    open_entry_page(page, live_server.url)
    choose(page, path.name, path.read_bytes(), "image/jpeg")
    expect(page.locator("#photo-status")).to_contain_text("Read from the photo")
    values = entry_values(page)
    assert sum(read != true for read, true in zip(values, truth, strict=True)) <= 3
    no_answer_shown(page)
    assert console_errors == []


@pytest.mark.parametrize(
    ("name", "data", "message"),
    [
        ("puzzle.txt", HARD.encode(), "is not an image that can be read"),
        ("shapes.png", None, "No 9×9 grid was found in the image"),
    ],
)
def test_what_cannot_be_read_is_named_beside_the_control(
    live_server, page, console_errors, name, data, message
):
    open_entry_page(page, live_server.url)
    cell_input(page, 1, 1).press_sequentially("7")
    choose(
        page, name, data or no_grid_png(), "text/plain" if name.endswith(".txt") else "image/png"
    )
    expect(page.locator("#photo-error")).to_contain_text(message)
    expect(page.get_by_label("Choose an image")).to_have_attribute("aria-invalid", "true")
    assert entry_values(page) == "7" + "." * 80
    assert all(REFUSED.search(error) for error in console_errors), console_errors


def test_a_pasted_screenshot_fills_the_grid(live_server, page, console_errors):
    """A synthetic paste event holding an image File in its DataTransfer, as
    a browser dispatches for a screenshot on the clipboard (headless Chromium
    has no clipboard of images to paste from)."""
    open_entry_page(page, live_server.url)
    encoded = base64.b64encode(grid_png(HARD)).decode()
    page.evaluate(
        """(encoded) => {
            const bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
            const data = new DataTransfer();
            data.items.add(new File([bytes], "screenshot.png", { type: "image/png" }));
            const paste = new ClipboardEvent("paste", { clipboardData: data, bubbles: true });
            document.querySelector("input[name=r5c5]").dispatchEvent(paste);
        }""",
        encoded,
    )
    expect(page.locator("#photo-status")).to_contain_text("Read from the photo")
    assert entry_values(page) == HARD
    no_answer_shown(page)
    assert console_errors == []


def test_without_javascript_the_form_posts_the_photo(live_server, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        open_entry_page(page, live_server.url)
        image, reading = doubted_png(HARD)
        choose(page, "doubted.png", image)
        page.get_by_role("button", name="Read the photo").click()
        page.wait_for_url(re.compile(r"/photo$"))
        assert entry_values(page) == reading.puzzle
        expect(page.locator("#photo-status")).to_contain_text(to_check(len(reading.doubtful)))
        expect(doubtful_cells(page)).to_have_count(len(reading.doubtful))
        named = page.get_by_role("textbox", name=re.compile(re.escape(SUFFIX) + "$"))
        expect(named).to_have_count(len(reading.doubtful))
        first = page.locator("table.entry-grid input").nth(reading.doubtful[0])
        expect(first).to_have_accessible_name(spoken(reading.doubtful[0]) + SUFFIX)
        choose(page, "puzzle.txt", b"not an image", "text/plain")
        page.get_by_role("button", name="Read the photo").click()
        expect(page.locator("#photo-error")).to_contain_text("is not an image")
        assert entry_values(page) == reading.puzzle  # the grid as it stood is kept
    finally:
        context.close()


def test_reset_clears_the_marks_and_what_was_said(live_server, page, console_errors):
    open_entry_page(page, live_server.url)
    image, reading = doubted_png(HARD)
    choose(page, "doubted.png", image)
    expect(page.locator("td.doubtful")).to_have_count(len(reading.doubtful))
    page.get_by_role("button", name="Reset").click()
    assert entry_values(page) == "." * 81
    expect(page.locator("td.doubtful")).to_have_count(0)
    expect(page.locator("#photo-status")).to_have_text("")
    cell = page.locator("table.entry-grid input").nth(reading.doubtful[0])
    expect(cell).to_have_accessible_name(spoken(reading.doubtful[0]))
    assert console_errors == []
