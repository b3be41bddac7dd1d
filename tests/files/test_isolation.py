"""The files package (the command line's) is plain Python: no module of it imports Django."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "solver" / "files"


def test_importing_every_module_of_the_package_loads_no_django_module():
    modules = sorted(f"solver.files.{path.stem}" for path in PACKAGE.glob("[!_]*.py"))
    assert len(modules) >= 4
    script = (
        f"import sys, solver.files, {', '.join(modules)}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"
