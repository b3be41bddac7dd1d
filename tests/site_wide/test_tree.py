"""The test tree's own rule: a test module takes what it shares from
tests/support/ (or a conftest's fixtures), never from another test module or a
test package's __init__, so that moving or deleting one test breaks no other."""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
SUPPORT = "tests.support"


def borrowed(source: str) -> set[str]:
    """The modules of the test tree, but its support, that Python ``source`` imports."""
    names = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return {
        name
        for name in names
        if (name == "tests" or name.startswith("tests."))
        and not (name == SUPPORT or name.startswith(SUPPORT + "."))
    }


def test_no_test_module_imports_another():
    offenders = {
        str(path.relative_to(TESTS.parent)): sorted(borrowed(path.read_text()))
        for path in sorted(TESTS.rglob("*.py"))
        if "support" not in path.relative_to(TESTS).parts
    }
    assert {path: names for path, names in offenders.items() if names} == {}


def test_the_rule_sees_a_test_module_or_package_imported_and_lets_support_be():
    source = (
        "import pytest\nfrom tests.entry.test_sizes import BOARDS\nfrom tests.cli import rows_of\n"
        "import tests.api.test_errors\nfrom tests.support.sized import FOUR\n"
        "from tests.support import puzzles\nfrom .conftest import x\n"
    )
    assert borrowed(source) == {"tests.entry.test_sizes", "tests.cli", "tests.api.test_errors"}
