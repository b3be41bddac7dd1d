"""The site's pages at each size: what a board larger than 9x9 costs the
server, and how soon Chromium can be typed into its entry grid, as markdown.

    .venv/bin/python -m bench.pages_sizes [--rounds 30]

The site runs as production does (DEBUG off) on a throwaway database
(``bench.site``). Server: the answer page and the empty entry page of one puzzle of each size
(``tests.support.puzzles.SIZED``, the 9x9 one ``HARD``), asked of Django's
test client in this process; each figure is the median of ``rounds`` after
one to warm up. The answer page's time less the engine's (the solve's own
``elapsed``) is what drawing the page costs; the last column is that cost
as a ratio of the 9x9 page's.

Browser: Debian's Chromium (headless, /usr/bin/chromium) opens
``/index?size=N`` from the production stack (deploy/serve.sh: gunicorn behind
Debian's nginx, which serves the hashed static files; started for the run)
and reads the page's navigation timing: from the request to the end of
DOMContentLoaded, when the page's module scripts have run and typing is
handled. The median of ``rounds`` first visits
(a fresh profile each) and of the visits right after each (the scripts and
styles from the browser's cache, as the site's static files are kept a year).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from django.test import Client
from playwright.sync_api import sync_playwright

from bench.machine import machine
from bench.site import start_django
from solver.addresses import answer_url, entry_url
from solver.engine import Budget, parse_puzzle, shape_of_grid, solve
from tests.support.puzzles import HARD, SIZED
from tests.support.stack import start_stack

CHROMIUM = "/usr/bin/chromium"
PUZZLES = {"9x9": HARD} | {name: text for name, text in SIZED.items() if name != "9x9"}
READY = """() => {
  const [timing] = performance.getEntriesByType("navigation");
  return timing.domContentLoadedEventEnd - timing.startTime;
}"""


def median_ms(action, rounds: int) -> float:
    """The median time of ``action()`` over ``rounds`` calls, after one to warm up, in ms."""
    action()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def server_rows(rounds: int) -> list[tuple[str, float, float, float, float]]:
    """(size, answer page ms, engine ms, entry page ms, drawing ms) for each puzzle."""
    client = Client()
    rows = []
    for name, text in sorted(PUZZLES.items(), key=lambda item: len(parse_puzzle(item[1]))):
        puzzle = parse_puzzle(text)
        side = shape_of_grid(puzzle).size
        answer = answer_url(puzzle)
        page = median_ms(lambda address=answer: client.get(address), rounds)
        engine = median_ms(lambda grid=puzzle: solve(grid, budget=Budget(max_seconds=30)), rounds)
        entry = median_ms(lambda size=side: client.get(entry_url(size)), rounds)
        rows.append((name, page, engine, entry, page - engine))
    return rows


def browser_rows(rounds: int) -> list[tuple[str, float, float]]:
    """(size, ms to an interactive entry page on a first visit, and on the
    next, with the browser's cache) for each size, in Chromium, from the
    production stack."""
    stack = start_stack(Path(tempfile.mkdtemp(prefix="bench-pages-stack-")))
    base = f"http://127.0.0.1:{stack.port}"
    rows = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM)
            for name, text in sorted(PUZZLES.items(), key=lambda item: len(parse_puzzle(item[1]))):
                side = shape_of_grid(parse_puzzle(text)).size
                first, again = [], []
                for attempt in range(rounds + 1):
                    context = browser.new_context()  # a fresh cache and cookies each time
                    page = context.new_page()
                    page.goto(base + entry_url(side))
                    if attempt:  # the first warms the server up
                        first.append(page.evaluate(READY))
                        page.goto(base + entry_url(side))
                        again.append(page.evaluate(READY))
                    context.close()
                rows.append((name, statistics.median(first), statistics.median(again)))
            browser.close()
    finally:
        stack.stop()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=30)
    rounds = parser.parse_args().rounds
    start_django(tempfile.mkdtemp(prefix="bench-pages-"))
    print(machine("the server, nginx and Chromium share them") + "\n")
    rows = server_rows(rounds)
    base = next(drawing for name, *_, drawing in rows if name == "9x9")
    print(f"Server, Django's test client, median of {rounds}:\n")
    print("| size | answer page ms | engine ms | page less engine ms | x 9x9 | entry page ms |")
    print("|---|---|---|---|---|---|")
    for name, page, engine, entry, drawing in rows:
        print(
            f"| {name} | {page:.2f} | {engine:.2f} | {drawing:.2f} | {drawing / base:.2f} "
            f"| {entry:.2f} |"
        )
    print(f"\nChromium, the entry page interactive (DOMContentLoaded's end), median of {rounds}:\n")
    print("| size | first visit ms | next visit ms |\n|---|---|---|")
    for name, first, next_visit in browser_rows(rounds):
        print(f"| {name} | {first:.0f} | {next_visit:.0f} |")


if __name__ == "__main__":
    main()
