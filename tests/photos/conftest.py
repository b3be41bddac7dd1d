"""The photo reader's tests need its trained classifier: built once here if
``make photos-model`` has not built it (about half a minute). The site never
builds it: a read on a server without it is refused (``ReaderNotReady``)."""

import pytest

from solver.engine import Budget
from solver.photos import check, model
from tests.support.budgets import OUT_OF_REACH


@pytest.fixture(scope="session", autouse=True)
def photos_model():
    if not model.MODEL_PATH.is_file():
        model.build()
    return model.classifier()


@pytest.fixture
def no_model(monkeypatch, tmp_path):
    """The reader as on a server where ``make photos-model`` was never run;
    its model path, which the test may fill."""
    missing = tmp_path / "digits.npz"
    monkeypatch.setattr(model, "MODEL_PATH", missing)
    model.classifier.cache_clear()
    yield missing
    model.classifier.cache_clear()  # the real one again, for the tests after


@pytest.fixture(autouse=True)
def work_bounded(monkeypatch):
    """The check's seconds out of the way: its tries and guesses, counted, bound
    it here, so that a reading comes out the same however busy the machine (the
    seconds are a backstop for a very slow one, tested on their own clock in
    test_check)."""
    monkeypatch.setattr(check, "BUDGET_SECONDS", OUT_OF_REACH)
    guesses = check.SOLVE_BUDGET.max_guesses
    monkeypatch.setattr(check, "SOLVE_BUDGET", Budget(guesses, OUT_OF_REACH))
