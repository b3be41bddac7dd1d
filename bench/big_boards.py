"""What the largest boards cost a request: a new 25x25 puzzle, its steps
page, and the API's steps with ``all``, as markdown.

    .venv/bin/python -m bench.big_boards [--rounds 3] [--puzzles FILE]

The site runs as production does (DEBUG off) on a throwaway database
(``bench.site``), asked through Django's test client in this process, with
the site's own budgets (SUDOKU_GENERATE_SECONDS, SUDOKU_SOLVE_SECONDS,
SUDOKU_EXPLAIN_SECONDS). ``/new?size=25&seed=18`` (the seed an attacker
picked) is asked with the stock empty, then holding one puzzle. The steps
page is asked of each 25x25 puzzle: the tests' (``SIZED``) and those of
``--puzzles`` (one a line, e.g. made by ``manage.py generate --stock``),
first with no walk kept (the walks' cache cleared before each), the
slowest of ``rounds``. Each row says the status, the seconds (wall and
this process's CPU) and the bytes.
"""

from __future__ import annotations

import argparse
import json
import tempfile
import time

from bench.machine import machine
from bench.site import start_django
from tests.support.puzzles import SIZED

SEED_18 = "/new?size=25&seed=18"


def timed(action) -> tuple[int, float, float, int]:
    """(status, seconds, CPU seconds, bytes) of ``action()``, a test client's
    response. On a shared machine the CPU seconds are the worker's own cost;
    the site's budgets are read on the wall clock, so they hold either way."""
    start, cpu = time.perf_counter(), time.process_time()
    response = action()
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    return response.status_code, seconds, cpu, len(response.content)


def slowest(action, rounds: int, before=lambda: None) -> tuple[int, float, float, int]:
    """The slowest of ``rounds`` calls of ``action``, ``before()`` ahead of each."""
    runs = []
    for _ in range(rounds):
        before()
        runs.append(timed(action))
    return max(runs, key=lambda run: run[1])


def rows(puzzles: list[str], rounds: int) -> list[tuple[str, int, float, float, int]]:
    """(what, status, seconds, CPU seconds, bytes) for each request measured."""
    from django.core.cache import caches
    from django.test import Client

    from solver.addresses import steps_url
    from solver.engine import parse_puzzle, shape
    from solver.library import stock
    from solver.library.models import Stocked
    from solver.teaching.pages import lesson_of

    client = Client(HTTP_HOST="localhost")

    def fresh():
        caches["walks"].clear()
        lesson_of.cache_clear()

    Stocked.objects.filter(size=25).delete()  # what a new site is shipped, too
    found = [("new 25x25, seed 18, stock empty", *slowest(lambda: client.get(SEED_18), rounds))]
    stock.add(shape(5, 5), parse_puzzle(puzzles[0]))
    found.append(("new 25x25, seed 18, stocked", *slowest(lambda: client.get(SEED_18), rounds)))
    for number, text in enumerate(puzzles, 1):
        address = steps_url(parse_puzzle(text))
        found.append(
            (
                f"/steps, 25x25 puzzle {number}",
                *slowest(lambda address=address: client.get(address), rounds, fresh),
            )
        )
        body = json.dumps({"puzzle": text.replace("\n", ""), "all": True})
        found.append(
            (
                f"/api/steps all, 25x25 puzzle {number}",
                *slowest(
                    lambda body=body: client.post(
                        "/api/steps", body, content_type="application/json"
                    ),
                    rounds,
                    fresh,
                ),
            )
        )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--puzzles", help="more 25x25 puzzles, one a line")
    options = parser.parse_args()
    start_django(tempfile.mkdtemp(prefix="bench-big-"))
    puzzles = [SIZED["25x25"]]
    if options.puzzles:
        with open(options.puzzles, encoding="utf-8") as lines:
            puzzles += [line.strip() for line in lines if line.strip()]
    print(machine("one used") + "\n")
    print(f"Django's test client, the slowest of {options.rounds}:\n")
    print("| request | status | seconds | CPU seconds | bytes |\n|---|---|---|---|---|")
    for what, status, seconds, cpu, size in rows(puzzles, options.rounds):
        print(f"| {what} | {status} | {seconds:.2f} | {cpu:.2f} | {size:,} |", flush=True)


if __name__ == "__main__":
    main()
