"""Load and abuse benchmark of the production stack (deploy/serve.sh: nginx in
front of gunicorn), on loopback, with the figures printed as markdown.

    .venv/bin/python -m bench.load [load|abuse|limits|all] [--seconds N] [--clients N]
        [--sets a.txt,b.txt] [--memory-seconds S]

The stack is started on a free port with a temporary runtime directory,
database and static root (by tests/support/stack.py, the starter the tests use),
and stopped with SIGTERM at the end. After a line naming the machine:

- ``load``: nginx's rate limits and caps on heavy work lifted for this run
  only (SUDOKU_BENCH_UNLIMITED=1, read by deploy/render.py; the real
  configuration is unchanged), ``--clients``
  keep-alive connections (one process each) send requests back to back for
  ``--seconds`` (default 10) to each endpoint in turn: GET /ping (a trivial
  Django view, the framework's floor), then for each of ``--sets`` (puzzle
  files of the shared puzzle directory, ``bench.sets``, default
  seventeen_clue.txt,top1465.txt)
  GET /answer?puzzle= (the 200 page a browser gets) and POST /api/solve, then
  GET /ping again, so that drift during the run shows. Table: requests, errors
  (a status other than 2xx/3xx, or an exception), requests a second,
  p50/p95/p99 ms (nearest rank), and each solve row's throughput as a share of
  the floor, the mean of the two /ping rows' rates. The verdict is given per
  set: both its solve endpoints at >= 70% of the floor, with 0 errors.
  No puzzle is sent twice in one endpoint's run while the set is large enough,
  so that no cache, anywhere, could flatter the figures: client i of N takes
  the set's puzzles i, i+N, i+2N... (its own slice, disjoint from the
  others'), from its first again only once it has sent all of them (a line
  after the table names each set a client ran through). The API's
  run takes the set from its end, so that it shares no puzzle with the answer
  page's run either while together they send fewer than the set holds; the
  warm-up sends copies with the digits renamed, never the set's own puzzles.
- ``abuse``: the real limits. A flooder (``--clients`` connections) sends the
  worst puzzles (forum_hardest, 17-clue, the empty grid, an unsolvable grid) to
  /api/solve and /answer as fast as it can, while a person browses (the entry
  page, an answer, an API solve, a static file, about 1.5 requests a second)
  from another address, for ``--seconds`` (default 30). Run twice: the flooder
  from one address (127.0.0.2), then spread over one address per connection
  (127.0.0.10 and up). Reported: the flooder's statuses, the person's
  requests, errors and p50/p95/max ms, gunicorn's WORKER TIMEOUT lines, and the
  workers' resident memory (VmRSS) at the start, the end and its maximum.
  With ``--memory-seconds S`` (S > 0), a third variant, "long flood", runs the
  many-address flooder and the person for S seconds and lists the workers'
  total VmRSS every 10 s, to show whether memory stays flat.
- ``limits``: the real limits, and one client that keeps within them: from
  127.0.0.2, a connection for each of nginx's heavy zones sends that zone's
  addresses in turn at 90% of its rate, for ``--seconds`` (default 60): the
  answer, the game, the API's solve and validate, the steps, the level, the
  API's steps, hint and rating on the hardest known puzzles
  (forum_hardest_1106.txt, each sent once); a new puzzle, the day's, the
  API's generate (extreme); a paste loaded; the next slice of its batch of
  10,000 of the hardest, that batch's page and CSV, the API's description.
  Meanwhile another client, from 127.0.0.1, asks for an easy puzzle's
  answer page (17-clue) and the entry page in turn, 0.2 s apart (alone for
  20 s first, for the machine's own pace). Reported:
  the other client's requests, median and p95 ms and 5xx count, the first
  client's statuses in each zone, gunicorn's WORKER TIMEOUT lines and
  nginx's 504s. Target: the other client's p95 at most 150 ms, no 5xx, no
  worker timed out.

Clients, nginx, gunicorn and Django share the machine's cores: compare
figures only within one run.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import random
import re
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from bench.machine import machine
from bench.sets import PUZZLES_DIR, REQUEST_SETS, parse_sets, read_set
from deploy import render
from solver.engine.levels import LEVELS
from tests.support.stack import Stack, file_form, form_token, start_stack

EMPTY = "." * 81
UNSOLVABLE = "12345678." + "........9" + "." * 63
TARGET_SHARE = 0.70
BROWSE_PAUSE = (0.4, 0.9)  # seconds a person waits between two requests
WORST_EACH = 20  # puzzles taken from each hard set for the flood
MEMORY_EVERY = 10.0  # seconds between two memory samples in the long flood


# --- puzzles -----------------------------------------------------------------


def client_slice(puzzles: list[str], client: int, clients: int) -> list[str]:
    """Client ``client`` of ``clients``'s own puzzles: every ``clients``-th from
    its number on, disjoint from the others'; one to share if the set is too small."""
    return puzzles[client::clients] or [puzzles[client % len(puzzles)]]


def renamed(puzzle: str) -> str:
    """The same puzzle with its digits renamed (1 to 2, ..., 9 to 1): as hard,
    but another string, for a warm-up that leaves the measured puzzles unsent."""
    return puzzle.translate(str.maketrans("123456789", "234567891"))


def worst_puzzles() -> list[str]:
    return (
        read_set("forum_hardest_1106.txt", WORST_EACH)
        + read_set("seventeen_clue.txt", WORST_EACH)
        + [EMPTY, UNSOLVABLE]
    )


# --- requests ----------------------------------------------------------------


@dataclass
class Tally:
    """What one client saw: each request's milliseconds and status (0 for an exception)."""

    ms: list[float] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    seconds: float = 0.0
    repeated: bool = False  # a puzzle was sent again (the client's slice ran out)

    def add(self, other: Tally) -> None:
        self.ms += other.ms
        self.statuses += other.statuses
        self.seconds = max(self.seconds, other.seconds)
        self.repeated = self.repeated or other.repeated

    @property
    def requests(self) -> int:
        return sum(self.statuses.values())

    @property
    def errors(self) -> int:
        return sum(n for status, n in self.statuses.items() if not 200 <= status < 400)

    @property
    def rate(self) -> float:
        """Requests a second."""
        return self.requests / self.seconds if self.seconds else 0.0


def request(kind: str, puzzle: str) -> tuple[str, str, bytes | None, dict[str, str]]:
    """Method, path, body and headers of one request of ``kind`` (a heavy
    address of the limits run, ``HEAVY``, too)."""
    if kind in HEAVY:
        return HEAVY[kind](puzzle)
    if kind == "ping":
        return "GET", "/ping", None, {}
    if kind == "answer":
        return "GET", f"/answer?puzzle={puzzle}", None, {}
    if kind == "api":
        body = json.dumps({"puzzle": puzzle}).encode()
        return "POST", "/api/solve", body, {"Content-Type": "application/json"}
    if kind == "index":
        return "GET", "/index", None, {}
    return "GET", kind, None, {}  # a path as it is (a static file)


class Client:
    """One keep-alive connection from ``source``; reconnects when nginx closes
    it. ``cookie`` is the last CSRF cookie a reply set, ``location`` the last
    reply's Location."""

    def __init__(self, port: int, source: str):
        self.port, self.source = port, source
        self.connection: http.client.HTTPConnection | None = None
        self.cookie = self.location = ""

    def send(self, kind: str, puzzle: str, tally: Tally) -> bytes:
        return self.exchange(request(kind, puzzle), tally)

    def exchange(self, asked: tuple, tally: Tally) -> bytes:
        """One request (method, path, body, headers): its reply's body, or b"".
        A kept connection that nginx has closed meanwhile (idle past its
        keepalive_timeout) is opened again, as a browser does."""
        start = time.perf_counter()
        try:
            try:
                status, content = self._ask(*asked)
            except (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError):
                self.close()
                status, content = self._ask(*asked)
        except (OSError, http.client.HTTPException):
            self.close()
            content, status = b"", 0
        tally.ms.append((time.perf_counter() - start) * 1000)
        tally.statuses[status] += 1
        return content

    def _ask(self, method: str, path: str, body: bytes | None, headers: dict) -> tuple:
        """The status and body of one request on the kept connection (opened if need be)."""
        if self.connection is None:
            self.connection = http.client.HTTPConnection(
                "127.0.0.1", self.port, timeout=60, source_address=(self.source, 0)
            )
        self.connection.request(method, path, body=body, headers=headers)
        response = self.connection.getresponse()
        content = response.read()
        self.location = response.getheader("Location", "")
        cookie = re.search(r"csrftoken=([^;]+)", response.getheader("Set-Cookie", ""))
        self.cookie = cookie[1] if cookie else self.cookie
        if response.will_close:
            self.close()
        return response.status, content

    def close(self) -> None:
        if self.connection is not None:
            self.connection.close()
            self.connection = None


def hammer(
    port: int,
    source: str,
    kinds: list[str],
    puzzles: list[str],
    seconds: float,
    seed: int,
    at_most: int | None = None,
):
    """Requests back to back for ``seconds`` (or until ``at_most`` are sent):
    the kinds in turn (from the ``seed``-th, so that clients differ),
    ``puzzles`` in order, from the first again only once all have been sent."""
    client, tally = Client(port, source), Tally()
    start = time.perf_counter()
    deadline = start + seconds
    sent = 0
    while time.perf_counter() < deadline and (at_most is None or sent < at_most):
        client.send(kinds[(seed + sent) % len(kinds)], puzzles[sent % len(puzzles)], tally)
        sent += 1
    tally.seconds = time.perf_counter() - start
    tally.repeated = sent > len(puzzles)
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
    """One process a connection (so the client is not held back by one GIL),
    each with its own slice of ``puzzles``."""
    with multiprocessing.get_context("fork").Pool(len(sources)) as pool:
        jobs = [
            pool.apply_async(
                hammer,
                (port, source, kinds, client_slice(puzzles, seed, len(sources)), seconds, seed),
            )
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
    """Samples the workers' memory every ``every`` seconds while it runs, and
    once more when stopped: ``samples`` holds (seconds since start, {pid: KiB})."""

    def __init__(self, stack: Stack, every: float = 0.5):
        super().__init__(daemon=True)
        self.stack, self.every, self.samples, self.pids = stack, every, [], set()
        self.halt = threading.Event()
        self.start_time = time.monotonic()

    def sample(self) -> None:
        found = workers(self.stack)
        self.pids |= set(found)
        self.samples.append((time.monotonic() - self.start_time, found))

    def run(self) -> None:
        while not self.halt.is_set():
            self.sample()
            self.halt.wait(self.every)

    def stop(self) -> None:
        self.halt.set()
        self.join()
        self.sample()

    def totals(self) -> list[tuple[float, int]]:
        """(seconds, all the workers' KiB together) of each sample that found any."""
        return [(at, sum(found.values())) for at, found in self.samples if found]


def mib(kib: float) -> str:
    return f"{kib / 1024:.1f}"


# --- the runs ----------------------------------------------------------------


def load_plan(sets: list[str]) -> list[tuple[str, str, str | None]]:
    """The load run's rows in order, each (label, request kind, puzzle file,
    None for the floor): /ping, each set's two solve endpoints, /ping again."""
    rows: list[tuple[str, str, str | None]] = [("GET /ping (floor, start)", "ping", None)]
    for name in sets:
        label = Path(name).stem
        rows += [
            (f"GET /answer ({label})", "answer", name),
            (f"POST /api/solve ({label})", "api", name),
        ]
    return [*rows, ("GET /ping (floor, end)", "ping", None)]


def floor(rows: list[tuple[str, str | None, Tally]]) -> tuple[float, float, float]:
    """/ping's rate at the start and at the end of the run, and their mean: the floor."""
    start, end = (tally.rate for _, name, tally in rows if name is None)
    return start, end, (start + end) / 2


def report_load(rows: list[tuple[str, str | None, Tally]]) -> None:
    """The table of (label, puzzle file or None for the floor, tally) rows, and the floor."""
    start, end, mean = floor(rows)
    print(
        "\n| endpoint | requests | errors | req/s | p50 ms | p95 ms | p99 ms | of floor |"
        "\n|---|---|---|---|---|---|---|---|"
    )
    for label, name, tally in rows:
        share = "-" if name is None else f"{tally.rate / mean:.0%}"
        print(
            f"| {label} | {tally.requests} | {tally.errors} | {tally.rate:.0f} "
            f"| {percentile(tally.ms, 0.50):.1f} | {percentile(tally.ms, 0.95):.1f} "
            f"| {percentile(tally.ms, 0.99):.1f} | {share} |"
        )
    print(
        f'\nthe floor ("of floor"): {mean:.0f} req/s, the mean of the two /ping rows '
        f"(start {start:.0f}, end {end:.0f} req/s: {end / start - 1:+.0%} over the run)"
    )
    print(f"statuses: { {label: dict(tally.statuses) for label, _, tally in rows} }")


def verdict(rows: list[tuple[str, str | None, Tally]]) -> str:
    """Met or NOT met for each set: both its solve endpoints at TARGET_SHARE
    of the floor or more, with 0 errors."""
    mean = floor(rows)[2]
    results = []
    for name in dict.fromkeys(name for _, name, _ in rows if name):
        mine = [tally for _, each, tally in rows if each == name]
        met = all(t.errors == 0 and t.rate >= TARGET_SHARE * mean for t in mine)
        results.append(f"{Path(name).stem} {'met' if met else 'NOT met'}")
    return (
        f"target (both solve endpoints >= {TARGET_SHARE:.0%} of the floor, 0 errors): "
        + "; ".join(results)
    )


def run_load(seconds: float, clients: int, sets: list[str]) -> None:
    print(f"\n## load: {clients} keep-alive clients, {seconds:g} s an endpoint, rate limits lifted")
    # Read first, so that a missing file fails before the stack starts.
    puzzles = {name: read_set(name) for name in sets}
    with tempfile.TemporaryDirectory(prefix="bench-load-") as directory:
        stack = start_stack(Path(directory), SUDOKU_BENCH_UNLIMITED="1")
        try:
            print(f"gunicorn workers: {len(workers(stack))}; sets: {', '.join(sets)}")
            sources = ["127.0.0.1"] * clients
            warm_up = [renamed(puzzle) for puzzle in puzzles[sets[0]]]
            crowd(stack.port, sources, ["ping", "answer", "api"], warm_up, 1.0)
            rows = []
            for label, kind, name in load_plan(sets):
                order = puzzles.get(name, [""])  # /ping sends no puzzle
                if kind == "api":
                    order = order[::-1]  # from the set's end: none the answer run sent
                rows.append((label, name, crowd(stack.port, sources, [kind], order, seconds)))
            timeouts = stack.log_text().count("WORKER TIMEOUT")
        finally:
            stopped = stack.stop()
    report_load(rows)
    # A client sent a puzzle again: a cache could have helped.
    small = sorted({Path(n).stem for _, n, t in rows if n and t.repeated})
    print(f"sets a client ran through (puzzles sent again): {small or 'none'}")
    print(f"WORKER TIMEOUT lines: {timeouts}; serve.sh exit status: {stopped}")
    print(verdict(rows))


def abuse_variant(stack: Stack, sources, seconds, every, typical, worst, static):
    """The flooder from ``sources`` and the person at once, for ``seconds``,
    memory sampled every ``every`` seconds: (flood, person, watch)."""
    time.sleep(2)  # the limit's memory of an earlier variant drains
    watch = MemoryWatch(stack, every)
    watch.start()
    flood_result: list[Tally] = []
    flooder = threading.Thread(
        target=lambda: flood_result.append(
            crowd(stack.port, sources, ["api", "answer"], worst, seconds)
        )
    )
    flooder.start()
    time.sleep(0.5)  # the flood is under way before the person arrives
    person = browse(stack.port, "127.0.0.3", typical, static, seconds - 1)
    flooder.join()
    watch.stop()
    return flood_result[0], person, watch


def report_variant(variant: str, flood: Tally, person: Tally, watch: MemoryWatch) -> None:
    totals = watch.totals()
    sums = [kib for _, kib in totals]
    biggest = max((max(found.values()) for _, found in watch.samples if found), default=0)
    others = {s: n for s, n in flood.statuses.items() if s not in (200, 429)}
    print(f"\n### {variant}")
    print(
        f"- flooder: {flood.requests} requests ({flood.rate:.0f}/s), "
        f"200: {flood.statuses[200]}, 429: {flood.statuses[429]}, other: {others or 'none'}"
        f"; p50 {percentile(flood.ms, 0.5):.1f} ms"
    )
    print(
        f"- person: {person.requests} requests, {person.errors} errors "
        f"(statuses {dict(person.statuses)}), p50 {percentile(person.ms, 0.5):.1f} ms, "
        f"p95 {percentile(person.ms, 0.95):.1f} ms, max {max(person.ms):.1f} ms"
    )
    if watch.every >= MEMORY_EVERY:  # the long flood: the whole series, to see whether it is flat
        series = ", ".join(f"t={at:.0f}s {mib(kib)} MiB" for at, kib in totals)
        print(f"- workers' VmRSS, all together, every {watch.every:g} s: {series}")
    print(
        f"- workers' VmRSS, all together: start {mib(sums[0])} MiB, end {mib(sums[-1])} MiB, "
        f"max {mib(max(sums))} MiB; largest single worker {mib(biggest)} MiB; "
        f"{len(watch.pids)} worker pids seen (gunicorn replaces a worker after ~1000 requests)"
    )
    ok = person.errors == 0 and percentile(person.ms, 0.95) < 500
    print(f"- person's target (p95 < 500 ms, 0 errors): {'met' if ok else 'NOT met'}")


def run_abuse(seconds: float, clients: int, memory_seconds: float = 0.0) -> None:
    print(
        f"\n## abuse: real rate limits, a flooder with {clients} connections "
        f"vs one person browsing, {seconds:g} s each variant"
    )
    typical = read_set("top1465.txt", 200)
    worst = worst_puzzles()
    many = [f"127.0.0.{10 + i}" for i in range(clients)]
    variants = [
        ("flooder from one address", ["127.0.0.2"] * clients, seconds, 0.5),
        ("flooder over many addresses", many, seconds, 0.5),
    ]
    if memory_seconds > 0:
        variants.append((f"long flood ({memory_seconds:g} s)", many, memory_seconds, MEMORY_EVERY))
    with tempfile.TemporaryDirectory(prefix="bench-load-") as directory:
        stack = start_stack(Path(directory))
        try:
            page = stack.fetch("GET", "/index").text
            static = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page)[1]
            print(f"gunicorn workers: {len(workers(stack))}")
            results = [
                (variant, *abuse_variant(stack, sources, length, every, typical, worst, static))
                for variant, sources, length, every in variants
            ]
            log = stack.log_text()
        finally:
            stopped = stack.stop()
    for result in results:
        report_variant(*result)
    # (nginx's access log names no client address, by design: nothing to count there.)
    print(
        f"\nWORKER TIMEOUT lines in gunicorn's log: {log.count('WORKER TIMEOUT')}; "
        f"serve.sh exit status: {stopped}"
    )


# --- the limits run: one client within its limits on every heavy address ----

OTHER_SOURCE = "127.0.0.1"
FIRST_ATTACKER = 2  # the attackers are 127.0.0.2, 127.0.0.3...
ATTACKERS = [1, 2, 4]
OTHER_PAUSE = 0.2  # seconds between two of the other client's requests
OTHER_KINDS = ("17-clue", "top1465", "index")
OTHER_TARGET_MS = 150  # the entry page's p95
ANSWER_SHARE, ANSWER_TARGET_MS = 0.90, 2000  # the answer pages' successes and p95
ALONE_SECONDS = 20.0  # the other client alone first, to show the machine's own pace
PACE = 0.9  # the share of each zone's rate the first client sends at
BATCH_OF_HARDEST = 10_000
BATCH_TRIES = 60  # a second apart


def json_request(path: str, body: dict) -> tuple[str, str, bytes, dict[str, str]]:
    return "POST", path, json.dumps(body).encode(), {"Content-Type": "application/json"}


@cache
def _photo() -> bytes:
    """One drawn photo of a grid (the reader's own synthetic set), made once."""
    from solver.photos.synthetic import synthetic_set

    return synthetic_set(1)[0].data


def photo_request(_: str) -> tuple[str, str, bytes, dict[str, str]]:
    """A photo posted to /api/read as the page's script posts it (multipart, field ``image``)."""
    boundary = "bench-load-photo"
    body = (
        (
            f'--{boundary}\r\nContent-Disposition: form-data; name="image"; filename="grid.jpg"\r\n'
            "Content-Type: image/jpeg\r\n\r\n"
        ).encode()
        + _photo()
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return "POST", "/api/read", body, {"Content-Type": f"multipart/form-data; boundary={boundary}"}


def linked(path: str) -> Callable[[str], tuple]:
    return lambda puzzle: ("GET", f"{path}?puzzle={puzzle}", None, {})


def fixed(method: str, path: str) -> Callable[[str], tuple]:
    return lambda _: (method, path, None, {})


# Each heavy address of the limits run, by the name the zones below give it:
# its request on a puzzle. The forms' addresses (a paste loaded, a batch's),
# which need the client's CSRF token, come from ``session``.
HEAVY: dict[str, Callable[[str], tuple]] = {
    "answer": linked("/answer"),
    "play": linked("/play"),
    "api-solve": lambda p: json_request("/api/solve", {"puzzle": p}),
    "validate": linked("/api/validate"),
    "steps": linked("/steps"),
    "level": linked("/level"),
    "api-steps": lambda p: json_request("/api/steps", {"puzzle": p}),
    "hint": lambda p: json_request("/api/hint", {"puzzle": p}),
    "rating": linked("/api/rating"),
    "new": fixed("GET", f"/new?level={LEVELS[-1]}"),
    "daily": fixed("GET", "/daily"),
    "generate": lambda _: json_request("/api/generate", {"level": LEVELS[-1]}),
    "openapi": fixed("GET", "/api/openapi.json"),
    "read": photo_request,
}
# nginx's heavy zones (deploy/nginx.conf), each with the addresses sent to it.
ZONE_KINDS = {
    "solve": ["answer", "play", "api-solve", "validate"],
    "teach": ["steps", "level", "api-steps", "hint", "rating"],
    "make": ["generate", "new", "daily"],
    "load": ["paste"],
    "batch": ["batch-step"],
    "reports": ["batch-page", "batch-csv", "openapi"],
    "photos": ["read"],
}


def session(port: int, source: str, puzzles: list[str]) -> dict[str, Callable[[str], tuple]]:
    """The forms' requests of a client at ``source``, with its CSRF cookie and
    token: a paste loaded, and the slice, page and CSV of a batch of
    ``BATCH_OF_HARDEST`` of ``puzzles``, posted as the batch page posts it
    (again a second later while the site's dear work is busy, as the page's
    script does: several clients start together)."""
    client, tally = Client(port, source), Tally()
    page = client.exchange(("GET", "/batch", None, {}), tally).decode()
    token = form_token(page)
    cookie = f"csrftoken={client.cookie}"
    lines = (puzzles * (BATCH_OF_HARDEST // len(puzzles) + 1))[:BATCH_OF_HARDEST]
    body, kind = file_form(token, "hardest.txt", "\n".join(lines))
    for _ in range(BATCH_TRIES):
        client.location = ""
        client.exchange(("POST", "/batch", body, {"Content-Type": kind, "Cookie": cookie}), tally)
        if client.location.startswith("/batch/"):
            break
        time.sleep(1.0)
    address = client.location
    client.close()
    if not address.startswith("/batch/"):
        raise RuntimeError(f"the batch was not stored: {dict(tally.statuses)}")
    form = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": cookie,
            "Accept": "application/json"}  # fmt: skip
    step = f"csrfmiddlewaretoken={token}".encode()
    return {
        "paste": lambda p: ("POST", "/load", step + f"&puzzle={p}".encode(), form),
        "batch-step": lambda _: ("POST", f"{address}/step", step, form),
        "batch-page": fixed("GET", address),
        "batch-csv": fixed("GET", f"{address}.csv"),
    }


def paced(port, source, kinds, puzzles, rate, seconds, extra) -> Tally:
    """``kinds`` in turn from ``source`` at ``rate`` requests a second (one
    at a time: a request slower than the pace delays the next), each on the
    next of ``puzzles`` (none sent twice while they last), for ``seconds``."""
    requests = {**HEAVY, **extra}
    client, tally = Client(port, source), Tally()
    start = time.perf_counter()
    due, sent = start, 0
    while (now := time.perf_counter()) < start + seconds:
        time.sleep(max(0.0, due - now))
        asked = requests[kinds[sent % len(kinds)]](puzzles[sent % len(puzzles)])
        client.exchange(asked, tally)
        due += 1 / rate
        sent += 1
    tally.seconds = time.perf_counter() - start
    client.close()
    return tally


def other_pages(port: int, source: str, easy: list[str], hard: list[str], seconds: float):
    """Another client: an easy puzzle's answer page, the entry page, a hard
    puzzle's answer page and the entry page in turn, ``OTHER_PAUSE`` apart.
    Its tallies by ``OTHER_KINDS``."""
    client = Client(port, source)
    tallies = {kind: Tally() for kind in OTHER_KINDS}
    deadline = time.perf_counter() + seconds
    sent = 0
    while time.perf_counter() < deadline:
        kind = OTHER_KINDS[(0, 2, 1, 2)[sent % 4]]  # an answer, the entry page, by turns
        puzzles = hard if kind == OTHER_KINDS[1] else easy
        path = "index" if kind == "index" else "answer"
        client.send(path, puzzles[(sent // 4) % len(puzzles)], tallies[kind])
        sent += 1
        time.sleep(OTHER_PAUSE)
    client.close()
    return tallies


def zone_rates() -> dict[str, float]:
    """Each heavy zone's rate a second, as deploy/render.py writes it."""
    return {
        zone: render.per_second(rate)
        for zone, (rate, _) in render.ZONES.items()
        if zone in ZONE_KINDS
    }


def attacker_source(number: int) -> str:
    return f"127.0.0.{FIRST_ATTACKER + number}"


def run_limits(seconds: float, counts: list[int]) -> None:
    rates = zone_rates()
    print(
        f"\n## limits: {', '.join(map(str, counts))} clients each within its limits on every "
        f"heavy address, another's pages, {seconds:g} s"
    )
    hardest = read_set("forum_hardest_1106.txt")
    easy, hard = read_set("seventeen_clue.txt", 500), read_set("top1465.txt")
    rows = []
    for count in counts:
        with tempfile.TemporaryDirectory(prefix="bench-load-") as directory:
            stack = start_stack(Path(directory))
            try:
                if not rows:
                    print(
                        f"gunicorn workers: {len(workers(stack))}; zones' rates a second: {rates}"
                    )
                    alone = other_pages(
                        stack.port, OTHER_SOURCE, easy[::-1], hard[::-1], ALONE_SECONDS
                    )
                zones, other = limits_run(stack.port, rates, hardest, easy, hard, seconds, count)
                log = stack.log_text()
                access = (stack.run_dir / "logs" / "access.log").read_text()
            finally:
                stopped = stack.stop()
        timeouts, gateway = log.count("WORKER TIMEOUT"), len(re.findall(r'" 504 ', access))
        rows.append((count, zones, other, timeouts, gateway, stopped))
    print(
        f"\nthe other client alone first, {ALONE_SECONDS:g} s: "
        + "; ".join(f"{kind} p95 {percentile(t.ms, 0.95):.1f} ms" for kind, t in alone.items())
        + " (the machine's own pace, for comparison)"
    )
    report_limits(rows)


def attack(port, source, hardest, rates, seconds, start, results) -> None:
    """One client at ``source``: its batch stored, then each heavy zone a
    thread of its own at ``PACE`` of the zone's rate, from the ``start``
    barrier for ``seconds``; its tallies by zone put in ``results``."""
    try:
        extra = session(port, source, hardest)
    except RuntimeError as error:
        start.wait()  # the others are not kept waiting by a client that failed
        print(f"{source}: {error}", file=sys.stderr)
        results.put({})
        return
    start.wait()
    with ThreadPoolExecutor(max_workers=len(ZONE_KINDS)) as threads:
        jobs = {
            zone: threads.submit(
                paced, port, source, kinds, client_slice(hardest, n, len(ZONE_KINDS)),
                PACE * rates[zone], seconds, extra,
            )
            for n, (zone, kinds) in enumerate(ZONE_KINDS.items())
        }  # fmt: skip
        results.put({zone: job.result() for zone, job in jobs.items()})


def watch(port, easy, hard, seconds, start, results) -> None:
    start.wait()
    results.put(other_pages(port, OTHER_SOURCE, easy, hard, seconds))


def limits_run(port, rates, hardest, easy, hard, seconds, count):
    """``count`` attackers, and the other client, each a process of its own
    (no GIL shared), started together once every attacker's batch is stored:
    the attackers' tallies by zone, summed, and the other client's by kind."""
    context = multiprocessing.get_context("fork")
    start, results, other_results = context.Barrier(count + 1), context.Queue(), context.Queue()
    processes = [
        context.Process(
            target=attack,
            args=(port, attacker_source(n), client_slice(hardest, n, count), rates, seconds,
                  start, results),
        )
        for n in range(count)
    ]  # fmt: skip
    processes.append(
        context.Process(target=watch, args=(port, easy, hard, seconds, start, other_results))
    )
    for process in processes:
        process.start()
    zones = {zone: Tally() for zone in ZONE_KINDS}
    for _ in range(count):
        for zone, tally in results.get(timeout=seconds + 300).items():
            zones[zone].add(tally)
    other = other_results.get(timeout=seconds + 300)
    for process in processes:
        process.join()
    return zones, other


def report_limits(rows) -> None:
    """The table of the limits runs, one row for each count of attackers, and the verdicts."""
    print(
        "\n| attackers | their statuses (all zones) | 17-clue answers: ok, p95 ms | "
        "top1465 answers: ok, p95 ms | entry page: ok, p95 ms | worker timeouts, 504s |"
    )
    print("|---|---|---|---|---|---|")
    verdicts = []
    for count, zones, other, timeouts, gateway, _ in rows:
        statuses = Counter()
        for tally in zones.values():
            statuses += tally.statuses
        cells = [f"{share_ok(other[kind]):.1%}, {percentile(other[kind].ms, 0.95):.0f}"
                 for kind in OTHER_KINDS]  # fmt: skip
        print(f"| {count} | {dict(sorted(statuses.items()))} | {' | '.join(cells)} | "
              f"{timeouts}, {gateway} |")  # fmt: skip
        answers_met = all(
            share_ok(other[kind]) >= ANSWER_SHARE
            and percentile(other[kind].ms, 0.95) <= ANSWER_TARGET_MS
            for kind in OTHER_KINDS[:2]
        )
        cheap_met = percentile(other["index"].ms, 0.95) <= OTHER_TARGET_MS
        verdicts.append((count, answers_met and cheap_met and timeouts == 0 and gateway == 0))
    for count, zones, *_ in rows:
        print(f"\n{count} attackers, by zone: " + "; ".join(
            f"{zone} {dict(sorted(t.statuses.items()))}" for zone, t in zones.items()))  # fmt: skip
    print(
        f"\n- target (the other client's answers, easy and hard, ok at least {ANSWER_SHARE:.0%} "
        f"with p95 <= {ANSWER_TARGET_MS} ms; its entry page p95 <= {OTHER_TARGET_MS} ms; no "
        "worker timed out, no 504): "
        + ", ".join(f"{count} attackers {'met' if met else 'NOT met'}" for count, met in verdicts)
    )


def share_ok(tally: Tally) -> float:
    """The share of ``tally``'s requests answered 2xx or 3xx."""
    return 1 - tally.errors / tally.requests if tally.requests else 0.0


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "mode", nargs="?", default="all", choices=["load", "abuse", "limits", "all"]
    )
    parser.add_argument(
        "--seconds",
        type=float,
        help="per endpoint (load, 10), variant (abuse, 30) or run (limits, 60)",
    )
    parser.add_argument("--clients", type=int, default=8, help="connections (default 8)")
    parser.add_argument(
        "--sets",
        type=parse_sets,
        default=list(REQUEST_SETS),
        help=f"load: puzzle files of {PUZZLES_DIR}, comma-separated "
        f"(default {','.join(REQUEST_SETS)})",
    )
    parser.add_argument(
        "--attackers",
        type=lambda text: [int(n) for n in text.split(",")],
        default=ATTACKERS,
        help="limits: the counts of attacking clients, a run each (default 1,2,4)",
    )
    parser.add_argument(
        "--memory-seconds",
        type=float,
        default=0.0,
        help="abuse: then a long flood of this many seconds, memory every 10 s (default 0: none)",
    )
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = arguments(argv)
    print(machine("clients, nginx and gunicorn share them"))
    if args.mode in ("load", "all"):
        run_load(args.seconds or 10, args.clients, args.sets)
    if args.mode in ("abuse", "all"):
        run_abuse(args.seconds or 30, args.clients, args.memory_seconds)
    if args.mode in ("limits", "all"):
        run_limits(args.seconds or 60, args.attackers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
