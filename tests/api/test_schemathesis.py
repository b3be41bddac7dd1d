"""A schema-driven fuzz run: Schemathesis, from /api/openapi.json, against the live server.

Every check Schemathesis has runs (server errors, status codes, content types,
reply schemas, rejection of invalid data, acceptance of valid data, methods not
allowed...), with the project's ``schemathesis.toml``, which says why 400 is a
proper answer to a schema-valid text that is no puzzle.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
ST = Path(sys.executable).with_name("st")


# Every run sends the same requests (and replays no past failures), so its
# outcome never hangs on chance; another seed is another run worth trying by hand.
SEED = "2026"


def schemathesis(live_server, workdir: Path, *options: str, config: Path | None = None):
    """``st run`` against the live server's schema, in ``workdir``, seeded."""
    command = [str(ST)]
    if config is not None:
        command += ["--config-file", str(config)]
    command += ["--no-color", "run", f"{live_server.url}/api/openapi.json", *options]
    command += ["--seed", SEED, "--generation-database", "none"]
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
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert "Tested: 13" in run.stdout  # every operation in the schema


@pytest.mark.slow
def test_the_fuzz_run_can_fail(live_server, tmp_path):
    """Without the project's settings, its 400 for texts that are no puzzle is
    reported: the run really checks the replies."""
    run = schemathesis(live_server, tmp_path, "--max-examples", "10", "--phases", "coverage")
    assert run.returncode != 0
    assert "Schema-valid request rejected" in run.stdout
