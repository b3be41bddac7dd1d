"""Which Django modules a fresh interpreter loads when it imports a package's modules."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def django_loaded_by(package: str) -> tuple[list[str], list[str]]:
    """The modules of ``package`` (e.g. ``solver.engine``), and the ``django``
    modules loaded by importing it and each of them in a new interpreter;
    AssertionError if an import fails."""
    folder = ROOT.joinpath(*package.split("."))
    modules = sorted(f"{package}.{path.stem}" for path in folder.glob("[!_]*.py"))
    script = (
        f"import sys, {package}, {', '.join(modules)}\n"
        "print(*sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return modules, run.stdout.split()
