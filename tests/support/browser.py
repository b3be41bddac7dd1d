"""Fixtures for the browser tests: Debian's Chromium driven by Playwright's sync API.

The browser is started once per module (starting Chromium is slow); every test
gets its own context and page, so cookies and storage never leak between tests.
Every test module loads this plugin (``tests/conftest.py``), so Playwright is
imported only when a browser test asks for the browser: the fast tier never
pays for it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, ConsoleMessage, Page

CHROMIUM = "/usr/bin/chromium"
# How long a page may take to show what a test expects (Playwright's default is
# 5 s; an action's, 30 s, is left as it is). A loaded machine makes a page
# slower, never different, and a wait ends as soon as the page is as expected,
# so a long one costs a passing test nothing.
EXPECT_MS = 30_000
# A context that may read and write the clipboard (``open_view``'s options), and a
# script run before a page's own that takes the Clipboard API away.
CLIPBOARD = {"permissions": ["clipboard-read", "clipboard-write"]}
NO_CLIPBOARD_API = "Object.defineProperty(Navigator.prototype, 'clipboard', {get: () => undefined})"
# How long a test's end waits for its page's requests still under way (the
# answer page asks for its level after it shows, and working a level out may
# take seconds on a loaded machine).
SETTLE_SECONDS = 30
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Headless Debian Chromium (never a downloaded browser); a missing one fails the tests."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"{CHROMIUM} is missing or not executable: the browser tests need Debian's "
            "chromium package (run `make browser` or `apt-get install chromium`).",
            pytrace=False,
        )
    # Playwright's sync API runs an asyncio event loop in this thread (switching to it
    # with greenlets), so while it is started Django sees a "running event loop" and its
    # async-safety check refuses the database work pytest-django does in this thread
    # (flushing the test database after each live_server test) with
    # SynchronousOnlyOperation. Nothing here is concurrent, so allow it, but only while
    # this module's browser is running: the variable is restored when the module ends.
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=EXPECT_MS)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        with sync_playwright() as playwright:
            chromium = playwright.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            yield chromium
            chromium.close()


@pytest.fixture
def console_errors() -> list[str]:
    """The page's console errors and uncaught exceptions, filled while the test runs."""
    return []


@pytest.fixture
def page(browser: Browser, console_errors: list[str]) -> Iterator[Page]:
    """A fresh page in a fresh context, reporting its errors into ``console_errors``."""
    context = browser.new_context()
    new_page = context.new_page()
    _report_errors(new_page, console_errors)
    under_way = _requests_under_way(new_page)
    yield new_page
    _settle(new_page, under_way)
    context.close()


def _requests_under_way(page: Page) -> set:
    """The page's requests sent and not yet answered, kept up to date."""
    under_way: set = set()
    page.on("request", lambda request: under_way.add(request))
    page.on("requestfinished", lambda request: under_way.discard(request))
    page.on("requestfailed", lambda request: under_way.discard(request))
    return under_way


def _settle(page: Page, under_way: set) -> None:
    """Wait until the page's requests are answered: the live server's test
    database is emptied after the test, and a request still writing to it
    then (SQLite in memory, whose tables lock) fails the emptying."""
    deadline = time.monotonic() + SETTLE_SECONDS
    while under_way and time.monotonic() < deadline and not page.is_closed():
        page.wait_for_timeout(20)  # Playwright delivers the page's events while it waits


def _report_errors(page: Page, console_errors: list[str]) -> None:
    """Send the page's console errors and uncaught exceptions into ``console_errors``."""

    def on_console(message: ConsoleMessage) -> None:
        url = message.location.get("url", "")
        if message.type == "error":
            console_errors.append(f"console: {message.text} ({url})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: console_errors.append(f"pageerror: {error}"))


@pytest.fixture
def open_view(browser: Browser, console_errors: list[str]) -> Iterator[Callable[[dict], Page]]:
    """A function opening a page in a fresh context made with ``options`` (viewport,
    colour scheme, touch, ...); its errors go into ``console_errors`` too."""
    contexts = []

    def open_page(options: dict) -> Page:
        context = browser.new_context(**options)
        new_page = context.new_page()
        contexts.append((context, new_page, _requests_under_way(new_page)))
        _report_errors(new_page, console_errors)
        return new_page

    yield open_page
    for context, opened, under_way in contexts:
        _settle(opened, under_way)
        context.close()
