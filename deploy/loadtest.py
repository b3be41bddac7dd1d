"""Load and abuse benchmark of the production stack (deploy/serve.sh: nginx in
front of gunicorn), on loopback, with the figures printed as markdown.

    .venv/bin/python deploy/loadtest.py [load|abuse|all] [--seconds N] [--clients N]

The stack is started on a free port with a temporary runtime directory,
database and static root (as tests/test_deploy.py starts it, with its helper),
and stopped with SIGTERM at the end. After a line naming the machine:

- ``load``: nginx's rate limits lifted for this run only (SUDOKU_BENCH_UNLIMITED=1,
  read by deploy/render.py; the real configuration is unchanged), ``--clients``
  keep-alive connections (one process each) send requests back to back for
  ``--seconds`` (default 10) to each endpoint in turn: GET /ping (a trivial
  Django view, the framework's floor), GET /answer/?puzzle= (the 200 page a
  browser gets) and POST /api/solve, both with top1465's puzzles in rotation.
  Table: requests, errors (a status other than 2xx/3xx, or an exception),
  requests a second, p50/p95/p99 ms (nearest rank), and each endpoint's
  throughput as a share of the floor's.
- ``abuse``: the real limits. A flooder (``--clients`` connections) sends the
  worst puzzles (forum_hardest, 17-clue, the empty grid, an unsolvable grid) to
  /api/solve and /answer/ as fast as it can, while a person browses (the entry
  page, an answer, an API solve, a static file, about 1.5 requests a second)
  from another address, for ``--seconds`` (default 30). Run twice: the flooder
  from one address (127.0.0.2), then spread over one address per connection
  (127.0.0.10 and up). Reported: the flooder's statuses, the person's
  requests, errors and p50/p95/max ms, gunicorn's WORKER TIMEOUT lines, and the
  workers' resident memory (VmRSS) at the start, the end and its maximum.

Clients, nginx, gunicorn and Django share the machine's cores: compare
figures only within one run.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import platform
import random
import re
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

SECRET_KEY = "loadtest-not-secret-" + "x" * 40
# tests.test_deploy imports the site's forms, which need Django's settings.
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "sudoku_site.settings")
os.environ.setdefault("DJANGO_SECRET_KEY", SECRET_KEY)
import django  # noqa: E402

django.setup()
from tests.test_deploy import Stack, start_stack  # noqa: E402  (the tests' own starter)

PUZZLES_DIR = Path(os.environ.get("SUDOKU_PUZZLES_DIR", ROOT.parent / "shared" / "puzzles"))
EMPTY = "." * 81
UNSOLVABLE = "12345678." + "........9" + "." * 63
TARGET_SHARE = 0.70
BROWSE_PAUSE = (0.4, 0.9)  # seconds a person waits between two requests
WORST_EACH = 20  # puzzles taken from each hard set for the flood


# --- puzzles -----------------------------------------------------------------


def read_puzzles(name: str, limit: int | None = None) -> list[str]:
    lines = (PUZZLES_DIR / name).read_text().splitlines()
    puzzles = [line.strip() for line in lines if line.strip() and not line.startswith("#")]
    return puzzles[:limit] if limit else puzzles


def worst_puzzles() -> list[str]:
    return (
        read_puzzles("forum_hardest_1106.txt", WORST_EACH)
        + read_puzzles("seventeen_clue.txt", WORST_EACH)
        + [EMPTY, UNSOLVABLE]
    )


# --- requests ----------------------------------------------------------------


@dataclass
class Tally:
    """What one client saw: each request's milliseconds and status (0 for an exception)."""

    ms: list[float] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    seconds: float = 0.0

    def add(self, other: Tally) -> None:
        self.ms += other.ms
        self.statuses += other.statuses
        self.seconds = max(self.seconds, other.seconds)

    @property
    def requests(self) -> int:
        return sum(self.statuses.values())

    @property
    def errors(self) -> int:
        return sum(n for status, n in self.statuses.items() if not 200 <= status < 400)


def request(kind: str, puzzle: str) -> tuple[str, str, bytes | None, dict[str, str]]:
    """Method, path, body and headers of one request of ``kind``."""
    if kind == "ping":
        return "GET", "/ping", None, {}
    if kind == "answer":
        return "GET", f"/answer/?puzzle={puzzle}", None, {}
    if kind == "api":
        body = json.dumps({"puzzle": puzzle}).encode()
        return "POST", "/api/solve", body, {"Content-Type": "application/json"}
    if kind == "index":
        return "GET", "/index", None, {}
    return "GET", kind, None, {}  # a path as it is (a static file)


class Client:
    """One keep-alive connection from ``source``; reconnects when nginx closes it."""

    def __init__(self, port: int, source: str):
        self.port, self.source = port, source
        self.connection: http.client.HTTPConnection | None = None

    def send(self, kind: str, puzzle: str, tally: Tally) -> bytes:
        method, path, body, headers = request(kind, puzzle)
        start = time.perf_counter()
        try:
            if self.connection is None:
                self.connection = http.client.HTTPConnection(
                    "127.0.0.1", self.port, timeout=60, source_address=(self.source, 0)
                )
            self.connection.request(method, path, body=body, headers=headers)
            response = self.connection.getresponse()
            content = response.read()
            status = response.status
            if response.will_close:
                self.close()
        except (OSError, http.client.HTTPException):
            self.close()
            content, status = b"", 0
        tally.ms.append((time.perf_counter() - start) * 1000)
        tally.statuses[status] += 1
        return content

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def hammer(port: int, source: str, kinds: list[str], puzzles: list[str], seconds: float, seed: int):
    """Requests back to back for ``seconds``: the kinds in turn, the puzzles in rotation."""
    client, tally = Client(port, source), Tally()
    start = time.perf_counter()
    deadline = start + seconds
    index = seed * 97
    while time.perf_counter() < deadline:
        client.send(kinds[index % len(kinds)], puzzles[index % len(puzzles)], tally)
        index += 1
    tally.seconds = time.perf_counter() - start
    client.close()
    return tally


def browse(port: int, source: str, puzzles: list[str], static: str, seconds: float) -> Tally:
    """A person: the entry page, an answer, an API solve, a static file, with pauses."""
    client, tally = Client(port, source), Tally()
    random.seed(3)
    deadline = time.perf_counter() + seconds
    steps = ["index", "answer", "api", static]
    step = 0
    while time.perf_counter() < deadline:
        client.send(steps[step % len(steps)], puzzles[step % len(puzzles)], tally)
        step += 1
        time.sleep(random.uniform(*BROWSE_PAUSE))
    client.close()
    return tally


def crowd(port: int, sources: list[str], kinds, puzzles, seconds: float) -> Tally:
    """One process a connection (so the client is not held back by one GIL)."""
    with multiprocessing.get_context("fork").Pool(len(sources)) as pool:
        jobs = [
            pool.apply_async(hammer, (port, source, kinds, puzzles, seconds, seed))
            for seed, source in enumerate(sources)
        ]
        total = Tally()
        for job in jobs:
            total.add(job.get(timeout=seconds + 120))
    return total


# --- figures -----------------------------------------------------------------


def percentile(values: list[float], share: float) -> float:
    """Nearest rank."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, int(-(-share * len(ordered) // 1)) - 1))]


def machine() -> str:
    cpuinfo = Path("/proc/cpuinfo").read_text()
    model = re.search(r"^model name\s*:\s*(.*)$", cpuinfo, re.M)
    return (
        f"Machine: {model[1] if model else platform.processor() or 'unknown CPU'}, "
        f"{len(os.sched_getaffinity(0))} cores usable ({os.cpu_count()} online), "
        f"Python {platform.python_version()}, {platform.system()} {platform.release()}"
    )


def workers(stack: Stack) -> dict[int, int]:
    """Each gunicorn worker's pid and VmRSS in KiB (the master's children)."""
    master = stack.pids["gunicorn"]
    found = {}
    for status in Path("/proc").glob("[0-9]*/status"):
        try:
            text = status.read_text()
        except OSError:
            continue
        if re.search(rf"^PPid:\s*{master}$", text, re.M):
            rss = re.search(r"^VmRSS:\s*(\d+) kB", text, re.M)
            if rss:
                found[int(status.parent.name)] = int(rss[1])
    return found


class MemoryWatch(threading.Thread):
    """Samples the workers' memory every half second while it runs."""

    def __init__(self, stack: Stack):
        super().__init__(daemon=True)
        self.stack, self.samples, self.pids = stack, [], set()
        self.halt = threading.Event()

    def run(self) -> None:
        while not self.halt.is_set():
            sample = workers(self.stack)
            self.pids |= set(sample)
            self.samples.append(sample)
            self.halt.wait(0.5)

    def stop(self) -> None:
        self.halt.set()
        self.join()
        self.samples.append(workers(self.stack))


def mib(kib: float) -> str:
    return f"{kib / 1024:.1f}"


# --- the runs ----------------------------------------------------------------


def stack_started(directory: Path, **settings: str) -> Stack:
    return start_stack(directory, DJANGO_SECRET_KEY=SECRET_KEY, **settings)


def run_load(seconds: float, clients: int) -> None:
    print(f"\n## load: {clients} keep-alive clients, {seconds:g} s an endpoint, rate limits lifted")
    typical = read_puzzles("top1465.txt")
    with tempfile.TemporaryDirectory(prefix="loadtest-") as directory:
        stack = stack_started(Path(directory), SUDOKU_BENCH_UNLIMITED="1")
        try:
            print(f"gunicorn workers: {len(workers(stack))}")
            sources = ["127.0.0.1"] * clients
            crowd(stack.port, sources, ["ping", "answer", "api"], typical, 1.0)  # warm-up
            rows = []
            for name, kind in (
                ("GET /ping (floor)", "ping"),
                ("GET /answer/?puzzle=", "answer"),
                ("POST /api/solve", "api"),
            ):
                rows.append((name, crowd(stack.port, sources, [kind], typical, seconds)))
            timeouts = stack.log_text().count("WORKER TIMEOUT")
        finally:
            stopped = stack.stop()
    floor = rows[0][1].requests / rows[0][1].seconds
    print(
        "\n| endpoint | requests | errors | req/s | p50 ms | p95 ms | p99 ms | of floor |"
        "\n|---|---|---|---|---|---|---|---|"
    )
    for name, tally in rows:
        rate = tally.requests / tally.seconds
        share = "-" if "floor" in name else f"{rate / floor:.0%}"
        print(
            f"| {name} | {tally.requests} | {tally.errors} | {rate:.0f} "
            f"| {percentile(tally.ms, 0.50):.1f} | {percentile(tally.ms, 0.95):.1f} "
            f"| {percentile(tally.ms, 0.99):.1f} | {share} |"
        )
    met = all(t.errors == 0 for _, t in rows) and all(
        t.requests / t.seconds >= TARGET_SHARE * floor for _, t in rows[1:]
    )
    statuses = {name: dict(t.statuses) for name, t in rows}
    print(f"\nstatuses: {statuses}")
    print(f"WORKER TIMEOUT lines: {timeouts}; serve.sh exit status: {stopped}")
    print(
        f"target (each solve endpoint >= {TARGET_SHARE:.0%} of the floor, 0 errors): "
        f"{'met' if met else 'NOT met'}"
    )


def run_abuse(seconds: float, clients: int) -> None:
    print(
        f"\n## abuse: real rate limits, a flooder with {clients} connections "
        f"vs one person browsing, {seconds:g} s each variant"
    )
    typical = read_puzzles("top1465.txt", 200)
    worst = worst_puzzles()
    with tempfile.TemporaryDirectory(prefix="loadtest-") as directory:
        stack = stack_started(Path(directory))
        try:
            page = stack.fetch("GET", "/index").text
            static = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page)[1]
            print(f"gunicorn workers: {len(workers(stack))}")
            results = []
            for variant, sources in (
                ("flooder from one address", ["127.0.0.2"] * clients),
                ("flooder over many addresses", [f"127.0.0.{10 + i}" for i in range(clients)]),
            ):
                time.sleep(2)  # the limit's memory of an earlier variant drains
                watch = MemoryWatch(stack)
                watch.start()
                flood_result: list[Tally] = []
                flooder = threading.Thread(
                    target=lambda s=sources, into=flood_result: into.append(
                        crowd(stack.port, s, ["api", "answer"], worst, seconds)
                    )
                )
                flooder.start()
                time.sleep(0.5)  # the flood is under way before the person arrives
                person = browse(stack.port, "127.0.0.3", typical, static, seconds - 1)
                flooder.join()
                watch.stop()
                results.append((variant, flood_result[0], person, watch))
            log = stack.log_text()
            seen = Counter(
                line.split(" ", 1)[0]
                for line in (stack.run_dir / "logs" / "access.log").read_text().splitlines()
            )
        finally:
            stopped = stack.stop()
    for variant, flood, person, watch in results:
        sums = [sum(sample.values()) for sample in watch.samples if sample]
        biggest = max((max(sample.values()) for sample in watch.samples if sample), default=0)
        others = {s: n for s, n in flood.statuses.items() if s not in (200, 429)}
        print(f"\n### {variant}")
        print(
            f"- flooder: {flood.requests} requests ({flood.requests / flood.seconds:.0f}/s), "
            f"200: {flood.statuses[200]}, 429: {flood.statuses[429]}, other: {others or 'none'}"
            f"; p50 {percentile(flood.ms, 0.5):.1f} ms"
        )
        print(
            f"- person: {person.requests} requests, {person.errors} errors "
            f"(statuses {dict(person.statuses)}), p50 {percentile(person.ms, 0.5):.1f} ms, "
            f"p95 {percentile(person.ms, 0.95):.1f} ms, max {max(person.ms):.1f} ms"
        )
        print(
            f"- workers' VmRSS, all together: start {mib(sums[0])} MiB, end {mib(sums[-1])} MiB, "
            f"max {mib(max(sums))} MiB; largest single worker {mib(biggest)} MiB; "
            f"{len(watch.pids)} worker pids seen (gunicorn replaces a worker after ~1000 requests)"
        )
        ok = person.errors == 0 and percentile(person.ms, 0.95) < 500
        print(f"- person's target (p95 < 500 ms, 0 errors): {'met' if ok else 'NOT met'}")
    print(f"\nclient addresses in nginx's access log (requests): {dict(sorted(seen.items()))}")
    print(
        f"WORKER TIMEOUT lines in gunicorn's log: {log.count('WORKER TIMEOUT')}; "
        f"serve.sh exit status: {stopped}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", nargs="?", default="all", choices=["load", "abuse", "all"])
    parser.add_argument(
        "--seconds", type=float, help="per endpoint (load, 10) or variant (abuse, 30)"
    )
    parser.add_argument("--clients", type=int, default=8, help="connections (default 8)")
    args = parser.parse_args(argv)
    print(machine())
    if args.mode in ("load", "all"):
        run_load(args.seconds or 10, args.clients)
    if args.mode in ("abuse", "all"):
        run_abuse(args.seconds or 30, args.clients)
    return 0


if __name__ == "__main__":
    sys.exit(main())
