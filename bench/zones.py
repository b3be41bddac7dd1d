"""The dearest request of each of nginx's rate zones, measured in process, and
how much of a worker a client sending at the zone's rate would keep busy,
printed as markdown.

    .venv/bin/python -m bench.zones [--puzzles N]

deploy/nginx.conf sizes each zone's rate so that the rate times the zone's
dearest request stays within one worker-second a second; deploy/render.py's
``ZONES`` holds each rate and the dearest request's seconds it assumes. Here
each zone's requests are made as the site answers them: Django in this
process, DEBUG off, the site's own budgets (SUDOKU_SOLVE_SECONDS...), on a
throwaway database, one request at a time, each kind once first to warm up:

- solve and teach: the first ``--puzzles`` (default 10) of
  forum_hardest_1106.txt, each address on puzzles of its own (a rating is
  kept and a lesson remembered: a puzzle asked twice costs less);
- make: a puzzle of each level made by /new and by the API's generate, and
  the day's puzzles, each on an empty library (each has to make its puzzles);
- load: a paste, and a file of the largest size the entry page reads;
- batch: 10,000 17-clue puzzles posted (stored, and the first slice solved),
  then a slice of a batch of the hardest puzzles;
- reports: the 10,000 puzzles' batch page and CSV once solved, the API's
  description;
- pages: the entry page, the library, a puzzle's page, the scripts'
  catalog, the batch form, the API's docs.

Each request's cost is the CPU time this process spent on it (what it costs
a worker on a machine of its own, whatever else the machine runs); the wall
time is shown beside it. A request bounded by a budget of wall time
(SUDOKU_EXPLAIN_SECONDS, SUDOKU_GENERATE_SECONDS, a batch's slice) holds its
worker up to that budget on a loaded machine, however little CPU it gets.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable

from bench.machine import machine
from bench.sets import read_set
from bench.site import start_django
from deploy import render
from solver.engine.levels import LEVELS

BATCH_PUZZLES = 10_000
PAGE_TIMES = 5  # each page and report is asked this often, after a first to warm up


def timed(ask: Callable[[], object]) -> tuple[float, float]:
    """The CPU and wall milliseconds ``ask`` took, its reply read whole (a
    CSV is streamed). A reply that ran out of its time (503: no puzzle made
    within SUDOKU_GENERATE_SECONDS) counts, as a worker paid for it;
    RuntimeError for any other error."""
    cpu, wall = time.process_time(), time.perf_counter()
    reply = ask()
    if getattr(reply, "streaming", False):
        b"".join(reply.streaming_content)
    spent = ((time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000)
    if reply.status_code >= 400 and reply.status_code != 503:
        raise RuntimeError(f"{reply.request['PATH_INFO']} answered {reply.status_code}")
    return spent


def repeated(ask: Callable[[], object], times: int = PAGE_TIMES) -> list[tuple[float, float]]:
    """``ask`` once to warm up, then ``times`` times measured."""
    ask()
    return [timed(ask) for _ in range(times)]


def each(client, kinds: dict[str, Callable], puzzles: list[str], warm: str):
    """Each kind of request on its own share of ``puzzles``, after one on ``warm``."""
    share = len(puzzles) // len(kinds)
    rows = {}
    for i, (label, ask) in enumerate(kinds.items()):
        ask(client, warm)
        mine = puzzles[i * share : (i + 1) * share]
        rows[label] = [timed(lambda p=p, ask=ask: ask(client, p)) for p in mine]
    return rows


def json_post(client, path: str, body: dict):
    return client.post(path, json.dumps(body), "application/json")


SOLVE = {
    "GET /answer": lambda c, p: c.get("/answer", {"puzzle": p}),
    "GET /play": lambda c, p: c.get("/play", {"puzzle": p}),
    "POST /api/solve": lambda c, p: json_post(c, "/api/solve", {"puzzle": p}),
    "GET /api/validate": lambda c, p: c.get("/api/validate", {"puzzle": p}),
}
TEACH = {
    "GET /steps": lambda c, p: c.get("/steps", {"puzzle": p}),
    "GET /level": lambda c, p: c.get("/level", {"puzzle": p}),
    "POST /api/steps": lambda c, p: json_post(c, "/api/steps", {"puzzle": p}),
    "POST /api/hint": lambda c, p: json_post(c, "/api/hint", {"puzzle": p}),
    "GET /api/rating": lambda c, p: c.get("/api/rating", {"puzzle": p}),
}


def measure_make(client) -> dict[str, list[tuple[float, float]]]:
    """/new and the API's generate for each level, then /daily, each on an empty library."""
    from solver.library.models import Daily, Puzzle

    def emptied(ask: Callable[[], object]) -> Callable[[], object]:
        def run():
            Daily.objects.all().delete()
            Puzzle.objects.all().delete()
            return ask()

        return run

    rows: dict[str, list] = {"GET /new": [], "POST /api/generate": [], "GET /daily": []}
    for level in LEVELS:
        rows["GET /new"].append(timed(emptied(lambda lv=level: client.get("/new", {"level": lv}))))
        generate = emptied(lambda lv=level: json_post(client, "/api/generate", {"level": lv}))
        rows["POST /api/generate"].append(timed(generate))
    rows["GET /daily"].append(timed(emptied(lambda: client.get("/daily"))))
    return rows


def measure_load(client, hardest: list[str]) -> dict[str, list[tuple[float, float]]]:
    """A paste, and a file of the most the entry page reads (FILE_MAX_BYTES)."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from solver.core.uploads import FILE_MAX_BYTES

    lines = "\n".join(hardest * (FILE_MAX_BYTES // 82 + 1))[: FILE_MAX_BYTES - 1].encode()

    def upload():
        return client.post("/load", {"file": SimpleUploadedFile("many.txt", lines, "text/plain")})

    return {
        "POST /load (a paste)": repeated(lambda: client.post("/load", {"puzzle": hardest[0]})),
        "POST /load (a 64 KB file)": repeated(upload),
    }


def measure_batches(client, hardest: list[str]) -> tuple[dict, dict]:
    """The batch zone's posts and the reports zone's reads: (batch rows, report rows)."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from solver.batches.models import Batch
    from solver.batches.store import create_batch, run_slice

    many = "\n".join(read_set("seventeen_clue.txt", BATCH_PUZZLES)).encode()
    upload = SimpleUploadedFile("many.txt", many, "text/plain")
    posted = timed(lambda: client.post("/batch", {"file": upload}))
    big = Batch.objects.latest("created")
    while run_slice(big, 60.0):
        pass
    hard = create_batch("hardest", "\n".join(hardest * 50))
    steps = [timed(lambda: client.post(f"/batch/{hard.pk}/step")) for _ in range(3)]
    batch_rows = {f"POST /batch ({BATCH_PUZZLES:,} puzzles)": [posted], "POST a step": steps}
    report_rows = {
        f"GET a batch's page ({BATCH_PUZZLES:,} rows)": repeated(
            lambda: client.get(f"/batch/{big.pk}")
        ),
        f"GET its CSV ({BATCH_PUZZLES:,} rows)": repeated(
            lambda: client.get(f"/batch/{big.pk}.csv")
        ),
        "GET /api/openapi.json": repeated(lambda: client.get("/api/openapi.json")),
    }
    return batch_rows, report_rows


def measure_pages(client, puzzle: str) -> dict[str, list[tuple[float, float]]]:
    from solver.library.models import Puzzle

    client.get(f"/new?level={LEVELS[0]}")  # stored, as a visitor's new puzzle is
    stored = Puzzle.objects.first()
    paths = ["/index", f"/index?puzzle={puzzle}", "/library", f"/p/{stored.pk}", "/jsi18n"]
    paths += ["/batch", "/api/docs"]
    return {
        f"GET {path.split('?')[0]}{' (filled)' if '?' in path else ''}": repeated(
            lambda p=path: client.get(p)
        )
        for path in paths
    }


def measure(puzzles: int) -> dict[str, dict[str, list[tuple[float, float]]]]:
    """Each zone's requests, each with the (CPU, wall) milliseconds of every time it was asked."""
    from django.test import Client

    client = Client()
    hardest = read_set("forum_hardest_1106.txt", puzzles * (len(SOLVE) + len(TEACH)))
    warm = read_set("seventeen_clue.txt", 1)[0]
    batch, reports = measure_batches(client, hardest)
    return {
        "pages": measure_pages(client, hardest[0]),
        "solve": each(client, SOLVE, hardest[: puzzles * len(SOLVE)], warm),
        "load": measure_load(client, hardest),
        "teach": each(client, TEACH, hardest[puzzles * len(SOLVE) :], warm),
        "make": measure_make(client),
        "batch": batch,
        "reports": reports,
    }


def dearest(rows: dict[str, list[tuple[float, float]]]) -> tuple[float, float]:
    """A zone's dearest request: its CPU seconds, and the wall seconds of that request."""
    cpu, wall = max(spent for times in rows.values() for spent in times)
    return cpu / 1000, wall / 1000


def report(zones: dict[str, dict[str, list[tuple[float, float]]]]) -> None:
    """One row a request, then each zone's dearest against its rate."""
    print(
        "\n| zone | request | times | CPU ms, median | CPU ms, max | wall ms, max |"
        "\n|---|---|---|---|---|---|"
    )
    for zone, rows in zones.items():
        for label, times in rows.items():
            cpu = [spent[0] for spent in times]
            wall = max(spent[1] for spent in times)
            print(
                f"| {zone} | {label} | {len(times)} | {statistics.median(cpu):.0f} "
                f"| {max(cpu):.0f} | {wall:.0f} |"
            )
    print(
        "\n| zone | rate | dearest, CPU s (wall s) | rate × dearest (workers) "
        "| nginx.conf assumes, s | within it |\n|---|---|---|---|---|---|"
    )
    for zone, rows in zones.items():
        rate, assumed = render.ZONES[zone]
        cpu, wall = dearest(rows)
        within = "yes" if cpu <= assumed else "NO"
        print(
            f"| {zone} | {rate} | {cpu:.3f} ({wall:.3f}) | {render.per_second(rate) * cpu:.2f} "
            f"| {assumed:g} | {within} |"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--puzzles", type=int, default=10, help="hardest puzzles an address (default 10)"
    )
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as directory:
        start_django(directory)
        print(machine("one used, one request at a time"))
        report(measure(args.puzzles))
    return 0


if __name__ == "__main__":
    sys.exit(main())
