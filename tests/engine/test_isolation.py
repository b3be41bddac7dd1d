"""The engine is pure Python: it imports nothing from Django."""

import ast
from pathlib import Path

from tests.support.isolation import django_loaded_by

ROOT = Path(__file__).resolve().parents[2]
ENGINE = ROOT / "solver" / "engine"


def test_importing_the_engine_loads_no_django_module():
    modules, django = django_loaded_by("solver.engine")
    assert "solver.engine.plain" in modules
    assert django == []


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
