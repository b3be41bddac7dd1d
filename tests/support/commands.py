"""Running a benchmark's command as a person would, from the repository's root."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


# A benchmark that runs longer has hung: a safety net, never a bound on its work,
# which a loaded machine makes slower.
HUNG_SECONDS = 600


def printed(module: str, *args: str) -> list[str]:
    """The lines ``python -m MODULE ARGS`` prints; it must succeed."""
    run = subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=HUNG_SECONDS,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout.splitlines()
