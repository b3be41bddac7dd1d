"""Real Celery workers on the project's Redis (`make redis`), solving a batch
posted under the celery runner into an SQLite file of their own: the
process running a slice killed with SIGKILL, then the whole worker, and
another worker started; every row ends solved as the engine alone solves
it, and saved exactly once (a trigger in the file counts each row's writes).

Each test worker of pytest-xdist uses Redis databases of its own
(``support.queue.redis_url``), emptied first.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
import redis

from tests.support.puzzles import sample
from tests.support.queue import expected_rows, redis_url
from tests.support.stack import ROOT, clean_environment

pytestmark = pytest.mark.stack

PUZZLES = list(sample("forum_hardest_1106.txt", 600))  # about 10 ms each
WAIT_SECONDS = 180  # for a worker to start and solve, on a loaded machine
# The broker's visibility timeout the second worker is given: a message taken
# longer ago by a worker gone is handed back as it starts.
VISIBILITY_SECONDS = 1.0
# A worker as `celery -A sudoku_site worker` starts it, one pool process, the
# broker's visibility timeout given (argv: its name, then seconds or "").
WORKER = """
import sys
from sudoku_site.celery import app
name, visibility = sys.argv[1:]
if visibility:
    app.conf.broker_transport_options = {"visibility_timeout": float(visibility)}
app.worker_main(["worker", "--pool=prefork", "--concurrency=1", "--loglevel=INFO",
                 "--without-gossip", "--without-mingle", "--without-heartbeat",
                 "--hostname", name])
"""
# The batch sent as a browser sends a file; prints the reply's status.
POST = """
import sys, django
django.setup()
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
puzzles = SimpleUploadedFile("puzzles.txt", sys.stdin.buffer.read(), "text/plain")
reply = Client(HTTP_HOST="localhost").post("/batch", {"file": puzzles})
print(reply.status_code, reply.get("Location"))
"""
# Every write of a row's status, counted.
COUNT_WRITES = """
CREATE TABLE test_writes (row_id INTEGER);
CREATE TRIGGER test_count_writes AFTER UPDATE OF status ON solver_batchrow
BEGIN INSERT INTO test_writes VALUES (new.id); END;
"""


@pytest.fixture
def site(tmp_path: Path) -> dict[str, str]:
    """The environment of a site under the celery runner: its own SQLite file,
    migrated and counting writes, and its own Redis databases, emptied."""
    url = redis_url()
    try:
        for number in (0, 1):
            redis.Redis.from_url(url, db=int(url.rsplit("/", 1)[1]) + number).flushdb()
    except redis.ConnectionError:
        pytest.fail(f"no Redis at {url}: run `make redis` (make test does)")
    env = clean_environment(
        DJANGO_DB_PATH=str(tmp_path / "db.sqlite3"),
        DJANGO_SECRET_KEY="test",
        SUDOKU_WALKS_DIR=str(tmp_path / "walks"),
        REDIS_URL=url,
        SUDOKU_BATCH_RUNNER="celery",
        SUDOKU_BATCH_SLICE_SECONDS="0.5",
        SUDOKU_SOLVE_SECONDS="60",  # the verdicts the engine gives by guesses, however loaded
        SUDOKU_LIBRARY_TOP_UP="0",
    )
    migrate = [sys.executable, "manage.py", "migrate", "-v0"]
    subprocess.run(migrate, cwd=ROOT, env=env, check=True, timeout=120)
    with sqlite3.connect(tmp_path / "db.sqlite3") as db:
        db.executescript(COUNT_WRITES)
    return env


def start_worker(env: dict[str, str], log: Path, name: str, visibility: str = ""):
    with log.open("wb") as output:
        return subprocess.Popen(
            [sys.executable, "-c", WORKER, name, visibility],
            cwd=ROOT,
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # a group of its own: the pool dies with it
        )


def post_batch(env: dict[str, str], text: str) -> None:
    post = [sys.executable, "-c", POST]
    reply = subprocess.run(
        post, cwd=ROOT, env=env, input=text, capture_output=True, text=True, timeout=120
    )
    assert reply.stdout.startswith("303 /batch/"), reply.stdout + reply.stderr


def solved(env: dict[str, str]) -> int:
    with sqlite3.connect(env["DJANGO_DB_PATH"]) as db:
        return db.execute("SELECT COUNT(*) FROM solver_batchrow WHERE status != ''").fetchone()[0]


def wait_for(env: dict[str, str], rows: int, logs: list[Path]) -> int:
    """Wait until at least ``rows`` rows are solved; how many are."""
    deadline = time.monotonic() + WAIT_SECONDS
    while (done := solved(env)) < rows:
        if time.monotonic() > deadline:
            text = "\n".join(log.read_text(errors="replace")[-3000:] for log in logs)
            pytest.fail(f"{done} of {rows} rows solved in {WAIT_SECONDS} s:\n{text}")
        time.sleep(0.05)
    return done


def pool_process(worker: subprocess.Popen) -> int:
    """The pid of the worker's one pool process, which runs its tasks."""
    children = Path(f"/proc/{worker.pid}/task/{worker.pid}/children").read_text().split()
    assert len(children) == 1, children
    return int(children[0])


def mid_slice(worker: subprocess.Popen, log: Path) -> int:
    """Wait until ``worker`` is running a slice; the pid of its pool process.

    That is: the last task line of its log says a slice was received, so
    its message is among the broker's unacknowledged ones (between taking a
    message and recording it so, a killed worker loses it, and only the
    sweeper sends it again), and its pool process is running (state R), not
    asleep on its pipe between two slices (a kill there loses no task)."""
    deadline = time.monotonic() + WAIT_SECONDS
    while True:
        pid = pool_process(worker)
        # The log read again after the state: the slice may have ended between.
        if received_last(log) and process_state(pid) == "R" and received_last(log):
            return pid
        assert time.monotonic() < deadline, f"no slice running in {WAIT_SECONDS} s"
        time.sleep(0.001)


def received_last(log: Path) -> bool:
    """True when the last task line of a worker's log says a task was received."""
    lines = log.read_text(errors="replace").splitlines()
    tasks = [line for line in lines if "Task solver." in line]
    return bool(tasks) and tasks[-1].endswith(" received")


def process_state(pid: int) -> str:
    """The state letter of process ``pid`` (R running, S sleeping ...), or "" once it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return ""
    return stat.rsplit(")", 1)[1].split()[0]


def kill_group(worker: subprocess.Popen) -> None:
    os.killpg(worker.pid, signal.SIGKILL)
    worker.wait(timeout=30)


def test_workers_killed_mid_slice_leave_every_row_solved_once(site, tmp_path):
    logs = [tmp_path / "first.log", tmp_path / "second.log"]
    post_batch(site, "\n".join(PUZZLES))
    first = start_worker(site, logs[0], "first@test")
    second = None
    try:
        # Its pool process, mid-slice: the message goes back and the worker's next one goes on.
        killed_at = wait_for(site, 30, logs)
        os.kill(mid_slice(first, logs[0]), signal.SIGKILL)
        # The whole worker: its message waits for the broker's visibility timeout,
        # which the next worker is given short.
        killed_at = wait_for(site, killed_at + 60, logs)
        mid_slice(first, logs[0])
        kill_group(first)
        assert solved(site) < len(PUZZLES), "finished before the worker was killed"
        time.sleep(VISIBILITY_SECONDS)
        second = start_worker(site, logs[1], "second@test", str(VISIBILITY_SECONDS))
        wait_for(site, len(PUZZLES), logs)
    finally:
        for worker in (first, second):
            if worker is not None and worker.poll() is None:
                kill_group(worker)
    with sqlite3.connect(site["DJANGO_DB_PATH"]) as db:
        rows = db.execute(
            'SELECT status, solution, solutions FROM solver_batchrow ORDER BY "index"'
        ).fetchall()
        writes = db.execute("SELECT COUNT(*), COUNT(DISTINCT row_id) FROM test_writes").fetchone()
    assert rows == expected_rows(PUZZLES)
    assert writes == (len(PUZZLES), len(PUZZLES))  # each row saved once
    assert "WorkerLostError" in logs[0].read_text(errors="replace")
