"""The house's rules for its features, as tests: the engine and the command
line import no Django; a feature never imports another feature's views;
every address is built in ``solver.addresses``; each feature's folder holds
its views, and its tests mirror it in ``tests/<feature>/``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOLVER = ROOT / "solver"
FEATURES = ["entry", "teaching", "library", "play", "batches"]
# Functions that build an address, which only solver/addresses.py may call.
ADDRESS_BUILDERS = {"reverse", "urlencode", "reverse_lazy"}


def modules(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*.py") if "migrations" not in path.parts)


def imported(path: Path) -> set[str]:
    """Every module ``path`` imports, written absolute (``solver.x.y``)."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            names.add(module)
            names |= {f"{module}.{alias.name}" for alias in node.names}
    return names


def calls(path: Path) -> set[str]:
    """The names of the functions ``path`` calls (``f(...)`` or ``x.f(...)``)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            function = node.func
            found.add(
                function.attr
                if isinstance(function, ast.Attribute)
                else getattr(function, "id", "")
            )
    return found


def test_the_import_reader_sees_relative_imports_as_absolute():
    assert "solver.entry.views" in imported(SOLVER / "urls.py")
    assert "solver.entry.pages.linked_game" in imported(SOLVER / "play" / "views.py")


@pytest.mark.parametrize("feature", FEATURES)
def test_no_feature_imports_another_features_views(feature):
    others = [f"solver.{other}.views" for other in FEATURES if other != feature]
    found = {
        (str(path.relative_to(ROOT)), name)
        for path in modules(SOLVER / feature)
        for name in imported(path)
        if any(name == view or name.startswith(view + ".") for view in others)
    }
    assert found == set()


def test_only_the_addresses_module_builds_addresses():
    builders = {
        str(path.relative_to(ROOT))
        for path in modules(SOLVER)
        if calls(path) & ADDRESS_BUILDERS and path != SOLVER / "addresses.py"
    }
    assert builders == set()


@pytest.mark.parametrize("feature", FEATURES)
def test_each_feature_has_its_folder_of_views_and_a_folder_of_tests(feature):
    assert (SOLVER / feature / "views.py").is_file()
    assert (ROOT / "tests" / feature / "test_views.py").is_file()


def test_every_package_of_the_app_has_its_tests_folder():
    packages = {path.parent.name for path in SOLVER.glob("*/__init__.py")}
    untested = {name for name in packages if not (ROOT / "tests" / name).is_dir()}
    assert untested == {"management", "migrations"}
