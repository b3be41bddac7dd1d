"""A schema-driven fuzz run: Schemathesis, from /api/openapi.json, against the live server.

Every check Schemathesis has runs (server errors, status codes, content types,
reply schemas, rejection of invalid data, acceptance of valid data, methods not
allowed...), with the project's ``schemathesis.toml``, which says why 400 is a
proper answer to a schema-valid text that is no puzzle.
"""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ST = Path(sys.executable).with_name("st")


# A new seed each run (printed, and in every failure's message), so each run
# tries other requests; FUZZ_SEED=N replays run N. No past failures replayed.
SEED = os.environ.get("FUZZ_SEED") or str(secrets.randbelow(2**31))
REPLAY = f"seed {SEED}: replay with FUZZ_SEED={SEED}"
LIBRARY = "^/api/(generate|puzzles/random|daily)$"


def schemathesis(live_server, workdir: Path, *options: str, config: Path | None = None):
    """``st run`` against the live server's schema, in ``workdir``, seeded."""
    command = [str(ST)]
    if config is not None:
        command += ["--config-file", str(config)]
    command += ["--no-color", "run", f"{live_server.url}/api/openapi.json", *options]
    command += ["--seed", SEED, "--generation-database", "none"]
    print(REPLAY)
    return subprocess.run(command, capture_output=True, text=True, timeout=600, cwd=workdir)


# Each request's work is bounded by the site's budgets, kept small here (the
# conftest's are out of reach, and a fuzzed puzzle's whole lesson could take
# minutes): a reply cut short by one (a verdict that gave up, a lesson ending
# in trial steps, a 503 for a puzzle not made in time) is one the schema
# lists, so the run's outcome never hangs on the machine's load.
@pytest.mark.slow
def test_a_fuzz_run_of_every_operation_finds_no_failure(live_server, tmp_path, settings):
    settings.SUDOKU_SOLVE_SECONDS = 0.1
    settings.SUDOKU_EXPLAIN_SECONDS = 0.1
    settings.SUDOKU_GENERATE_SECONDS = 0.2
    run = schemathesis(
        live_server, tmp_path, "--max-examples", "60", config=REPO / "schemathesis.toml"
    )
    assert run.returncode == 0, REPLAY + "\n" + run.stdout[-6000:] + run.stderr[-2000:]
    assert "Tested: 14" in run.stdout  # every operation in the schema


# Checks named on the command line outrank an operation's `enabled = false`
# in the toml (schemathesis's ChecksConfig.from_hierarchy): the exemption is
# a 503 among not_a_server_error's expected statuses, which holds either way.
@pytest.mark.slow
@pytest.mark.parametrize("checks", [(), ("--checks", "not_a_server_error")])
def test_an_empty_librarys_503_is_accepted(live_server, tmp_path, checks):
    har = tmp_path / "run.har"
    run = schemathesis(
        live_server,
        tmp_path,
        "--include-path-regex",
        LIBRARY,
        "--phases",
        "coverage",
        *checks,
        "--report",
        "har",
        "--report-har-path",
        str(har),
        config=REPO / "schemathesis.toml",
    )
    assert run.returncode == 0, REPLAY + "\n" + run.stdout[-6000:]
    entries = json.loads(har.read_text())["log"]["entries"]
    not_ready = {
        entry["request"]["url"].split("/api/")[1].split("?")[0]
        for entry in entries
        if entry["response"]["status"] == 503
        and "not_ready" in entry["response"]["content"].get("text", "")
    }
    assert not_ready == {"generate", "puzzles/random", "daily"}, REPLAY


@pytest.mark.slow
def test_any_other_5xx_still_fails_the_run(live_server, tmp_path, monkeypatch):
    """The same not_ready reply answered 504 instead of 503 is a server error."""
    from solver.api.errors import failure
    from solver.core.issues import Issue
    from solver.library import api

    monkeypatch.setattr(api, "_not_ready", lambda level: failure(504, [Issue("not_ready", level)]))
    run = schemathesis(
        live_server,
        tmp_path,
        "--include-path-regex",
        "^/api/daily$",
        "--phases",
        "coverage",
        config=REPO / "schemathesis.toml",
    )
    assert run.returncode != 0, REPLAY + "\n" + run.stdout[-6000:]
    assert "Server error" in run.stdout, REPLAY


@pytest.mark.slow
def test_the_fuzz_run_can_fail(live_server, tmp_path):
    """Without the project's settings, its 400 for texts that are no puzzle is
    reported: the run really checks the replies."""
    run = schemathesis(live_server, tmp_path, "--max-examples", "10", "--phases", "coverage")
    assert run.returncode != 0
    assert "Schema-valid request rejected" in run.stdout
