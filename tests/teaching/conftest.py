"""The teacher's tests see whole lessons: its logic is bounded by its steps
here, not by the clock, so a loaded machine gives the same steps as an idle
one (the budget's own tests set a small one)."""

import pytest


@pytest.fixture(autouse=True)
def teacher_by_steps(settings):
    settings.SUDOKU_EXPLAIN_SECONDS = 30.0
