"""The engine is pure Python: it imports nothing from Django."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "solver" / "engine"


def test_importing_the_engine_loads_no_django_module():
    modules = [f"solver.engine.{path.stem}" for path in sorted(ENGINE.glob("[!_]*.py"))]
    script = (
        f"import sys, solver.engine, {', '.join(modules)}\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] == 'django'))"
    )
    run = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


def test_no_engine_module_names_django_in_an_import():
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            assert not any(name.split(".")[0] == "django" for name in names), path
