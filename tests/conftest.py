"""Fixtures shared by the Django tests (cells of a form post, the generator's
budgets for the library's pages and API), the browser's (``support.browser``),
and the rule that keeps the fast tier free of Chromium."""

import pytest
from django.core.cache import cache
from django.utils import translation

from solver.core.cells import CELL_NAMES
from solver.library import store
from solver.teaching.pages import lesson_of

# The browser tests' fixtures: Debian's Chromium, a page, the console's errors.
pytest_plugins = ["tests.support.browser"]
BROWSER = "browser"  # the folder of each feature's browser tests


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Refuse the run if a test in a ``browser`` folder lacks the ``browser``
    mark: `make test-fast` leaves out marked tests and must never need Chromium."""
    unmarked = [
        item.nodeid
        for item in items
        if BROWSER in item.path.parent.parts and item.get_closest_marker("browser") is None
    ]
    if unmarked:
        raise pytest.UsageError(
            "tests in a browser/ folder need `pytestmark = pytest.mark.browser`: "
            + ", ".join(unmarked)
        )
    # A page or an API reply may read and keep ratings (solver.teaching.ratings):
    # every test that asks the site through Django's test client has the database.
    for item in items:
        if "client" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.django_db)


@pytest.fixture(autouse=True)
def language_of_its_own():
    """Each test starts in the site's default language: the language a request
    asked for stays active in the thread after its response, and must not
    carry into the next test."""
    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def fresh_lessons():
    """Each test's pages explain and rate its puzzles afresh: the steps page
    keeps the last few lessons (``lesson_of``), and Django's cache the
    ratings, which another test may have made under other settings (its
    database rows are rolled back with it)."""
    lesson_of.cache_clear()
    cache.clear()


@pytest.fixture
def cells():
    """Build the 81 cell fields of a form post from an 81-symbol puzzle line."""

    def build(puzzle: str) -> dict[str, str]:
        pairs = zip(CELL_NAMES, puzzle, strict=True)
        return {name: "" if symbol in ".0" else symbol for name, symbol in pairs}

    return build


@pytest.fixture
def out_of_time(monkeypatch):
    """The generator always runs out of time (as with a budget far too small)."""
    monkeypatch.setattr(store.generator, "generate", lambda *args, **kwargs: None)


@pytest.fixture
def quick(settings):
    """A budget for generating small enough for tests, large enough for an easy puzzle."""
    settings.SUDOKU_GENERATE_SECONDS = 1.0
