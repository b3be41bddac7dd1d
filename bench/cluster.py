"""The cluster benchmark: what a second queue worker and a second app server
add on this machine, side by side in one run; printed as markdown.

    .venv/bin/python -m bench.cluster [--rows N] [--seconds S] [--clients C]

Each variant starts a cluster of its own (deploy/cluster.py, by
tests/support/cluster.py: free ports, a database of its own on the
project's PostgreSQL, which ``make postgres`` starts, and Redis), with
nginx's limits lifted (SUDOKU_BENCH_UNLIMITED=1) so that only the machine
bounds the figures:

- **batches**: with one queue worker, then two, a batch of ``--rows`` hard
  puzzles (top1465, then forum_hardest_1106) posted to an app server, timed
  from the post until its progress says finished: rows a second;
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
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from bench.load import crowd, percentile
from bench.machine import machine
from bench.sets import read_set
from deploy.cluster import Layout
from tests.support.cluster import app_port, batch_id, post_batch, progress, started_cluster

UNLIMITED = {"SUDOKU_BENCH_UNLIMITED": "1", "SUDOKU_BATCH_MAX_ROWS": "1000000"}


def hard(count: int) -> list[str]:
    """``count`` hard puzzles from the shared sets (top1465, then forum_hardest)."""
    return (read_set("top1465.txt") + read_set("forum_hardest_1106.txt"))[:count]


@contextlib.contextmanager
def fresh_cluster(apps: int, workers: int) -> Iterator[Layout]:
    """A cluster of its own, in a directory removed after, limits lifted."""
    with tempfile.TemporaryDirectory() as directory:
        cluster = started_cluster(Path(directory), apps, workers, **UNLIMITED)
        with cluster as layout:
            yield layout


def batch_rate(workers: int, rows: int) -> float:
    """Rows a second a cluster with ``workers`` queue workers solves a batch of
    ``rows`` hard puzzles, from the post until finished."""
    with fresh_cluster(apps=1, workers=workers) as layout:
        port = app_port(layout, 0)
        start = time.perf_counter()
        batch = batch_id(post_batch(port, "\n".join(hard(rows)), "10.3.0.1"))
        while not progress(port, batch)["finished"]:
            time.sleep(0.2)
        return rows / (time.perf_counter() - start)


def answers(apps: int, seconds: float, clients: int) -> tuple[float, float, float, int]:
    """Answers a second, p50 and p95 ms and errors of a cluster of ``apps``
    app servers under ``clients`` connections for ``seconds``."""
    with fresh_cluster(apps=apps, workers=0) as layout:
        port = int(layout.listen.rsplit(":", 1)[1])
        tally = crowd(port, ["127.0.0.1"] * clients, ["answer"], read_set("top1465.txt"), seconds)
    return tally.rate, percentile(tally.ms, 0.5), percentile(tally.ms, 0.95), tally.errors


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1000, help="puzzles a batch (default 1000)")
    parser.add_argument("--seconds", type=float, default=10.0, help="each answers run (10)")
    parser.add_argument("--clients", type=int, default=4, help="connections asking (4)")
    options = parser.parse_args(argv)
    print(machine("all of them: the cluster's every process") + "\n")
    print(f"### Batches: {options.rows} hard puzzles\n")
    print("| queue workers | rows a second | ratio |")
    print("|---|---|---|")
    rates = [batch_rate(workers, options.rows) for workers in (1, 2)]
    for workers, rate in zip((1, 2), rates, strict=True):
        print(f"| {workers} | {rate:.0f} | {rate / rates[0]:.2f}x |")
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
