"""bench/rating.py, on a few puzzles: every request is timed in every mode, a
round writes its puzzles afresh, and the table follows from the figures."""

import pytest

from bench import rating
from tests.support.puzzles import HARD, sample


def test_each_round_writes_each_puzzle_afresh_and_the_same_way_for_a_seed():
    puzzles = [HARD, *sample("seventeen_clue.txt", 2)]
    first, again, other = (rating.rewritten(puzzles, seed) for seed in (0, 0, 1))
    assert first == again
    assert first != other
    assert all(len(puzzle) == 81 for puzzle in first)


@pytest.mark.django_db
def test_every_request_is_timed_in_every_mode(settings):
    settings.SUDOKU_EXPLAIN_SECONDS = 30.0
    times = rating.measure(sample("seventeen_clue.txt", 2), rounds=1)
    assert set(times) == {
        (endpoint, mode) for endpoint in ("answer page", "POST /api/solve") for mode in rating.MODES
    }
    assert all(len(values) == 2 and min(values) > 0 for values in times.values())


def test_the_table_gives_the_ratio_of_the_medians(capsys):
    times = {
        (endpoint, mode): [1.0, 2.0, 3.0] if mode != "on" else [1.5, 3.0, 4.5]
        for endpoint in ("answer page", "POST /api/solve")
        for mode in rating.MODES
    }
    rating.report("top1465.txt", times)
    table = capsys.readouterr().out
    assert "| answer page | 2.0 (3.0) | 3.0 (4.5) | 1.50x |" in table
