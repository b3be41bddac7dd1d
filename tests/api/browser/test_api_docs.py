"""The API's docs page in a real browser: served from this site alone, and usable."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.support.api_docs import try_solving_in_the_api_docs
from tests.support.puzzles import HARD, HARD_SOLUTION

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
    _, reply = try_solving_in_the_api_docs(page, live_server.url, HARD)
    assert reply["solution"] == HARD_SOLUTION
    assert console_errors == []
