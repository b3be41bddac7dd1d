"""bench/costs.py, on a few puzzles: every figure is measured, and the parts add up."""

import pytest

from bench import costs
from tests.support.puzzles import HARD, sample


@pytest.mark.django_db  # the pages read and keep ratings
def test_each_endpoint_and_part_is_measured_on_real_requests():
    ms = costs.measure_parts([HARD, *sample("seventeen_clue.txt", 3)])
    assert set(ms) == {"ping", "api", "answer", "read", "engine", "grids"}
    assert all(value > 0 for value in ms.values())


def test_a_request_that_fails_is_not_measured(client):
    with pytest.raises(RuntimeError, match="/nowhere answered 404"):
        costs.ok(client.get("/nowhere"))


def test_the_report_splits_each_endpoint_into_its_parts(capsys):
    ms = {"ping": 0.3, "api": 1.0, "answer": 2.0, "read": 0.1, "engine": 0.25, "grids": 0.15}
    costs.report("seventeen_clue.txt", ms)
    table = capsys.readouterr().out
    assert "| GET /ping (the floor) | 0.300 |" in table
    # What is left: 1.0 - 0.3 - 0.1 - 0.25, and 2.0 - 0.3 - 0.1 - 0.25 - 0.15.
    assert "| - - the rest (django-ninja, the log line) | 0.350 |" in table
    assert "| - - the rest (the templates, the log line) | 1.200 |" in table
