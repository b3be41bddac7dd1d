"""The pages-by-size benchmark: one row a size, its figures measured, the
page's own cost the answer page's time less the engine's."""

import pytest

from bench.pages_sizes import PUZZLES, median_ms, server_rows


def test_a_median_is_of_the_rounds_after_a_warm_up():
    calls = []
    assert median_ms(lambda: calls.append(1), 3) >= 0
    assert len(calls) == 4


@pytest.mark.django_db
def test_the_server_rows_cover_every_size_smallest_first():
    rows = server_rows(1)
    assert [name for name, *_ in rows][:4] == ["4x4", "6x6", "8x8", "9x9"]
    assert len(rows) == len(PUZZLES)
    for _, page, engine, entry, drawing in rows:
        assert min(page, engine, entry) > 0
        assert drawing == pytest.approx(page - engine)
