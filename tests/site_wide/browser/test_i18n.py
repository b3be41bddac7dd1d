"""The site in each language in a real browser: the switcher's choice sticks
across pages, the scripts speak the page's language, axe finds nothing in any
language or theme, and no language widens a 320-pixel phone's page.

The browser asks for a language as people's browsers do (its locale sets
Accept-Language: zh-CN, zh-TW, vi-VN). Controls are found by their ids and
data attributes, never by their English names.
"""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page, expect

from solver.engine.levels import LEVELS
from tests.support.axe import AXE_OPTIONS
from tests.support.catalogs import english_phrases
from tests.support.play_page import EASY
from tests.support.puzzles import HARD
from tests.support.stored import store_puzzles

pytestmark = pytest.mark.browser

# Each language, and the locale of a browser that gets it.
LOCALES = {"zh-hans": "zh-CN", "zh-hant": "zh-TW", "vi": "vi-VN"}
PHONE = {"width": 320, "height": 640}
DESKTOP = {"width": 1280, "height": 900}
# The main pages; the library and daily ones need puzzles stored (``fill_library``).
PAGES = {
    "entry": "/index",
    "problems": "/answer?puzzle=" + "55" + "." * 79,
    "answer": f"/answer?puzzle={HARD}",
    "steps": f"/steps?puzzle={HARD}&step=2",
    "play": f"/play?puzzle={HARD}",
    "library": "/library",
    "daily": "/daily",
    "batch": "/batch",
}
SCROLL_PAGES = ["entry", "answer", "steps", "play", "library", "daily"]


@pytest.fixture
def fill_library(db) -> None:
    """A puzzle of every level, so the library lists some and the daily page has each."""
    for level in LEVELS:
        store_puzzles(level)


def open_in(open_view, language: str, **options) -> Page:
    """A page in a fresh context whose browser asks for ``language``."""
    return open_view({"locale": LOCALES[language], "viewport": DESKTOP, **options})


def english_in(page: Page, language: str) -> list[str]:
    """The English UI strings (both catalogs') that the page shows or reads out now."""
    text = " ".join(page.locator("body").inner_text().split())
    phrases = english_phrases(language) + english_phrases(language, "djangojs")
    return sorted({phrase.english for phrase in phrases if phrase.pattern.search(text)})


def expect_lang(page: Page, language: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", language)


@pytest.mark.parametrize("language", LOCALES)
def test_the_switcher_changes_the_language_and_it_sticks(
    open_view, live_server, fill_library, console_errors, language
):
    """An English reader picks a language: the same page comes back in it, and
    the next pages (by a link, then by address) stay in it."""
    page = open_view({"locale": "en-US", "viewport": DESKTOP})
    page.goto(live_server.url + PAGES["answer"])
    expect_lang(page, "en")
    page.locator("#language-choice").select_option(language)
    with page.expect_navigation():
        page.locator("form.language [type=submit]").click()
    assert page.url == live_server.url + PAGES["answer"]
    expect_lang(page, language)
    expect(page.locator("#language-choice")).to_have_value(language)
    page.locator('.site-nav a[href="/library"]').click()
    page.wait_for_url("**/library")
    expect_lang(page, language)
    page.goto(live_server.url + PAGES["play"])
    expect_lang(page, language)
    assert console_errors == []


@pytest.mark.parametrize("language", LOCALES)
def test_the_play_pages_check_speaks_the_language(open_view, live_server, console_errors, language):
    """Check's message comes from the scripts' catalog, in the page's language."""
    page = open_in(open_view, language)
    page.goto(f"{live_server.url}/play?puzzle={EASY}")
    expect(page.locator("#play")).to_be_visible()
    page.locator("[data-play=check]").click()
    status = page.locator("#play-status")
    expect(status).not_to_be_empty()
    said = status.inner_text()
    assert not said.isascii(), f"Check said {said!r}"
    assert english_in(page, language) == []
    assert console_errors == []


@pytest.mark.parametrize("language", LOCALES)
def test_the_entry_pages_hint_speaks_the_language(open_view, live_server, console_errors, language):
    """Hint's first press says where to look, in the page's language (script and API both)."""
    page = open_in(open_view, language)
    page.goto(f"{live_server.url}/index?puzzle={HARD}")
    hint = page.locator("button[data-hint-url]")
    expect(hint).to_be_visible()
    hint.click()
    status = page.locator("#hint-status")
    expect(status).not_to_be_empty()
    said = status.inner_text()
    assert not said.isascii(), f"Hint said {said!r}"
    assert english_in(page, language) == []
    assert console_errors == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("viewport", ["1280", "320"])
@pytest.mark.parametrize("language", LOCALES)
def test_axe_finds_no_violation_in_any_language(
    open_view, live_server, fill_library, console_errors, language, viewport, scheme
):
    """Every main page, in each language, width and theme, passes axe's WCAG 2.2 A/AA rules
    (its lang attributes included: the page's, and each language name's in the switcher)."""
    size = DESKTOP if viewport == "1280" else PHONE
    page = open_in(open_view, language, viewport=size, color_scheme=scheme)
    reports = {}
    for name, path in PAGES.items():
        page.goto(live_server.url + path)
        expect_lang(page, language)
        results = Axe().run(page, options=AXE_OPTIONS)
        if results.violations_count:
            reports[name] = results.generate_report()
    assert reports == {}
    assert console_errors == []


@pytest.mark.parametrize("language", LOCALES)
def test_nothing_scrolls_sideways_at_320_pixels_in_any_language(
    open_view, live_server, fill_library, language
):
    """Long words (Vietnamese's, a technique's name) wrap: a 320-pixel phone shows the
    whole width of every page, with the grid and the switcher inside it."""
    page = open_in(open_view, language, viewport=PHONE, has_touch=True, is_mobile=True)
    wide = {}
    for name in SCROLL_PAGES:
        page.goto(live_server.url + PAGES[name])
        expect_lang(page, language)
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > PHONE["width"]:
            wide[name] = width
    assert wide == {}
