"""The line naming the machine that heads every benchmark's output."""

from __future__ import annotations

import os
import platform
from pathlib import Path


def cpu_model(cpuinfo: Path = Path("/proc/cpuinfo")) -> str | None:
    """The CPU's model name as ``cpuinfo`` gives it, or None if it cannot be read there."""
    try:
        lines = cpuinfo.read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        key, _, value = line.partition(":")
        if key.strip() == "model name" and value.strip():
            return value.strip()
    return None


def machine(cores_used: str) -> str:
    """One line naming the machine: CPU model (when readable), the cores this
    process may use and those online, ``cores_used`` (how the run uses them),
    Python and the system."""
    return (
        f"Machine: CPU {cpu_model() or 'model unknown'}, "
        f"{len(os.sched_getaffinity(0))} cores usable ({os.cpu_count()} online; {cores_used}), "
        f"Python {platform.python_version()} ({platform.python_implementation()}), "
        f"{platform.system()} {platform.release()} {platform.machine()}"
    )
