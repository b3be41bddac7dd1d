"""Past one machine, on this one: deploy/cluster.py's PostgreSQL, Redis, two app
servers behind one nginx and the queue's workers keep every row of a batch
through a worker killed mid-slice and Redis restarted, and the batch cap
holds under posts to both app servers at once.

Each test starts a cluster of its own (tests/support/cluster.py: free ports,
its own database on the project's PostgreSQL, which make test starts).
Requests go straight to each app server, as another machine's would; the
client's address is the X-Real-IP header nginx would set.
"""

from __future__ import annotations

import csv
import io
import os
import signal
import time
from concurrent.futures import ThreadPoolExecutor

import psycopg
import pytest

from deploy import cluster
from solver.engine import STANDARD, Status, format_grid, parse_puzzle, solve
from tests.support.cluster import (
    app_port,
    batch_id,
    conninfo,
    fetch,
    post_batch,
    progress,
    started_cluster,
)
from tests.support.puzzles import hard_many

pytestmark = pytest.mark.stack

BATCH_ROWS = 2_000
CAP_ROWS = 3_000  # the clusters' SUDOKU_BATCH_MAX_ROWS
SMALL_ROWS = 200
FINISH_SECONDS = 300
LIMITS = {"SUDOKU_BATCH_MAX_ROWS": str(CAP_ROWS), "SUDOKU_BATCH_CLIENT_ROWS": str(CAP_ROWS)}
# The sweeper looks every second and takes up a batch untouched for 3 s, so
# that what the kill and the restart lose costs the test seconds, not minutes.
QUICK_CLOCK = {
    "SUDOKU_QUEUE_SWEEP_SECONDS": "1",
    "SUDOKU_QUEUE_STALE_SECONDS": "3",
    "SUDOKU_QUEUE_WAIT_SECONDS": "5",
}


def rows_of(port: int, batch: str) -> list[dict]:
    status, _, body = fetch(port, "GET", f"/batch/{batch}.csv", X_Real_IP="10.9.9.9")
    assert status == 200, body[:300]
    return list(csv.DictReader(io.StringIO(body.decode("utf-8"))))


def test_a_batch_survives_a_killed_worker_and_a_restarted_redis(tmp_path):
    with started_cluster(tmp_path, workers=2, **LIMITS, **QUICK_CLOCK) as layout:
        first, second = app_port(layout, 0), app_port(layout, 1)
        puzzles = hard_many(BATCH_ROWS)
        batch = batch_id(post_batch(first, "\n".join(puzzles), "10.1.1.1"))

        # Every worker killed with SIGKILL, whole (the one solving a slice
        # among them): its message is never handed back; another started.
        wait_for(lambda: progress(second, batch)["done"] > 0, "the workers to start")
        for number in (1, 2):
            os.killpg(cluster.running(layout, f"worker{number}"), signal.SIGKILL)
        done_then = progress(second, batch)["done"]
        assert done_then < BATCH_ROWS, "the batch was finished before the workers were killed"
        cluster.start_worker(layout, 3, cluster.site_environment(layout))

        # Redis, the broker and the caches, killed and started again: all it held is gone.
        wait_for(lambda: progress(second, batch)["done"] > done_then, "progress after the kill")
        # Gone before the new one starts: a Redis still dying holds the port,
        # and the new one would fail to listen on it.
        cluster.stop_group(cluster.running(layout, "redis"), signal.SIGKILL)
        layout.pid_file("redis").unlink()
        cluster.start_redis(layout)

        wait_for(lambda: progress(second, batch)["finished"], "the batch to end", FINISH_SECONDS)
        state = progress(second, batch)
        rows = rows_of(second, batch)
    assert (state["done"], state["total"]) == (BATCH_ROWS, BATCH_ROWS)
    assert sum(state["counts"].values()) == BATCH_ROWS  # none counted twice
    assert [row["puzzle"] for row in rows] == puzzles  # none lost, none twice, in order
    for row, puzzle in zip(rows, puzzles, strict=True):
        result = solve(parse_puzzle(puzzle), STANDARD, limit=2)
        assert result.status is Status.UNIQUE
        assert (row["status"], row["solution"]) == ("unique", format_grid(result.solution)), row


def test_the_cap_holds_under_posts_to_both_app_servers_at_once(tmp_path):
    """No worker solves anything, so every batch stored stays: of twenty
    batches of 200 rows posted at once, half to each app server, exactly
    fifteen fit under the cap of 3,000 rows; the others are refused, the
    server being full."""
    puzzles = "\n".join(hard_many(SMALL_ROWS))
    clients = [f"10.2.0.{n}" for n in range(1, 21)]
    with started_cluster(tmp_path, workers=0, **LIMITS) as layout:

        def post(number: int) -> tuple:
            return post_batch(app_port(layout, number % 2), puzzles, clients[number])

        with ThreadPoolExecutor(len(clients)) as pool:
            replies = list(pool.map(post, range(len(clients))))
        with psycopg.connect(conninfo(os.environ["DATABASE_URL"])) as connection:
            kept = connection.execute("SELECT SUM(total) FROM solver_batch").fetchone()[0]
    statuses = sorted(status for status, _, _ in replies)
    assert statuses == [303] * (CAP_ROWS // SMALL_ROWS) + [503] * 5
    refused = [body for status, _, body in replies if status == 503]
    assert all(b"as many puzzles as it may keep" in body for body in refused), refused[0][:500]
    assert kept == CAP_ROWS


def wait_for(condition, what: str, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"waited {seconds} s for {what}")
        time.sleep(0.5)
