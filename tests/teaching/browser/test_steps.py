"""The steps page and the entry page's Hint in Chromium: Next and Previous,
the arrow keys, and the three presses of Hint from the grid as typed."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.support.entry_page import (
    PUZZLE,
    SOLUTION,
    cell_input,
    entry_values,
    open_entry_page,
    press_hint,
    tab_until,
    type_cells,
)

pytestmark = pytest.mark.browser

# PUZZLE's solution with 35 cells blanked: singles alone solve it.
EASY = ".68.31..7.51.2..39.92.78.61..4.56.9..89.13.75.75..9.14.4..92.53.13.67..2.27.4..86"
STEP_HEADING = re.compile(r"Step (\d+) of (\d+):")


def open_steps(page: Page, base_url: str, puzzle: str = EASY, step: int | None = None) -> None:
    page.goto(f"{base_url}/steps?puzzle={puzzle}" + (f"&step={step}" if step else ""))
    expect(page.get_by_role("heading", level=2, name=STEP_HEADING)).to_be_visible()


def shown_step(page: Page) -> int:
    """The number of the step the page shows, from its heading."""
    text = page.get_by_role("heading", level=2, name=STEP_HEADING).inner_text()
    return int(STEP_HEADING.search(text).group(1))


def test_next_and_previous_walk_the_steps(live_server, page, console_errors):
    """The answer page's "Explain step by step" opens step 1; Next and Previous move one step."""
    page.goto(f"{live_server.url}/answer?puzzle={EASY}")
    page.get_by_role("link", name="Explain step by step").click()
    page.wait_for_url(re.compile(r"/steps\?puzzle="))
    assert shown_step(page) == 1
    expect(page.get_by_role("link", name="Previous")).to_have_count(0)
    page.get_by_role("link", name="Next").click()
    page.wait_for_url(re.compile(r"step=2$"))
    assert shown_step(page) == 2
    page.get_by_role("link", name="Next").click()
    page.wait_for_url(re.compile(r"step=3$"))
    page.get_by_role("link", name="Previous").click()
    page.wait_for_url(re.compile(r"step=2$"))
    assert shown_step(page) == 2
    assert console_errors == []


def test_the_arrow_keys_go_to_the_previous_and_next_step(live_server, page, console_errors):
    open_steps(page, live_server.url, step=4)
    expect(page.locator(".keys-help")).to_be_visible()
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(r"step=5$"))
    assert shown_step(page) == 5
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(r"step=4$"))
    page.keyboard.press("ArrowLeft")
    page.wait_for_url(re.compile(r"step=3$"))
    assert shown_step(page) == 3
    assert console_errors == []


def test_the_arrow_keys_stop_at_the_ends(live_server, page, console_errors):
    open_steps(page, live_server.url)
    page.keyboard.press("ArrowLeft")
    page.wait_for_timeout(300)
    assert shown_step(page) == 1
    assert "step=" not in page.url
    assert console_errors == []


def test_the_list_jumps_to_any_step(live_server, page, console_errors):
    open_steps(page, live_server.url)
    page.locator(".all-steps li").nth(6).get_by_role("link").click()
    page.wait_for_url(re.compile(r"step=7$"))
    assert shown_step(page) == 7
    expect(page.locator('.all-steps a[aria-current="step"]')).to_have_count(1)
    assert console_errors == []


def test_tab_reaches_the_step_buttons_before_the_list_of_steps(live_server, page, console_errors):
    """Focus order follows reading order: skip link, site links, Previous, Next,
    then the techniques and the list of every step."""
    open_steps(page, live_server.url, step=3)
    previous = page.get_by_role("link", name="Previous")
    to_previous = tab_until(page, previous)
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Next")).to_be_focused()
    first_in_list = page.locator(".all-steps a").first
    assert tab_until(page, first_in_list) == 1
    assert to_previous <= 7  # skip link, 5 site links, Previous
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/steps\?puzzle=[^&]*$"))
    assert shown_step(page) == 1
    assert console_errors == []


def test_steps_work_with_javascript_off(live_server, browser):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    open_steps(page, live_server.url)
    page.get_by_role("link", name="Next").click()
    page.wait_for_url(re.compile(r"step=2$"))
    assert shown_step(page) == 2
    expect(page.locator(".keys-help")).to_be_hidden()
    context.close()


def test_a_removed_candidate_is_struck_through(live_server, page, console_errors):
    """A removed candidate is drawn with a line through it, not by colour alone."""
    page.goto(f"{live_server.url}/steps?puzzle={PUZZLE}")
    for _ in range(30):
        if page.locator("del.removed").count():
            break
        page.get_by_role("link", name="Next").click()
        page.wait_for_load_state()
    removed = page.locator("del.removed").first
    line = removed.evaluate("node => getComputedStyle(node).textDecorationLine")
    assert "line-through" in line
    assert console_errors == []


def test_three_presses_of_hint_say_where_show_and_place_a_digit(live_server, page, console_errors):
    open_entry_page(page, live_server.url)
    page.goto(f"{live_server.url}/index?puzzle={PUZZLE}")
    before = entry_values(page)

    first = press_hint(page)
    assert first.startswith("Look at ")
    assert page.locator("td.hint-pattern").count() == 0
    assert entry_values(page) == before

    second = press_hint(page)
    assert second.endswith("Press Hint again to fill it in.")
    expect(page.locator("td.hint-pattern").first).to_be_visible()
    placing = page.locator("td.hint-place input")
    expect(placing).to_have_count(1)
    digit = placing.get_attribute("placeholder")
    assert entry_values(page) == before

    third = press_hint(page)
    assert third.startswith("Filled in: ")
    after = entry_values(page)
    changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    assert len(changed) == 1
    assert after[changed[0]] == digit == SOLUTION[changed[0]]
    expect(page.locator("td.hint-pattern, td.hint-place")).to_have_count(0)
    assert console_errors == []


def test_typing_starts_the_hint_over(live_server, page, console_errors):
    page.goto(f"{live_server.url}/index?puzzle={PUZZLE}")
    press_hint(page)
    press_hint(page)
    expect(page.locator("td.hint-pattern").first).to_be_visible()
    type_cells(page, {(1, 2): SOLUTION[1]})
    expect(page.locator("td.hint-pattern")).to_have_count(0)
    assert press_hint(page).startswith("Look at ")
    assert console_errors == []


def test_a_hint_on_a_conflicting_grid_says_so(live_server, page, console_errors):
    open_entry_page(page, live_server.url)
    cell_input(page, 3, 2).press_sequentially("5")
    cell_input(page, 3, 8).press_sequentially("5")
    said = press_hint(page)
    assert said.startswith("The grid cannot be solved as it stands:")
    assert "Two 5s in row 3" in said
    expect(cell_input(page, 3, 2)).to_have_attribute("aria-invalid", "true")
    assert console_errors == []


@pytest.mark.parametrize(
    ("grid", "said"),
    [
        ("." * 81, "more than one solution"),
        ("12345678." + "........9" + "." * 63, "no solution"),
    ],
)
def test_a_hint_on_a_grid_without_one_solution_says_so(
    live_server, page, console_errors, grid, said
):
    page.goto(f"{live_server.url}/index?puzzle={grid}")
    assert said in press_hint(page)
    assert console_errors == []


# PUZZLE with its first step's digit (r9c3 = 7) placed: the next step removes
# candidates and places nothing.
ELIMINATING = PUZZLE[:74] + "7" + PUZZLE[75:]


def test_a_step_that_only_removes_candidates_says_so_and_the_next_hint_goes_on(
    live_server, page, console_errors
):
    """The entry grid has no pencil marks: the third press says what the step
    removed, changes no cell, and the next hint starts from the board without
    those candidates (so it is another step, not the same one again)."""
    page.goto(f"{live_server.url}/index?puzzle={ELIMINATING}")
    press_hint(page)
    shown = press_hint(page)
    assert shown.endswith("Press Hint again to apply it.")
    expect(page.locator("td.hint-remove").first).to_be_visible()
    expect(page.locator("td.hint-place")).to_have_count(0)
    said = press_hint(page)
    assert said.startswith("This step removes ")
    assert entry_values(page) == ELIMINATING
    press_hint(page)
    assert press_hint(page) != shown
    assert console_errors == []
