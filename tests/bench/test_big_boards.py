"""The big boards' benchmark: a new 25x25 puzzle answers from stock (503 while
it is empty, 303 once it holds one), and each puzzle's steps page and API
steps are measured with their status and size."""

import pytest

from bench.big_boards import rows, slowest
from tests.support.puzzles import SIZED


def test_each_run_comes_after_its_set_up_and_one_of_them_is_kept():
    calls = []

    def action():
        calls.append("act")
        return type("Reply", (), {"status_code": 200, "content": b"x" * calls.count("act")})()

    status, seconds, cpu, size = slowest(action, 3, before=lambda: calls.append("set up"))
    assert calls == ["set up", "act"] * 3
    assert status == 200
    assert size in {1, 2, 3}
    assert min(seconds, cpu) >= 0


@pytest.mark.django_db
def test_the_rows_say_what_the_stock_and_the_teacher_answered():
    found = rows([SIZED["25x25"]], rounds=1)
    assert [(what, status) for what, status, *_ in found] == [
        ("new 25x25, seed 18, stock empty", 503),
        ("new 25x25, seed 18, stocked", 303),
        ("/steps, 25x25 puzzle 1", 200),
        ("/api/steps all, 25x25 puzzle 1", 200),
    ]
    assert all(min(seconds, cpu) >= 0 for _, _, seconds, cpu, _ in found)
