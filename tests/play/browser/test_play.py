"""The play page in Chromium: a whole game by keyboard, the pad and notes,
Fill candidates, undo and redo, Check, Hint, a reload mid-game, Restart,
Pause, the pad's counts, conflicts, axe in both themes, and a phone's width.
Everything is found by accessible name: the buttons' and the cells' labels."""

from __future__ import annotations

import json
import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from tests.support.axe import AXE_OPTIONS
from tests.support.csp import Violations, enforced
from tests.support.entry_page import SIZE, tab_until
from tests.support.play_page import (
    EASY,
    OPEN,
    button,
    candidates,
    cell,
    expect_label,
    fill_candidates,
    label,
    notes_of,
    open_play,
    pad_key,
    peers,
    seconds_shown,
    solution_at,
    stored,
    wait_for_seconds,
    wrong_but_allowed,
)
from tests.support.puzzles import HARD, HARD_SOLUTION, NO_SOLUTION

pytestmark = pytest.mark.browser

STATUS = "#play-status"


def place(page: Page, row: int, column: int, key: str) -> None:
    """Select the cell (a click) and press ``key`` there."""
    cell(page, row, column).click()
    page.keyboard.press(key)


def test_a_whole_puzzle_is_played_by_keyboard_to_the_end(live_server, page, console_errors):
    """Tab into the grid, walk it with the arrow keys typing each digit, press
    Check by keyboard once: the end says the time, the hints and the checks,
    and the game takes no more input."""
    open_play(page, live_server.url)
    first = cell(page, 1, 1)
    tab_until(page, first)
    *rest, (last_row, last_column) = OPEN
    for index in range(SIZE * SIZE):
        row, column = index // SIZE + 1, index % SIZE + 1
        if (row, column) in rest:
            page.keyboard.press(solution_at(row, column))
        if index < SIZE * SIZE - 1:
            page.keyboard.press("ArrowRight")
    expect(cell(page, 9, 9)).to_be_focused()
    check = button(page, "Check")
    tab_until(page, check)
    page.keyboard.press("Enter")
    expect(page.locator(STATUS)).to_have_text("All right so far.")
    tab_until(page, cell(page, 9, 9))  # the grid is one Tab stop: the selected cell
    page.keyboard.press("Control+Home")
    expect(first).to_be_focused()
    for _ in range((last_row - 1) * SIZE + last_column - 1):
        page.keyboard.press("ArrowRight")
    page.keyboard.press(solution_at(last_row, last_column))
    done = page.get_by_role("status").filter(has_text="Solved in")
    expect(done).to_have_text(re.compile(r"^Solved in 0:\d\d with 0 hints and 1 check\.$"))
    page.keyboard.press("Backspace")  # the game is over: nothing changes
    expect_label(page, last_row, last_column, solution_at(last_row, last_column))
    assert stored(page)["finished"] is True
    page.reload()  # the end is kept, and so is the time
    expect(done).to_have_text(re.compile(r"^Solved in 0:\d\d with 0 hints and 1 check\.$"))
    expect(button(page, "Hint")).to_be_disabled()
    assert console_errors == []


def test_the_clock_and_the_end_message_read_as_people_write_them(live_server, page):
    """m:ss, then h:mm:ss past an hour; "1 hint", "2 checks"."""
    open_play(page, live_server.url)
    said = page.evaluate(
        """async () => {
            const { formatTime } = await import("/static/js/play/timer.js");
            const { solvedMessage } = await import("/static/js/play/controls.js");
            const game = { elapsed: 3723000, hints: 1, checks: 2 };
            return [formatTime(0), formatTime(65000), formatTime(3599999), solvedMessage(game)];
        }"""
    )
    assert said == ["0:00", "1:05", "59:59", "Solved in 1:02:03 with 1 hint and 2 checks."]


def test_the_pad_places_digits_and_centre_mode_writes_centre_marks(
    live_server, page, console_errors
):
    """A pad key fills the selected cell; with Centre pressed (button or N)
    digits become centre marks; Ctrl+digit writes one in any mode; Erase
    empties a cell."""
    open_play(page, live_server.url)
    (r1, c1), (r2, c2), (r3, c3) = OPEN[:3]
    cell(page, r1, c1).click()
    pad_key(page, "4").click()
    expect_label(page, r1, c1, "4")
    expect(cell(page, r1, c1)).to_be_focused()  # the pad keeps focus on the grid
    notes = button(page, "Centre")
    expect(notes).to_have_attribute("aria-pressed", "false")
    notes.click()
    expect(notes).to_have_attribute("aria-pressed", "true")
    cell(page, r2, c2).click()
    pad_key(page, "7").click()
    pad_key(page, "2").click()
    page.keyboard.press("5")
    expect_label(page, r2, c2, "centre marks 2, 5, 7")
    pad_key(page, "5").click()  # a second press takes the note out
    expect_label(page, r2, c2, "centre marks 2, 7")
    page.keyboard.press("n")
    expect(notes).to_have_attribute("aria-pressed", "false")
    cell(page, r3, c3).click()
    page.keyboard.press("Control+Digit3")
    page.keyboard.press("Control+Digit8")
    expect_label(page, r3, c3, "centre marks 3, 8")
    right = solution_at(r3, c3)
    page.keyboard.press(right)
    expect_label(page, r3, c3, right)
    page.keyboard.press("0")
    expect_label(page, r3, c3, "empty")
    full_width = chr(ord(right) + 0xFEE0)  # as a CJK keyboard's full-width mode types it
    cell(page, r3, c3).dispatch_event("keydown", {"key": full_width, "bubbles": True})
    expect_label(page, r3, c3, right)
    button(page, "Erase").click()
    expect_label(page, r3, c3, "empty")
    given = next((i // SIZE + 1, i % SIZE + 1) for i, s in enumerate(EASY) if s != ".")
    place(page, *given, "1")
    expect_label(page, *given, f"{EASY[(given[0] - 1) * SIZE + given[1] - 1]}, given")
    assert console_errors == []


def test_fill_candidates_gives_each_open_cell_its_candidates(live_server, page, console_errors):
    open_play(page, live_server.url)
    fill_candidates(page)
    for row, column in OPEN[:6]:
        notes = ", ".join(candidates(EASY, row, column))
        expect_label(page, row, column, f"centre marks {notes}")
    button(page, "Undo").click()  # one step
    for row, column in OPEN[:6]:
        expect_label(page, row, column, "empty")
    assert console_errors == []


def test_a_placed_digit_leaves_its_peers_notes_unless_told_not_to(
    live_server, page, console_errors
):
    open_play(page, live_server.url)
    fill_candidates(page)
    row, column = OPEN[0]
    digit = solution_at(row, column)
    holding = [
        (r, c) for r, c in OPEN if (r, c) in peers(row, column) and digit in candidates(EASY, r, c)
    ]
    assert holding
    place(page, row, column, digit)
    for r, c in holding:
        assert digit not in notes_of(page, r, c)
    button(page, "Undo").click()  # the digit and the notes it removed: one step
    expect_label(page, row, column, "centre marks " + ", ".join(candidates(EASY, row, column)))
    for r, c in holding:
        assert digit in notes_of(page, r, c)
    option = page.get_by_label(
        "Remove a placed digit from the centre and corner marks of its row, column and box"
    )
    expect(option).to_be_checked()
    option.uncheck()
    place(page, row, column, digit)
    for r, c in holding:
        assert digit in notes_of(page, r, c)
    page.reload()
    expect(page.locator("#play")).to_be_visible()
    expect(option).not_to_be_checked()  # remembered
    assert console_errors == []


def test_undo_and_redo_go_through_digits_notes_and_fill(live_server, page, console_errors):
    open_play(page, live_server.url)
    undo, redo = button(page, "Undo"), button(page, "Redo")
    expect(undo).to_be_disabled()
    expect(redo).to_be_disabled()
    (r1, c1), (r2, c2) = OPEN[:2]
    digit = solution_at(r1, c1)
    place(page, r1, c1, digit)
    place(page, r2, c2, "Control+Digit1")
    fill_candidates(page)
    filled = "centre marks " + ", ".join(candidates(_with(EASY, r1, c1, digit), r2, c2))
    expect_label(page, r2, c2, filled)
    cell(page, r1, c1).focus()
    page.keyboard.press("Control+z")
    expect_label(page, r2, c2, "centre marks 1")
    expect(page.locator(STATUS)).to_have_text("Undone.")
    page.keyboard.press("Control+z")
    expect_label(page, r2, c2, "empty")
    undo.click()
    expect_label(page, r1, c1, "empty")
    expect(undo).to_be_disabled()
    page.keyboard.press("Control+Shift+z")
    expect_label(page, r1, c1, digit)
    page.keyboard.press("Control+y")
    expect_label(page, r2, c2, "centre marks 1")
    redo.click()
    expect_label(page, r2, c2, filled)
    expect(redo).to_be_disabled()
    undo.click()
    place(page, r2, c2, "Control+Digit2")  # a new step drops what was undone
    expect(redo).to_be_disabled()
    assert console_errors == []


def _with(grid: str, row: int, column: int, digit: str) -> str:
    index = (row - 1) * SIZE + column - 1
    return grid[:index] + digit + grid[index + 1 :]


def test_check_marks_a_planted_mistake_then_says_all_is_right(live_server, page, console_errors):
    open_play(page, live_server.url)
    row, column, wrong = wrong_but_allowed()
    away = peers(row, column) | {(row, column)}  # the right digit must not clash with the wrong
    right_row, right_column = next(spot for spot in OPEN if spot not in away)
    place(page, right_row, right_column, solution_at(right_row, right_column))
    place(page, row, column, wrong)
    button(page, "Check").click()
    expect_label(page, row, column, f"{wrong}, wrong")
    expect_label(page, right_row, right_column, solution_at(right_row, right_column))
    expect(page.locator(STATUS)).to_have_text(f"1 digit is wrong: row {row}, column {column}.")
    place(page, row, column, "Backspace")
    expect_label(page, row, column, "empty")  # the mark goes with the digit
    button(page, "Check").click()
    expect(page.locator(STATUS)).to_have_text("All right so far.")
    assert stored(page)["checks"] == 2
    assert console_errors == []


def test_hint_points_out_a_mistake_first_then_applies_a_step_in_three_presses(
    live_server, page, console_errors
):
    open_play(page, live_server.url)
    row, column, wrong = wrong_but_allowed()
    place(page, row, column, wrong)
    hint = button(page, "Hint")
    hint.click()
    expect(page.locator(STATUS)).to_contain_text(
        f"Not the solution's digit: row {row}, column {column}."
    )
    expect_label(page, row, column, f"{wrong}, wrong")
    place(page, row, column, "Delete")
    before = [label(page, r, c) for r, c in OPEN]
    hint.click()
    expect(page.locator(STATUS)).to_contain_text("Press Hint again to see it on the grid.")
    hint.click()
    expect(page.locator(STATUS)).to_contain_text("Press Hint again to")
    expect(page.locator("td.hint-pattern").first).to_be_visible()
    hint.click()
    expect(page.locator(STATUS)).to_contain_text("Filled in:")
    after = [label(page, r, c) for r, c in OPEN]
    changed = [
        (spot, text) for spot, old, text in zip(OPEN, before, after, strict=True) if old != text
    ]
    assert changed
    for (r, c), text in changed:
        assert text == f"Row {r}, column {c}: {solution_at(r, c)}"
    expect(page.locator("td.hint-pattern")).to_have_count(0)
    button(page, "Undo").click()
    assert [label(page, r, c) for r, c in OPEN] == before
    assert stored(page)["hints"] == 2
    assert console_errors == []


def test_hint_points_out_a_digit_that_clashes_with_a_given_as_wrong(
    live_server, page, console_errors
):
    open_play(page, live_server.url)
    row, column = OPEN[0]
    given_column = next(c for c in range(1, SIZE + 1) if EASY[(row - 1) * SIZE + c - 1] != ".")
    digit = EASY[(row - 1) * SIZE + given_column - 1]
    place(page, row, column, digit)
    button(page, "Hint").click()
    said = f"Not the solution's digit: row {row}, column {column}."
    expect(page.locator(STATUS)).to_contain_text(said)
    expect_label(page, row, column, f"{digit}, wrong, in conflict")
    assert console_errors == []


def test_hint_points_out_notes_that_lost_the_solution_digit(live_server, page, console_errors):
    open_play(page, live_server.url)
    row, column, wrong = wrong_but_allowed()
    place(page, row, column, f"Control+Digit{wrong}")
    button(page, "Hint").click()
    said = f"Centre marks without the solution's digit: row {row}, column {column}."
    expect(page.locator(STATUS)).to_contain_text(said)
    expect_label(page, row, column, f"centre marks {wrong}, wrong")
    assert console_errors == []


def test_a_hint_that_removes_candidates_gives_bare_cells_their_notes_first(
    live_server, page, console_errors
):
    """On HARD, after its first step (a hidden single, 7 in r9c3), the next removes
    5 from column 3's cells: cells without notes get their candidates, less the 5."""
    open_play(page, live_server.url, HARD)
    place(page, 9, 3, "7")
    grid = _with(HARD, 9, 3, "7")
    hint, status = button(page, "Hint"), page.locator(STATUS)
    hint.click()
    expect(status).to_contain_text("Press Hint again to see it on the grid.")
    hint.click()
    expect(status).to_contain_text("Press Hint again to apply it.")
    shown = status.inner_text()
    hint.click()
    expect(status).to_contain_text("Removed from the centre marks: 5 from row 1, column 3")
    expect_label(page, 1, 3, "centre marks " + ", ".join(candidates(grid, 1, 3).replace("5", "")))
    hint.click()
    expect(status).to_contain_text("Press Hint again to see it on the grid.")
    hint.click()
    expect(status).to_contain_text("Press Hint again to")
    assert status.inner_text() != shown  # the next hint moved on
    button(page, "Undo").click()
    expect_label(page, 1, 3, "empty")
    assert HARD_SOLUTION[2] != "5"
    assert console_errors == []


def test_a_reload_resumes_digits_notes_time_and_undo(live_server, page, console_errors):
    open_play(page, live_server.url)
    (r1, c1), (r2, c2) = OPEN[:2]
    place(page, r1, c1, solution_at(r1, c1))
    place(page, r2, c2, "Control+Digit4")
    place(page, r2, c2, "Control+Digit2")
    wait_for_seconds(page, 2)
    played = seconds_shown(page)
    assert played >= 2
    page.reload()
    expect(page.locator("#play")).to_be_visible()
    expect_label(page, r1, c1, solution_at(r1, c1))
    expect_label(page, r2, c2, "centre marks 2, 4")
    assert seconds_shown(page) >= played
    button(page, "Undo").click()
    expect_label(page, r2, c2, "centre marks 4")
    button(page, "Redo").click()
    expect_label(page, r2, c2, "centre marks 2, 4")
    assert console_errors == []


def test_a_game_saved_with_its_candidates_as_notes_resumes(live_server, page, console_errors):
    """A game kept by an earlier version, which stored the player's candidates
    under "notes", resumes exactly (digits, candidates, time, undo and redo);
    the next save keeps them under "candidates"."""
    open_play(page, live_server.url)
    key = page.evaluate("JSON.parse(document.getElementById('play-data').textContent).key")
    (r1, c1), (r2, c2) = OPEN[:2]
    first, second = (r1 - 1) * SIZE + c1 - 1, (r2 - 1) * SIZE + c2 - 1
    digit = solution_at(r1, c1)
    digits = ["" if symbol == "." else symbol for symbol in EASY]
    digits[first] = digit
    notes = [""] * len(EASY)
    notes[second] = "24"
    saved = {
        "givens": EASY,
        "digits": digits,
        "notes": notes,
        # Each step a list of changes: [cell, digit, notes before, digit, notes after].
        "undo": [
            [[first, "", "", digit, ""]],
            [[second, "", "", "", "4"]],
            [[second, "", "4", "", "24"]],
        ],
        "redo": [],
        "elapsed": 65000,
        "hints": 0,
        "checks": 0,
        "finished": False,
    }
    # Written before the page's script runs (a reload first saves the open game).
    script = f"localStorage.setItem({json.dumps(key)}, {json.dumps(json.dumps(saved))});"
    page.add_init_script(script)
    page.reload()
    expect(page.locator("#play")).to_be_visible()
    expect_label(page, r1, c1, digit)
    expect_label(page, r2, c2, "centre marks 2, 4")
    assert seconds_shown(page) >= 65
    button(page, "Undo").click()
    expect_label(page, r2, c2, "centre marks 4")
    button(page, "Redo").click()
    expect_label(page, r2, c2, "centre marks 2, 4")
    kept = stored(page)
    assert kept["candidates"][second] == "24"
    assert "notes" not in kept
    assert console_errors == []


def test_restart_asks_first_and_clears_the_progress(live_server, page, console_errors):
    open_play(page, live_server.url)
    row, column = OPEN[0]
    place(page, row, column, solution_at(row, column))
    assert stored(page) is not None
    page.once("dialog", lambda dialog: dialog.dismiss())
    button(page, "Restart").click()
    expect_label(page, row, column, solution_at(row, column))
    assert stored(page) is not None
    page.once("dialog", lambda dialog: dialog.accept())
    button(page, "Restart").click()
    expect_label(page, row, column, "empty")
    expect(button(page, "Undo")).to_be_disabled()
    assert stored(page) is None
    page.reload()
    expect(page.locator("#play")).to_be_visible()
    expect_label(page, row, column, "empty")
    assert console_errors == []


def test_pause_hides_the_grid_and_stops_the_clock(live_server, page, console_errors):
    open_play(page, live_server.url)
    row, column = OPEN[0]
    pause = button(page, "Pause")
    cell(page, row, column).click()
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "true")
    given = next(i for i, s in enumerate(EASY) if s != ".")
    buttons = page.locator("button.play-cell")
    expect(buttons.nth(given)).to_have_text("")
    expect(page.locator("td.same-digit, td.peer")).to_have_count(0)  # no shading gives digits away
    expect(button(page, "Check")).to_be_disabled()
    stopped = page.locator("#play-time").inner_text()
    cell(page, row, column).click()
    page.keyboard.press("5")
    page.wait_for_timeout(1500)
    expect(page.locator("#play-time")).to_have_text(stopped)
    pause.click()
    expect(pause).to_have_attribute("aria-pressed", "false")
    expect(buttons.nth(given)).to_have_text(EASY[given])
    expect_label(page, row, column, "empty")  # typed while paused: ignored
    assert console_errors == []


def test_the_clock_stops_while_the_tab_is_hidden(live_server, page, console_errors):
    """Hidden, the game pauses by itself; shown again, it goes on by itself."""
    open_play(page, live_server.url)
    pause = button(page, "Pause")
    set_hidden = """hidden => {
        Object.defineProperty(document, "hidden", {configurable: true, get: () => hidden});
        document.dispatchEvent(new Event("visibilitychange"));
    }"""
    page.evaluate(set_hidden, True)
    expect(pause).to_have_attribute("aria-pressed", "true")
    stopped = page.locator("#play-time").inner_text()
    page.wait_for_timeout(1200)
    expect(page.locator("#play-time")).to_have_text(stopped)
    page.evaluate(set_hidden, False)
    expect(pause).to_have_attribute("aria-pressed", "false")
    pause.click()  # the player's own pause is not undone by the tab coming back
    page.evaluate(set_hidden, True)
    page.evaluate(set_hidden, False)
    expect(pause).to_have_attribute("aria-pressed", "true")
    assert console_errors == []


def test_the_pad_counts_what_is_left_and_greys_a_finished_digit(live_server, page, console_errors):
    open_play(page, live_server.url)
    counts = {d: 9 - EASY.count(d) for d in "123456789"}
    digit = min(counts, key=counts.get)
    key = pad_key(page, digit)
    expect(key).to_have_accessible_description(f"{counts[digit]} left")
    for row, column in [spot for spot in OPEN if solution_at(*spot) == digit]:
        place(page, row, column, digit)
    expect(key).to_have_accessible_description("0 left")
    expect(key).to_have_attribute("aria-disabled", "true")
    row, column = next(spot for spot in OPEN if solution_at(*spot) != digit)
    cell(page, row, column).click()
    key.click(force=True)  # Playwright waits for an enabled key; a person can still press it
    expect_label(page, row, column, "empty")  # a greyed key does nothing
    assert console_errors == []


def test_conflicts_are_marked_on_both_cells(live_server, page, console_errors):
    open_play(page, live_server.url)
    row, column = OPEN[0]
    given_column = next(c for c in range(1, SIZE + 1) if EASY[(row - 1) * SIZE + c - 1] != ".")
    digit = EASY[(row - 1) * SIZE + given_column - 1]
    place(page, row, column, digit)
    expect_label(page, row, column, f"{digit}, in conflict")
    expect_label(page, row, given_column, f"{digit}, given, in conflict")
    page.keyboard.press("Backspace")
    expect_label(page, row, given_column, f"{digit}, given")
    assert console_errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_violation_on_the_play_page(open_view, live_server, console_errors, scheme):
    """With notes, a placed digit, a conflict and the selection shown."""
    page = open_view({"viewport": {"width": 1280, "height": 900}, "color_scheme": scheme})
    open_play(page, live_server.url)
    fill_candidates(page)
    row, column = OPEN[0]
    place(page, row, column, solution_at(row, column))
    r2, c2 = OPEN[1]
    place(page, r2, c2, "5")
    button(page, "Check").click()
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
    assert console_errors == []


def test_a_phone_plays_without_sideways_scroll_with_44_pixel_keys(
    open_view, live_server, console_errors
):
    phone = {"viewport": {"width": 320, "height": 640}, "has_touch": True, "is_mobile": True}
    page = open_view(phone)
    open_play(page, live_server.url)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320
    keys = page.locator(
        ".play-pad button, .play-modes button, .play-palette button, .play-actions button:visible,"
        " .play-bar button"
    )
    for box in keys.evaluate_all("keys => keys.map(k => k.getBoundingClientRect().toJSON())"):
        assert box["width"] >= 44, box
        assert box["height"] >= 44, box
    row, column = OPEN[0]
    cell(page, row, column).tap()
    pad_key(page, solution_at(row, column)).tap()
    expect_label(page, row, column, solution_at(row, column))
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
    assert console_errors == []


def test_the_game_runs_within_the_content_security_policy(live_server, page, console_errors):
    """Notes, a hint shown on the grid and Pause draw nothing the policy refuses."""
    view = Violations(page, console_errors)
    enforced(page.goto(f"{live_server.url}/play?puzzle={EASY}"))
    fill_candidates(page)
    button(page, "Hint").click()
    # A press while the first is still asking starts it over: the second waits for its answer.
    expect(page.locator(STATUS)).to_contain_text("Press Hint again to see it on the grid.")
    button(page, "Hint").click()
    expect(page.locator("td.hint-pattern").first).to_be_visible()
    button(page, "Pause").click()
    button(page, "Pause").click()
    assert view.collect() == []


def test_play_goes_on_when_storage_is_refused(live_server, page, console_errors):
    page.add_init_script(
        "Storage.prototype.setItem = () => {"
        " throw new DOMException('full', 'QuotaExceededError'); };"
    )
    open_play(page, live_server.url)
    row, column = OPEN[0]
    place(page, row, column, solution_at(row, column))
    expect_label(page, row, column, solution_at(row, column))
    button(page, "Undo").click()
    expect_label(page, row, column, "empty")
    assert console_errors == []


def test_a_puzzle_with_no_solution_is_named_and_not_played(live_server, page, console_errors):
    page.goto(f"{live_server.url}/play?puzzle={NO_SOLUTION}")
    expect(page.get_by_role("status")).to_contain_text("it has no solution")
    expect(page.locator("button.play-cell")).to_have_count(0)
    assert console_errors == []
