"""Fixtures shared by the Django tests (cells of a form post, the generator's
budgets for the library's pages and API), and the rule that keeps the fast
tier free of Chromium."""

from pathlib import Path

import pytest

from solver import library
from solver.cells import CELL_NAMES

BROWSER_TESTS = Path(__file__).parent / "browser"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Refuse the run if a test under tests/browser/ lacks the ``browser`` mark:
    `make test-fast` leaves out marked tests and must never need Chromium."""
    unmarked = [
        item.nodeid
        for item in items
        if BROWSER_TESTS in item.path.parents and item.get_closest_marker("browser") is None
    ]
    if unmarked:
        raise pytest.UsageError(
            "tests under tests/browser/ need `pytestmark = pytest.mark.browser`: "
            + ", ".join(unmarked)
        )


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
    monkeypatch.setattr(library.generator, "generate", lambda *args, **kwargs: None)


@pytest.fixture
def quick(settings):
    """A budget for generating small enough for tests, large enough for an easy puzzle."""
    settings.SUDOKU_GENERATE_SECONDS = 1.0
