"""The API's docs page in a real browser: served from this site alone, and usable."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from tests.puzzles import HARD, HARD_SOLUTION

pytestmark = pytest.mark.browser


def test_the_docs_page_lists_the_operations_and_asks_nothing_of_other_sites(
    page: Page, live_server, console_errors
):
    requested = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(f"{live_server.url}/api/docs")
    expect(page.get_by_text("Sudoku solver API").first).to_be_visible()
    for operation in ("/api/solve", "/api/validate"):
        expect(
            page.locator(f'.opblock-summary-path[data-path="{operation}"]').first
        ).to_be_visible()
    assert requested, "the page made no requests at all"
    assert all(url.startswith(live_server.url) for url in requested), requested
    assert console_errors == []


def test_try_it_out_solves_a_puzzle_from_the_docs_page(page: Page, live_server, console_errors):
    page.goto(f"{live_server.url}/api/docs")
    operation = page.locator("#operations-puzzles-solve")
    operation.locator(".opblock-summary").click()
    operation.get_by_role("button", name="Try it out").click()
    operation.locator("textarea.body-param__text").fill(json.dumps({"puzzle": HARD}))
    with page.expect_response(f"{live_server.url}/api/solve") as reply:
        operation.get_by_role("button", name="Execute").click()
    assert reply.value.status == 200
    assert reply.value.json()["solution"] == HARD_SOLUTION
    assert console_errors == []
