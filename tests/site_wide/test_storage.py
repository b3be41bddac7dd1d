"""Hashed static names reach what script modules import: collectstatic with
the production storage (sudoku_site/storage.py) rewrites each relative
import in a hashed module to a hashed file that exists, so a browser keeps
every module for a year and never pairs modules of two releases.

Django finds imports with regular expressions, not a parser; the checker here
is broader than Django's patterns, so an import Django misses (one without a
``;``, say) fails the test instead of slipping through under a plain name.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import override_settings

from tests.support.stack import clean_environment

ROOT = Path(__file__).resolve().parents[2]
HASHED = re.compile(r"\.[0-9a-f]{12}\.js$")
# A relative module specifier after `from`, `import` or `import(`, in any quotes.
SPECIFIER = re.compile(r"""\b(?:from|import)\s*\(?\s*(["'`])(\.{1,2}/[^"'`]*)\1""")
STORAGE = {"staticfiles": {"BACKEND": "sudoku_site.storage.HashedModulesStorage"}}


def wrong_imports(static_root: Path) -> list[str]:
    """Each relative import in a hashed .js under ``static_root`` that does
    not name an existing hashed file, as "module: specifier"."""
    wrong = []
    for module in sorted(static_root.rglob("*.js")):
        if not HASHED.search(module.name):
            continue
        for _, specifier in SPECIFIER.findall(module.read_text(encoding="utf-8")):
            target = module.parent / specifier
            if not (HASHED.search(specifier) and target.is_file()):
                wrong.append(f"{module.relative_to(static_root)}: {specifier}")
    return wrong


@pytest.fixture(scope="module")
def collected(tmp_path_factory) -> Path:
    """The site's static files collected as deploy/serve.sh collects them (the
    settings' own choice of storage, in a fresh process); the static root."""
    static_root = tmp_path_factory.mktemp("static")
    result = subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "--verbosity", "0"],
        cwd=ROOT,
        env=clean_environment(DJANGO_STATIC_MANIFEST="1", DJANGO_STATIC_ROOT=str(static_root)),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    return static_root


def test_every_relative_import_in_a_hashed_module_names_a_hashed_file(collected):
    assert wrong_imports(collected) == []


def test_the_entry_script_imports_its_modules_by_hashed_names(collected):
    (entry,) = (collected / "js" / "entry").glob("entry.*.js")
    imported = [specifier for _, specifier in SPECIFIER.findall(entry.read_text())]
    source = (ROOT / "static" / "js" / "entry" / "entry.js").read_text().splitlines()
    assert len(imported) == sum(line.startswith("import ") for line in source) >= 9
    assert all(HASHED.search(specifier) for specifier in imported), imported


def collect(source: Path, static_root: Path) -> None:
    """collectstatic of ``source`` alone (no app's own files) into
    ``static_root``, with the production storage."""
    with override_settings(
        INSTALLED_APPS=["django.contrib.staticfiles"],
        STATICFILES_DIRS=[source],
        STATIC_ROOT=static_root,
        STORAGES=STORAGE,
    ):
        call_command("collectstatic", "--noinput", "--verbosity", "0")


def write_modules(directory: Path, **modules: str) -> None:
    (directory / "js").mkdir(parents=True)
    for name, text in modules.items():
        (directory / "js" / f"{name}.js").write_text(text, encoding="utf-8")


def test_the_forms_of_import_the_site_uses_are_all_rewritten(tmp_path):
    """Named, multi-line, re-exported, bare and dynamic imports, with the word
    "import" in a comment before them."""
    write_modules(
        tmp_path / "source",
        a="export const a = 1;\n",
        b=(
            "// Each import below ends with a semicolon.\n"
            'import { a } from "./a.js";\n'
            'import {\n  a as again,\n} from "./a.js";\n'
            'export { a } from "./a.js";\n'
            'import "./a.js";\n'
            'const later = import("./a.js");\n'
        ),
    )
    collect(tmp_path / "source", tmp_path / "static")
    assert wrong_imports(tmp_path / "static") == []
    (module,) = (tmp_path / "static" / "js").glob("b.*.js")
    assert len(SPECIFIER.findall(module.read_text())) == 5


def test_an_import_django_leaves_plain_fails_the_check(tmp_path):
    """Without its semicolon an import is not rewritten: the check says so."""
    write_modules(
        tmp_path / "source",
        a="export const a = 1;\n",
        b='import { a } from "./a.js"\nexport const b = a;\n',
    )
    collect(tmp_path / "source", tmp_path / "static")
    (problem,) = wrong_imports(tmp_path / "static")
    assert re.fullmatch(r"js/b\.[0-9a-f]{12}\.js: \./a\.js", problem)
