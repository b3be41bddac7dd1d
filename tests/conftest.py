"""Fixtures shared by the Django tests."""

import pytest

from solver.cells import CELL_NAMES


@pytest.fixture
def cells():
    """Build the 81 cell fields of a form post from an 81-symbol puzzle line."""

    def build(puzzle: str) -> dict[str, str]:
        pairs = zip(CELL_NAMES, puzzle, strict=True)
        return {name: "" if symbol in ".0" else symbol for name, symbol in pairs}

    return build
