"""The API's docs page in a real browser: served from this site alone, and usable."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from solver.core.boards import BOARDS
from tests.support.api_docs import try_solving_in_the_api_docs
from tests.support.axe import AXE_OPTIONS, VIEWS
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


def test_the_docs_page_has_the_sites_header_and_language_and_names_every_size(
    page: Page, live_server, console_errors
):
    """The site's navigation and language chooser sit around Swagger UI, and the
    description names each size of the board list, not 9x9 alone."""
    page.goto(f"{live_server.url}/api/docs")
    expect(
        page.get_by_role("navigation", name="Site").get_by_role("link", name="Library")
    ).to_be_visible()
    expect(page.get_by_label("Language")).to_be_visible()
    description = page.locator(".swagger-ui .info .description")
    expect(description).to_contain_text("Solve and check Sudoku puzzles of every size")
    sizes = ", ".join(f"{board.size}x{board.size}" for board in BOARDS)
    expect(description).to_contain_text(sizes)
    page.get_by_label("Language").select_option("vi")
    page.get_by_role("contentinfo").get_by_role("button", name="Change").click()
    expect(page.locator("html")).to_have_attribute("lang", "vi")
    expect(page.locator(".opblock-summary-path[data-path='/api/solve']").first).to_be_visible()
    assert console_errors == []


@pytest.mark.parametrize("view", ["320-light", "320-dark", "1280-light", "1280-dark"])
def test_axe_finds_no_wcag_22_aa_violation_on_the_docs_page(
    open_view, live_server, console_errors, view
):
    """The site's header and language chooser around Swagger UI, and Swagger UI
    itself once it has drawn the operations."""
    page = open_view(VIEWS[view])
    page.goto(f"{live_server.url}/api/docs")
    expect(page.locator('.opblock-summary-path[data-path="/api/solve"]').first).to_be_visible()
    results = Axe().run(page, options=AXE_OPTIONS)
    assert results.violations_count == 0, results.generate_report()
    assert console_errors == []
