"""Running a benchmark's command as a person would, from the repository's root."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def printed(module: str, *args: str) -> list[str]:
    """The lines ``python -m MODULE ARGS`` prints; it must succeed within a minute."""
    run = subprocess.run(
        [sys.executable, "-m", module, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stderr
    return run.stdout.splitlines()
