"""Past one machine, on this one: deploy/cluster.py's PostgreSQL, Redis, two app
servers behind one nginx and the queue's workers keep every row of a batch
through a worker killed mid-slice and Redis restarted, and the batch cap
holds under posts to both app servers at once.

One cluster is started for the module, on ports and a database of its own
(the project's PostgreSQL server, which make test starts), and stopped at
its end. Requests go straight to each app server, as another machine's
would; the client's address is the X-Real-IP header nginx would set.
"""

from __future__ import annotations

import csv
import http.client
import io
import os
import re
import signal
import socket
import subprocess
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from random import Random

import psycopg
import pytest

from deploy import cluster
from solver.engine import STANDARD, Status, format_grid, parse_puzzle, solve
from solver.engine.symmetry import random_transform
from tests.support.puzzles import load

pytestmark = pytest.mark.stack

ROOT = Path(__file__).resolve().parents[2]
BATCH_ROWS = 2_000
CAP_ROWS = 3_000  # the cluster's SUDOKU_BATCH_MAX_ROWS: the big batch and five small ones
SMALL_ROWS = 200
FINISH_SECONDS = 300  # the sweeper may need a minute and a half after Redis comes back


def postgres_url() -> str:
    """The project's PostgreSQL (make postgres), which make test starts."""
    url = subprocess.run(
        [str(ROOT / "deploy" / "postgres.sh"), "url"], capture_output=True, text=True, check=True
    ).stdout.strip()
    try:
        psycopg.connect(_conninfo(url), connect_timeout=5).close()
    except psycopg.OperationalError as error:
        pytest.fail(f"the project's PostgreSQL does not answer (make postgres): {error}")
    return url


def _conninfo(url: str) -> str:
    """A DATABASE_URL as psycopg reads it (dj-database-url's host is percent-encoded)."""
    from urllib.parse import unquote, urlsplit

    parts = urlsplit(url)
    return (
        f"host={unquote(parts.hostname or '')} port={parts.port} user={parts.username} "
        f"dbname={parts.path.lstrip('/')}"
    )


def free_ports(count: int) -> int:
    """The first of ``count`` consecutive free loopback ports."""
    rng = Random()
    while True:
        first = rng.randrange(20_000, 40_000)
        probes = []
        try:
            for port in range(first, first + count):
                probe = socket.socket()
                probes.append(probe)
                probe.bind(("127.0.0.1", port))
            return first
        except OSError:
            continue
        finally:
            for probe in probes:
                probe.close()


@pytest.fixture
def database():
    """A database of the cluster's own on the project's server, dropped after."""
    url = postgres_url()
    name = f"cluster_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(_conninfo(url), autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    yield url.rsplit("/", 1)[0] + "/" + name
    with psycopg.connect(_conninfo(url), autocommit=True) as connection:
        connection.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


@pytest.fixture
def start_cluster(database, tmp_path, monkeypatch):
    """Start a cluster with so many queue workers on free ports, on its own
    database; it is stopped after the test. Gives its layout."""
    started = []
    monkeypatch.setenv("DATABASE_URL", database)
    monkeypatch.setenv("SUDOKU_BATCH_MAX_ROWS", str(CAP_ROWS))
    monkeypatch.setenv("SUDOKU_BATCH_CLIENT_ROWS", str(CAP_ROWS))
    monkeypatch.setenv("DJANGO_STATIC_ROOT", str(tmp_path / "static"))
    monkeypatch.setenv("SUDOKU_LIBRARY_TOP_UP", "0")

    def start(workers: int) -> cluster.Layout:
        base = free_ports(4)
        layout = cluster.Layout(
            directory=tmp_path / "cluster",
            listen=f"127.0.0.1:{base}",
            redis_port=base + 1,
            app_port=base + 2,
            workers=workers,
        )
        started.append(layout)
        cluster.start(layout)
        return layout

    yield start
    for layout in started:
        cluster.stop(layout)


def fetch(port: int, method: str, path: str, body: bytes | None = None, **headers) -> tuple:
    """(status, headers, body) of one request to 127.0.0.1:``port``."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        sent = {name.replace("_", "-"): value for name, value in headers.items()}
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read()
    finally:
        connection.close()


def post_batch(port: int, text: str, client: str) -> tuple:
    """``text`` posted as the batch page's file to the app server on ``port``,
    as the client at address ``client``."""
    status, headers, page = fetch(port, "GET", "/batch", X_Real_IP=client)
    assert status == 200
    cookie = re.search(r"csrftoken=([^;]+)", headers["Set-Cookie"])[1]
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1].decode()
    boundary = "cluster-boundary"
    body = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="csrfmiddlewaretoken"\r\n\r\n'
        f"{token}\r\n--{boundary}\r\n"
        'Content-Disposition: form-data; name="file"; filename="many.txt"\r\n'
        f"Content-Type: text/plain\r\n\r\n{text}\r\n--{boundary}--\r\n"
    )
    origin = f"http://127.0.0.1:{port}"
    return fetch(
        port,
        "POST",
        "/batch",
        body.encode(),
        Content_Type=f"multipart/form-data; boundary={boundary}",
        Cookie=f"csrftoken={cookie}",
        Origin=origin,
        Referer=f"{origin}/batch",
        X_Real_IP=client,
    )


def batch_id(reply: tuple) -> str:
    status, headers, body = reply
    assert status == 303, body[:500]
    return re.search(r"/batch/([0-9a-f-]{36})$", headers["Location"])[1]


def progress(port: int, batch: str) -> dict:
    import json

    status, _, body = fetch(port, "GET", f"/batch/{batch}/progress", X_Real_IP="10.9.9.9")
    assert status == 200, body[:300]
    return json.loads(body)


def hard_puzzles(count: int) -> list[str]:
    """``count`` hard puzzles: the shared hard sets, then more of them
    written another way (digits relabelled, rows and columns moved)."""
    base = load("top1465.txt") + load("forum_hardest_1106.txt")
    rng = Random(27)
    found = list(base[:count])
    while len(found) < count:
        grid = parse_puzzle(base[len(found) % len(base)])
        found.append(format_grid(random_transform(STANDARD, rng).apply(grid)))
    return found


def rows_of(port: int, batch: str) -> list[dict]:
    status, _, body = fetch(port, "GET", f"/batch/{batch}.csv", X_Real_IP="10.9.9.9")
    assert status == 200, body[:300]
    return list(csv.DictReader(io.StringIO(body.decode("utf-8"))))


def test_a_batch_survives_a_killed_worker_and_a_restarted_redis(start_cluster):
    running = start_cluster(workers=2)
    first, second = (int(address.rsplit(":", 1)[1]) for address in running.app_addresses())
    puzzles = hard_puzzles(BATCH_ROWS)
    batch = batch_id(post_batch(first, "\n".join(puzzles), "10.1.1.1"))

    # A worker killed with SIGKILL while it solves a slice, another started.
    wait_for(lambda: progress(second, batch)["done"] > 0, "the workers to start")
    victim = cluster.running(running, "worker1")
    os.killpg(victim, signal.SIGKILL)
    cluster.start_worker(running, 3, cluster.site_environment(running))
    done_before = progress(second, batch)["done"]
    assert done_before < BATCH_ROWS, "the batch finished before the worker was killed"

    # Redis, the broker and the caches, restarted: what it held is gone.
    wait_for(lambda: progress(second, batch)["done"] > done_before, "progress after the kill")
    os.killpg(cluster.running(running, "redis"), signal.SIGKILL)
    running.pid_file("redis").unlink()
    cluster.start_redis(running)

    wait_for(lambda: progress(second, batch)["finished"], "the batch to finish", FINISH_SECONDS)
    state = progress(second, batch)
    assert (state["done"], state["total"]) == (BATCH_ROWS, BATCH_ROWS)
    assert sum(state["counts"].values()) == BATCH_ROWS  # none counted twice

    rows = rows_of(second, batch)
    assert [row["puzzle"] for row in rows] == puzzles  # none lost, none twice, in order
    for row, puzzle in zip(rows, puzzles, strict=True):
        result = solve(parse_puzzle(puzzle), STANDARD, limit=2)
        assert result.status is Status.SOLVED
        assert row["status"] == "solved", row
        assert row["solution"] == format_grid(result.solution), row


def test_the_cap_holds_under_posts_to_both_app_servers_at_once(start_cluster):
    """No worker solves anything, so every batch stored stays: of twenty
    batches of 200 rows posted at once, half to each app server, exactly
    fifteen fit under the cap of 3,000 rows, and the others are refused as
    the server being full."""
    running = start_cluster(workers=0)
    ports = [int(address.rsplit(":", 1)[1]) for address in running.app_addresses()]
    puzzles = "\n".join(hard_puzzles(SMALL_ROWS))
    clients = [f"10.2.0.{n}" for n in range(1, 21)]

    def post(number: int) -> tuple:
        return post_batch(ports[number % 2], puzzles, clients[number])

    with ThreadPoolExecutor(len(clients)) as pool:
        replies = list(pool.map(post, range(len(clients))))
    statuses = sorted(status for status, _, _ in replies)
    assert statuses == [303] * (CAP_ROWS // SMALL_ROWS) + [503] * 5
    refused = [body for status, _, body in replies if status == 503]
    assert all(b"as many puzzles as it can" in body for body in refused), refused[0][:500]
    with psycopg.connect(_conninfo(os.environ["DATABASE_URL"])) as connection:
        kept = connection.execute("SELECT SUM(total) FROM solver_batch").fetchone()[0]
    assert kept == CAP_ROWS


def wait_for(condition, what: str, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            pytest.fail(f"waited {seconds} s for {what}")
        time.sleep(0.5)
