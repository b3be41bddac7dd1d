"""bench/zones.py's pieces, quickly: the full benchmark is run by hand."""

import pytest

from bench import zones
from deploy import render
from tests.support.puzzles import HARD


@pytest.mark.django_db  # the pages read and keep ratings
def test_a_request_is_timed_in_cpu_and_wall_time(client):
    cpu, wall = zones.timed(lambda: client.get("/answer", {"puzzle": HARD}))
    assert cpu > 0
    assert wall > 0


def test_a_reply_out_of_time_counts_and_an_error_fails(client):
    class OutOfTime:
        status_code = 503

    assert len(zones.timed(OutOfTime)) == 2
    with pytest.raises(RuntimeError, match="/nowhere answered 404"):
        zones.timed(lambda: client.get("/nowhere"))


def test_each_zone_is_judged_by_its_dearest_request(capsys):
    """The dearest in CPU time, against the rate and the figure render.py assumes."""
    measured = {zone: {"a request": [(1.0, 2.0)]} for zone in render.ZONES}
    measured["teach"] = {"GET /steps": [(500.0, 900.0), (1700.0, 1900.0)], "x": [(9.0, 9.0)]}
    zones.report(measured)
    table = capsys.readouterr().out
    assert "| teach | GET /steps | 2 | 1100 | 1700 | 1900 |" in table
    assert "| teach | 30r/m | 1.700 (1.900) | 0.85 | 1.6 | NO |" in table
    assert "| solve | 4r/s | 0.001 (0.002) | 0.00 | 0.25 | yes |" in table
