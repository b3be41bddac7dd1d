"""The Content-Security-Policy in a real browser: every page, its scripts at work
(typing, paste, live conflicts, copy buttons, a batch solved step by step, the
API docs trying an operation), runs without one violation.

A violation is caught two ways: a ``securitypolicyviolation`` listener put in
each page before its own scripts, and Chromium's console message about it.
The first test shows both are live: a script and a style added inline are
refused, and reported.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from solver.engine.levels import LEVELS
from tests.support.api_docs import try_solving_in_the_api_docs
from tests.support.csp import Violations, enforced
from tests.support.entry_page import PUZZLE, cell_input, entry_values, paste, type_cells
from tests.support.puzzles import HARD, HARD_SOLUTION, sample
from tests.support.stored import store_puzzles

pytestmark = pytest.mark.browser

JOB_PAGE = re.compile(r"/batch/[0-9a-f-]{36}$")


@pytest.fixture
def watched(browser: Browser, console_errors: list[str]) -> Iterator[Callable[..., Violations]]:
    """A function opening a fresh page (context ``options``) watched for violations."""
    contexts = []

    def open_watched(**options) -> Violations:
        context = browser.new_context(**options)
        contexts.append(context)
        page = context.new_page()
        page.on("console", lambda message: _console(message, console_errors))
        return Violations(page, console_errors)

    yield open_watched
    for context in contexts:
        context.close()


def _console(message, console_errors: list[str]) -> None:
    if message.type == "error":
        console_errors.append(f"console: {message.text}")


def test_inline_code_is_refused_and_reported(live_server, watched):
    """The checker is live: inline code added to a page is refused, and seen."""
    view = watched()
    enforced(view.page.goto(f"{live_server.url}/index"))
    view.page.evaluate(
        """() => {
            const script = document.createElement("script");
            script.textContent = "window.inlineRan = true;";
            document.body.append(script);
            const style = document.createElement("style");
            style.textContent = "body { color: red; }";
            document.head.append(style);
        }"""
    )
    expect(view.page.locator("body")).to_be_visible()
    view.page.wait_for_function("window.cspViolations.length >= 2")
    assert view.page.evaluate("window.inlineRan") is None
    found = view.collect()
    assert any(item.startswith("script-src-elem refused inline") for item in found), found
    assert any(item.startswith("style-src-elem refused inline") for item in found), found
    assert any("Content Security Policy" in item for item in found), found


def test_the_entry_page_types_pastes_and_checks_conflicts_within_the_policy(live_server, watched):
    view = watched()
    page = view.page
    enforced(page.goto(f"{live_server.url}/index"))
    paste(cell_input(page, 5, 5), PUZZLE)
    expect(cell_input(page, 1, 1)).to_have_value(PUZZLE[0])
    assert entry_values(page) == PUZZLE
    page.get_by_role("button", name="Reset").click()
    expect(cell_input(page, 1, 1)).to_have_value("")
    page.get_by_label("Show conflicts as I type").check()
    type_cells(page, {(3, 2): "5", (3, 8): "5"})
    expect(page.locator("td.conflict")).to_have_count(2)
    assert view.collect() == []


def test_the_answer_page_copies_within_the_policy(live_server, watched):
    view = watched(permissions=["clipboard-read", "clipboard-write"])
    page = view.page
    enforced(page.goto(f"{live_server.url}/answer?puzzle={HARD}"))
    for name in ("Copy the link", "Copy the solution"):
        page.get_by_role("button", name=name).click()
        expect(page.locator("#copy-status")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == HARD_SOLUTION
    assert view.collect() == []


def test_the_steps_page_and_its_arrow_keys_are_within_the_policy(live_server, watched):
    view = watched()
    page = view.page
    enforced(page.goto(f"{live_server.url}/steps?puzzle={HARD}&step=2"))
    page.keyboard.press("ArrowRight")
    page.wait_for_url(re.compile(r"step=3$"))
    expect(page.locator("del.removed, ins.placed").first).to_be_visible()
    assert view.collect() == []


def test_a_hint_is_asked_shown_and_applied_within_the_policy(live_server, watched):
    view = watched()
    page = view.page
    enforced(page.goto(f"{live_server.url}/index?puzzle={HARD}"))
    hint = page.get_by_role("button", name="Hint")
    hint.click()
    expect(page.locator("#hint-status")).to_contain_text("Look at")
    hint.click()
    expect(page.locator("td.hint-pattern").first).to_be_visible()
    hint.click()
    expect(page.locator("#hint-status")).to_contain_text("Filled in")
    assert view.collect() == []


def test_a_batch_runs_and_finishes_within_the_policy(live_server, watched, settings, tmp_path):
    """The form, a job solved step by step by its script, and its results."""
    settings.SUDOKU_BATCH_SLICE_SECONDS = 0.05
    path = Path(tmp_path, "hard.txt")
    path.write_text("\n".join(sample("forum_hardest_1106.txt", 60)) + "\n", encoding="utf-8")
    view = watched()
    page = view.page
    steps = []
    page.on("request", lambda request: request.url.endswith("/step") and steps.append(request))
    enforced(page.goto(f"{live_server.url}/batch/"))
    page.get_by_label("A file of puzzles").set_input_files(path)
    view.collect()
    page.get_by_role("button", name="Solve all").click()
    page.wait_for_url(JOB_PAGE)
    expect(page.get_by_role("progressbar", name="Progress")).to_be_visible()
    page.wait_for_event("request", lambda request: request.url.endswith("/step"))
    view.collect()
    expect(page.locator("table.results")).to_be_visible(timeout=60_000)
    assert steps, "the job's page never asked for a step: it was not running"
    assert view.collect() == []


def test_the_api_docs_try_an_operation_within_the_policy(live_server, watched):
    view = watched()
    page = view.page
    enforced(page.goto(f"{live_server.url}/api/docs"))
    operation, reply = try_solving_in_the_api_docs(page, live_server.url, HARD)
    assert reply["solution"] == HARD_SOLUTION
    expect(
        operation.locator(".live-responses-table tbody .response-col_status").first
    ).to_have_text("200")
    assert view.collect() == []


def test_the_not_found_page_is_within_the_policy(live_server, watched):
    view = watched()
    response = view.page.goto(f"{live_server.url}/no/such/page")
    assert response is not None
    assert response.status == 404
    enforced(response)
    expect(view.page.get_by_role("heading", level=1)).to_have_text("Page not found")
    assert view.collect() == []


def test_the_library_pages_are_within_the_policy(live_server, watched):
    """A new puzzle from the entry page's form, its page (its link copied),
    the library and the day's puzzles."""
    for level in LEVELS:
        store_puzzles(level)
    view = watched(permissions=["clipboard-read", "clipboard-write"])
    page = view.page
    enforced(page.goto(f"{live_server.url}/index"))
    page.get_by_label("Level").select_option("hard")
    page.get_by_role("button", name="New puzzle").click()
    page.wait_for_url(re.compile(r"/p/\w+$"))
    page.get_by_role("button", name="Copy the link").click()
    expect(page.locator("#copy-status")).to_have_text("Copied.")
    assert page.evaluate("navigator.clipboard.readText()") == page.url
    view.collect()
    for path in ("/library", "/daily"):
        enforced(page.goto(live_server.url + path))
        view.collect()
    assert view.collect() == []
