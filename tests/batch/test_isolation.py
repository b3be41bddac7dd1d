"""The batch package is plain Python: no module of it imports Django."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BATCH = ROOT / "solver" / "batch"


def test_importing_every_batch_module_loads_no_django_module():
    modules = sorted(f"solver.batch.{path.stem}" for path in BATCH.glob("[!_]*.py"))
    assert len(modules) >= 4
    script = (
        f"import sys, solver.batch, {', '.join(modules)}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"
