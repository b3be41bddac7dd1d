"""The cluster benchmark: what a second queue worker and a second app server
add on this machine, side by side in one run; printed as markdown.

    .venv/bin/python -m bench.cluster [--rows N] [--seconds S] [--clients C]

Each variant starts a cluster of its own (deploy/cluster.py, by
tests/support/cluster.py: free ports, a database of its own on the
project's PostgreSQL, which ``make postgres`` starts, and Redis), with
nginx's limits lifted (SUDOKU_BENCH_UNLIMITED=1) so that only the machine
bounds the figures:

- **batches**: with one queue worker, then two, ``--rows`` hard puzzles
  (top1465's and forum_hardest_1106's, then the same written other ways)
  posted to an app server as two batches (a batch is one message at a
  time), timed from the posts until both are
  finished: rows a second, and how many cores each part kept busy meanwhile
  (its CPU seconds over the run's, from /proc);
- **answers**: with one app server, then two (each with SUDOKU_WORKERS
  gunicorn workers, 2 by default) and no queue worker, ``--clients``
  keep-alive connections (a process each) ask nginx for answer pages of
  top1465's puzzles back to back for ``--seconds``: answers a second, p50
  and p95 ms, errors.

On two cores, a second worker or server can only add what the first left
idle; the figures say how much that is.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from bench.load import crowd, percentile
from bench.machine import machine
from bench.sets import read_set
from deploy import cluster
from deploy.cluster import Layout
from tests.support.cluster import app_port, batch_id, post_batch, progress, started_cluster
from tests.support.puzzles import hard_many

UNLIMITED = {"SUDOKU_BENCH_UNLIMITED": "1", "SUDOKU_BATCH_MAX_ROWS": "1000000"}


@contextlib.contextmanager
def fresh_cluster(apps: int, workers: int) -> Iterator[Layout]:
    """A cluster of its own, in a directory removed after, limits lifted."""
    with tempfile.TemporaryDirectory() as directory:
        cluster = started_cluster(Path(directory), apps, workers, **UNLIMITED)
        with cluster as layout:
            yield layout


def cpu_seconds(layout: Layout) -> Counter[str]:
    """CPU seconds used so far by each part of the cluster (its process
    group, children included), and by PostgreSQL's server processes, read
    from /proc."""
    groups = {}
    for part in cluster.parts(layout):
        pid = cluster.running(layout, part)
        if pid is not None:
            groups[pid] = part.rstrip("0123456789")  # worker1, worker2: "worker"
    ticks = os.sysconf("SC_CLK_TCK")
    used: Counter[str] = Counter()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:
            continue  # ended meanwhile
        name = text[text.index("(") + 1 : text.rindex(")")]
        fields = text[text.rindex(")") + 2 :].split()
        part = "postgres" if name == "postgres" else groups.get(int(fields[2]))
        if part is not None:
            # Its own time and that of its children it has reaped (a worker's
            # pool, PostgreSQL's backends), so that what ended still counts.
            used[part] += sum(int(field) for field in fields[11:15]) / ticks
    return used


def batch_rate(workers: int, rows: int) -> tuple[float, Counter[str]]:
    """Rows a second a cluster with ``workers`` queue workers solves two
    batches of ``rows`` hard puzzles between them, posted together, from the
    posts until both are finished. A batch is one message at a time (its
    lease), so two batches are what two workers can share."""
    puzzles = hard_many(rows)
    halves = [puzzles[: rows // 2], puzzles[rows // 2 :]]
    with fresh_cluster(apps=1, workers=workers) as layout:
        port = app_port(layout, 0)
        before = cpu_seconds(layout)
        start = time.perf_counter()
        batches = [
            batch_id(post_batch(port, "\n".join(half), f"10.3.0.{n}"))
            for n, half in enumerate(halves, start=1)
        ]
        while not all(progress(port, batch)["finished"] for batch in batches):
            time.sleep(0.2)
        seconds = time.perf_counter() - start
        used = cpu_seconds(layout)
        used.subtract(before)
        return rows / seconds, Counter({part: cpu / seconds for part, cpu in used.items()})


def answers(apps: int, seconds: float, clients: int) -> tuple[float, float, float, int]:
    """Answers a second, p50 and p95 ms and errors of a cluster of ``apps``
    app servers under ``clients`` connections for ``seconds``."""
    with fresh_cluster(apps=apps, workers=0) as layout:
        port = int(layout.listen.rsplit(":", 1)[1])
        tally = crowd(port, ["127.0.0.1"] * clients, ["answer"], read_set("top1465.txt"), seconds)
    return tally.rate, percentile(tally.ms, 0.5), percentile(tally.ms, 0.95), tally.errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=10_000, help="puzzles in all (10,000)")
    parser.add_argument("--seconds", type=float, default=10.0, help="each answers run (10)")
    parser.add_argument("--clients", type=int, default=4, help="connections asking (4)")
    options = parser.parse_args(argv)
    print(machine("all of them: the cluster's every process") + "\n")
    print(f"### Batches: {options.rows} hard puzzles in two batches\n")
    print("| queue workers | rows a second | ratio | cores busy: workers, PostgreSQL, the rest |")
    print("|---|---|---|---|")
    runs = [batch_rate(workers, options.rows) for workers in (1, 2)]
    for workers, (rate, busy) in zip((1, 2), runs, strict=True):
        rest = sum(busy.values()) - busy["worker"] - busy["postgres"]
        cores = f"{busy['worker']:.2f}, {busy['postgres']:.2f}, {rest:.2f}"
        print(f"| {workers} | {rate:.0f} | {rate / runs[0][0]:.2f}x | {cores} |")
    print(f"\n### Answer pages: {options.clients} connections, {options.seconds:.0f} s\n")
    print("| app servers | answers a second | p50 ms | p95 ms | errors | ratio |")
    print("|---|---|---|---|---|---|")
    runs = [answers(apps, options.seconds, options.clients) for apps in (1, 2)]
    for apps, (rate, p50, p95, errors) in zip((1, 2), runs, strict=True):
        ratio = rate / runs[0][0] if runs[0][0] else float("nan")
        print(f"| {apps} | {rate:.0f} | {p50:.1f} | {p95:.1f} | {errors} | {ratio:.2f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
