"""bench/load.py's pieces, quickly: the full benchmark is run by hand."""

from __future__ import annotations

import argparse
import json
import threading
from collections import Counter, defaultdict
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from itertools import chain
from urllib.parse import parse_qs, urlsplit

import pytest

from bench import load
from bench.sets import read_set
from deploy import render


@contextmanager
def serving(handler: type[BaseHTTPRequestHandler]):
    """A local threaded server of ``handler`` on a free port; yields the port."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server.server_port
    finally:
        server.shutdown()
        server.server_close()


@contextmanager
def recording_server():
    """A local server answering /ping 200 and anything else 429; it yields its
    port and the (client address, path) of each request, in order."""
    seen = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            seen.append((self.client_address[0], self.path))
            self.send_response(200 if self.path == "/ping" else 429)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args):
            pass

    with serving(Handler) as port:
        yield port, seen


def puzzle_of(path: str) -> str:
    return parse_qs(urlsplit(path).query)["puzzle"][0]


def tally(requests: int, errors: int = 0) -> load.Tally:
    """What a run of one second with ``requests`` requests, ``errors`` of them 500s, saw."""
    statuses = Counter({200: requests - errors, 500: errors})
    return load.Tally(ms=[10.0] * requests, statuses=+statuses, seconds=1.0)


def test_percentiles_are_nearest_rank():
    values = list(range(1, 101))
    assert load.percentile(values, 0.50) == 50
    assert load.percentile(values, 0.95) == 95
    assert load.percentile(values, 0.99) == 99
    assert load.percentile([7.0], 0.99) == 7.0


def test_requests_are_built_as_a_browser_and_a_script_send_them():
    puzzle = read_set("top1465.txt", 1)[0]
    assert load.request("ping", puzzle)[:2] == ("GET", "/ping")
    assert load.request("answer", puzzle)[1] == f"/answer?puzzle={puzzle}"
    method, path, body, headers = load.request("api", puzzle)
    assert (method, path, json.loads(body)) == ("POST", "/api/solve", {"puzzle": puzzle})
    assert headers["Content-Type"] == "application/json"


def test_the_worst_puzzles_include_the_empty_and_an_unsolvable_grid():
    worst = load.worst_puzzles()
    assert load.EMPTY in worst
    assert load.UNSOLVABLE in worst
    assert all(len(puzzle) == 81 for puzzle in worst)
    assert len(worst) == 2 * load.WORST_EACH + 2


def test_a_client_keeps_its_source_address_and_counts_statuses():
    with recording_server() as (port, seen):
        tally = load.hammer(port, "127.0.0.2", ["ping", "answer"], ["."], 0.3, 0)
    assert tally.requests > 2
    assert tally.statuses[200]
    assert tally.statuses[429]
    assert tally.errors == tally.statuses[429]
    assert {address for address, _ in seen} == {"127.0.0.2"}


def test_each_client_has_its_own_slice_of_the_set():
    puzzles = [f"p{number}" for number in range(100)]
    slices = [load.client_slice(puzzles, client, 8) for client in range(8)]
    assert slices[1][:3] == ["p1", "p9", "p17"]
    assert sorted(chain(*slices)) == sorted(puzzles)  # disjoint, and none left out
    small = [load.client_slice(["a", "b", "c"], client, 8) for client in range(8)]
    assert all(len(mine) == 1 for mine in small)  # too few to share out: one each, shared


def test_a_client_sends_its_puzzles_once_each_before_starting_again():
    with recording_server() as (port, seen):
        # Bounded by the requests sent, not the clock: a loaded machine sends as many.
        tally = load.hammer(port, "127.0.0.2", ["answer"], ["a", "b", "c"], 600, 5, at_most=8)
    sent = [puzzle_of(path) for _, path in seen]
    assert sent == ["a", "b", "c", "a", "b", "c", "a", "b"]
    assert tally.repeated  # and the run says so


def test_a_client_that_never_ran_out_of_puzzles_sent_none_again():
    many = [str(n) for n in range(1_000_000)]
    with recording_server() as (port, seen):
        tally = load.hammer(port, "127.0.0.2", ["answer"], many, 0.2, 0)
    assert len({puzzle_of(path) for _, path in seen}) == len(seen) == tally.requests
    assert not tally.repeated


def test_clients_of_one_run_never_send_the_same_puzzle():
    """Each client process from an address of its own, so the server tells them apart."""
    sources = ["127.0.0.2", "127.0.0.3", "127.0.0.4"]
    with recording_server() as (port, seen):
        total = load.crowd(port, sources, ["answer"], [str(n) for n in range(10**5)], 0.3)
    by_client = defaultdict(list)
    for address, path in seen:
        by_client[address].append(puzzle_of(path))
    assert set(by_client) == set(sources)
    sent = list(chain(*by_client.values()))
    assert len(sent) == total.requests >= len(sources)  # each sends one at least, however loaded
    assert len(set(sent)) == len(sent)


def test_the_warm_up_sends_other_strings_of_the_same_puzzles():
    puzzle = read_set("top1465.txt", 1)[0]
    warm = load.renamed(puzzle)
    assert warm != puzzle
    assert [cell == "." for cell in warm] == [cell == "." for cell in puzzle]
    assert warm.translate(str.maketrans("234567891", "123456789")) == puzzle  # renamed alone


def test_the_sets_give_a_floor_row_at_each_end_and_two_rows_a_set():
    args = load.arguments(["load", "--sets", "seventeen_clue.txt, top1465.txt"])
    assert args.sets == load.arguments([]).sets == ["seventeen_clue.txt", "top1465.txt"]
    assert load.load_plan(args.sets) == [
        ("GET /ping (floor, start)", "ping", None),
        ("GET /answer (seventeen_clue)", "answer", "seventeen_clue.txt"),
        ("POST /api/solve (seventeen_clue)", "api", "seventeen_clue.txt"),
        ("GET /answer (top1465)", "answer", "top1465.txt"),
        ("POST /api/solve (top1465)", "api", "top1465.txt"),
        ("GET /ping (floor, end)", "ping", None),
    ]
    with pytest.raises(argparse.ArgumentTypeError):
        load.parse_sets(" , ")


def test_shares_and_verdicts_are_per_set_against_the_mean_floor(capsys):
    """Floors of 100 and 80 requests a second: the floor is 90, and 70% of it 63."""
    rows = [
        ("GET /ping (floor, start)", None, tally(100)),
        ("GET /answer (a)", "a.txt", tally(70)),
        ("POST /api/solve (a)", "a.txt", tally(63)),
        ("GET /answer (b)", "b.txt", tally(90)),
        ("POST /api/solve (b)", "b.txt", tally(62)),
        ("GET /answer (c)", "c.txt", tally(90, errors=1)),
        ("POST /api/solve (c)", "c.txt", tally(90)),
        ("GET /ping (floor, end)", None, tally(80)),
    ]
    load.report_load(rows)
    printed = capsys.readouterr().out
    assert "| POST /api/solve (a) | 63 | 0 | 63 | 10.0 | 10.0 | 10.0 | 70% |" in printed
    assert "| GET /ping (floor, end) | 80 | 0 | 80 | 10.0 | 10.0 | 10.0 | - |" in printed
    assert "90 req/s, the mean of the two /ping rows (start 100, end 80" in printed
    assert load.verdict(rows).endswith(": a met; b NOT met; c NOT met")


def test_the_long_flood_lists_the_workers_memory_every_ten_seconds(capsys):
    watch = load.MemoryWatch(stack=None, every=load.MEMORY_EVERY)
    kib = 1024
    watch.samples = [(0.0, {1: 100 * kib, 2: 43 * kib}), (10.2, {1: 150 * kib}), (20.1, {})]
    watch.samples.append((24.9, {1: 70 * kib, 3: 80 * kib}))
    load.report_variant("long flood", tally(5), tally(4), watch)
    printed = capsys.readouterr().out
    assert "t=0s 143.0 MiB, t=10s 150.0 MiB, t=25s 150.0 MiB" in printed
    assert "start 143.0 MiB, end 150.0 MiB, max 150.0 MiB" in printed


def test_the_memory_run_is_off_unless_asked():
    assert load.arguments(["abuse"]).memory_seconds == 0
    assert load.arguments(["abuse", "--memory-seconds", "600"]).memory_seconds == 600


@contextmanager
def closing_server():
    """A local server that closes each connection after its reply without
    saying so (as nginx closes a kept connection left idle): it yields its
    port and the paths asked, in order."""
    seen = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            seen.append(self.path)
            self.send_response(200)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")
            self.close_connection = True

        def log_message(self, *args):
            pass

    with serving(Handler) as port:
        yield port, seen


def test_a_kept_connection_the_server_closed_is_opened_again():
    with closing_server() as (port, seen):
        client, tally = load.Client(port, "127.0.0.2"), load.Tally()
        for _ in range(3):
            assert client.exchange(("GET", "/index", None, {}), tally) == b"ok"
        client.close()
    assert tally.statuses == Counter({200: 3})
    assert seen == ["/index"] * 3


def test_the_limits_run_sends_each_zones_addresses_in_turn_on_new_puzzles():
    """One client (one address), each address of its zone in turn, each
    puzzle once while they last; the forms' addresses come from its session."""
    extra = {"paste": lambda p: ("GET", f"/load?puzzle={p}", None, {})}
    puzzles = [str(n) for n in range(1000)]
    with recording_server() as (port, seen):
        tally = load.paced(port, "127.0.0.2", ["answer", "paste"], puzzles, 1000.0, 0.2, extra)
    assert {address for address, _ in seen} == {"127.0.0.2"}
    paths = [path for _, path in seen]
    assert len(paths) == tally.requests >= 2
    assert [path.split("?")[0] for path in paths[:2]] == ["/answer", "/load"]
    assert [puzzle_of(path) for path in paths] == puzzles[: len(paths)]


def test_every_heavy_zone_is_sent_to_and_at_its_own_rate():
    rates = load.zone_rates()
    assert set(rates) == set(load.ZONE_KINDS) == set(render.ZONES) - {"pages"}
    assert rates["solve"] == 4
    kinds = {kind for zone in load.ZONE_KINDS.values() for kind in zone}
    assert kinds - set(load.HEAVY) == {"paste", "batch-step", "batch-page", "batch-csv"}


def test_the_limits_run_reports_each_count_of_attackers_against_the_targets(capsys):
    """Met: the other's answers ok 90% of the time with p95 within 2 s, its entry
    page's p95 within 150 ms, no worker timed out, no 504."""
    zones = {"solve": tally(10), "teach": tally(2)}
    good = dict.fromkeys(load.OTHER_KINDS, tally(20))
    refused = load.Tally(ms=[10.0] * 20, statuses=Counter({200: 17, 503: 3}), seconds=1)
    slow = load.Tally(ms=[10.0] * 18 + [3000.0] * 2, statuses=Counter({200: 20}), seconds=1)
    rows = [
        (2, zones, good, 0, 0, 0),
        (4, zones, {**good, "top1465": refused}, 0, 0, 0),
        (5, zones, {**good, "17-clue": slow}, 0, 0, 0),
        (6, zones, good, 1, 0, 0),
    ]
    load.report_limits(rows)
    printed = capsys.readouterr().out
    assert "| 2 | {200: 12} | 100.0%, 10 | 100.0%, 10 | 100.0%, 10 | 0, 0 |" in printed
    assert "| 4 | {200: 12} | 100.0%, 10 | 85.0%, 10 |" in printed
    assert (
        "2 attackers met, 4 attackers NOT met, 5 attackers NOT met, 6 attackers NOT met" in printed
    )


def test_the_other_client_asks_for_easy_and_hard_answers_and_the_entry_page(monkeypatch):
    monkeypatch.setattr(load, "OTHER_PAUSE", 0.0)
    with recording_server() as (port, seen):
        tallies = load.other_pages(port, "127.0.0.1", ["e1", "e2"], ["h1"], 0.2)
    paths = [path for _, path in seen]
    assert paths[:4] == ["/answer?puzzle=e1", "/index", "/answer?puzzle=h1", "/index"]
    assert set(tallies) == set(load.OTHER_KINDS)
    assert sum(t.requests for t in tallies.values()) == len(paths)
