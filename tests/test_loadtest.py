"""deploy/loadtest.py's pieces, quickly: the full benchmark is run by hand."""

from __future__ import annotations

import importlib.util
import json
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.test_settings import ROOT

spec = importlib.util.spec_from_file_location("loadtest", ROOT / "deploy" / "loadtest.py")
loadtest = importlib.util.module_from_spec(spec)
sys.modules["loadtest"] = loadtest  # its dataclasses look themselves up there
spec.loader.exec_module(loadtest)


def test_percentiles_are_nearest_rank():
    values = list(range(1, 101))
    assert loadtest.percentile(values, 0.50) == 50
    assert loadtest.percentile(values, 0.95) == 95
    assert loadtest.percentile(values, 0.99) == 99
    assert loadtest.percentile([7.0], 0.99) == 7.0


def test_requests_are_built_as_a_browser_and_a_script_send_them():
    puzzle = loadtest.read_puzzles("top1465.txt", 1)[0]
    assert loadtest.request("ping", puzzle)[:2] == ("GET", "/ping")
    assert loadtest.request("answer", puzzle)[1] == f"/answer/?puzzle={puzzle}"
    method, path, body, headers = loadtest.request("api", puzzle)
    assert (method, path, json.loads(body)) == ("POST", "/api/solve", {"puzzle": puzzle})
    assert headers["Content-Type"] == "application/json"


def test_the_worst_puzzles_include_the_empty_and_an_unsolvable_grid():
    worst = loadtest.worst_puzzles()
    assert loadtest.EMPTY in worst
    assert loadtest.UNSOLVABLE in worst
    assert all(len(puzzle) == 81 for puzzle in worst)
    assert len(worst) == 2 * loadtest.WORST_EACH + 2


def test_a_client_keeps_its_source_address_and_counts_statuses():
    seen = []

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self):
            seen.append(self.client_address[0])
            status = 200 if self.path == "/ping" else 429
            self.send_response(status)
            self.send_header("Content-Length", "2")
            self.end_headers()
            self.wfile.write(b"ok")

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        tally = loadtest.hammer(server.server_port, "127.0.0.2", ["ping", "answer"], ["."], 0.3, 0)
    finally:
        server.shutdown()
    assert tally.requests > 2
    assert tally.statuses[200]
    assert tally.statuses[429]
    assert tally.errors == tally.statuses[429]
    assert set(seen) == {"127.0.0.2"}
    assert "cores" in loadtest.machine()
