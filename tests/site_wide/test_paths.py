"""Every repository path named in the docs, the README and the code's comments exists.

What is read: README.md, .env.example, docs/*.md, bench/README.md; the
comments and docstrings of every Python module; the comment lines (``#``)
of the Makefile, .ci/run, the configuration's files (``CONFIGURATION``)
and deploy/'s scripts and configuration; the whole text of every script,
style sheet and template (their comments name paths, their code names none
that this rule takes for one).

What is a repository path, in that text (``missing``):

- a word that starts with one of the repository's folders (``TOP``:
  ``solver/play/views.py``, ``static/js/core/``, ``docs/play.md``), read up
  to its last letter, digit or ``/``;
- a word with a slash and a known extension (``EXTENSIONS``) that starts
  elsewhere (``core/grid.js``, ``photos/model.py``): named from inside some
  folder, so it must be the end of some file's path;
- in a Markdown page, a script, a style sheet or a template, a word that
  starts ``./`` or ``../`` (a link, an import): read from the file's own
  folder; one that leads out of the repository is not the repository's.

What is not: a web address (``https://…``, ``norvig.com/…``: a first part
with a dot inside), a site's address (``/api/solve``, ``/static/js/…``: a
word after a ``/``, ``.``, ``~`` or letter), what is made at run time or by
set-up (under ``var/``, ``.venv/``, ``deploy/run/``; a built ``.mo``
catalog; a hashed static name such as ``css/site.1a2b3c4d5e6f.css``), the
shared data beside the repository (``../shared/…``), a placeholder (``<``,
``{``, ``…``, or a first part in capitals: ``RUN_DIR/nginx.conf``), and
what a template tag names (``{% static %}``: Django finds it, and the pages'
tests render it). A word with a wildcard (``*``) is a glob that must match;
one that ends ``/`` names a folder. This module, whose prose names paths
that are not there, is not read.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
# The repository's folders, where a path named from the root starts.
TOP = ("bench", "deploy", "docs", "locale", "solver", "static", "sudoku_site", "templates", "tests")
HIDDEN = (".ci",)
EXTENSIONS = {"py", "js", "css", "html", "md", "txt", "toml", "conf", "sh", "json", "po"}
EXTENSIONS |= {"svg", "png"}
SKIPPED = ("var/", ".venv/", "deploy/run/", "../shared/")  # folders
BUILT = (".mo",)
_HASHED = re.compile(r"\.[0-9a-f]{12}\.")
_TAG = re.compile(r"{%.*?%}", re.DOTALL)

_URL = re.compile(r"\b[a-z][a-z0-9+.-]*://\S*", re.IGNORECASE)
# A path-like word: letters, digits, _ . - / and the wildcards and placeholders
# that make it a pattern; it must hold a slash.
_WORD = re.compile(r"(?<![\w/.~%-])(\.{1,2}/)?[\w.*<>{}…-]+(?:/[\w.*<>{}…-]*)+")


def _docs() -> list[Path]:
    return [
        ROOT / "README.md",
        ROOT / ".env.example",
        ROOT / "bench" / "README.md",
        *sorted((ROOT / "docs").glob("*.md")),
    ]


def _sources(suffix: str) -> list[Path]:
    found = [
        path
        for folder in ("bench", "deploy", "solver", "static", "sudoku_site", "templates", "tests")
        for path in (ROOT / folder).rglob(f"*{suffix}")
        if not {"__pycache__", "node_modules"} & set(path.parts)
    ]
    return sorted(found) + ([ROOT / "manage.py"] if suffix == ".py" else [])


CONFIGURATION = ("Makefile", ".ci/run", "pyproject.toml", "schemathesis.toml", "requirements.in")


def _commented() -> list[Path]:
    deploy = [
        path for path in sorted((ROOT / "deploy").iterdir()) if path.suffix in (".sh", ".conf")
    ]
    return [ROOT / name for name in (*CONFIGURATION, "requirements-dev.in")] + deploy


def comment_lines(text: str) -> str:
    """The lines of ``text`` that are comments (``#`` first)."""
    return "\n".join(line for line in text.splitlines() if line.lstrip().startswith("#"))


def python_prose(source: str) -> str:
    """The comments and docstrings of a Python module, one after another."""
    comments = [
        token.string
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.COMMENT
    ]
    docstrings = [
        ast.get_docstring(node, clean=False) or ""
        for node in ast.walk(ast.parse(source))
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
    ]
    return "\n".join(comments + docstrings)


def _words(text: str) -> list[str]:
    """The path-like words of ``text``, web addresses, placeholders and what
    is made at run time left out, each without the full stop that ends a
    sentence."""
    words = []
    for match in _WORD.finditer(_URL.sub(" ", text)):
        word = match.group(0).rstrip(".-")
        first = word.split("/")[0]
        if not (
            any(mark in word for mark in "<>{}…")
            or "." in first.strip(".")
            or (first.isupper() and first != word)
            or word.startswith(SKIPPED)
            or f"{word}/" in SKIPPED
            or word.endswith(BUILT)
            or _HASHED.search(word)
        ):
            words.append(word)
    return words


@cache
def _tails() -> frozenset[str]:
    """Every file's path below the root and each end of it (``a/b/c.py``,
    ``b/c.py``), to look up a path named from inside a folder."""
    tails = set()
    for folder in (*TOP, *HIDDEN):
        for path in (ROOT / folder).rglob("*"):
            parts = path.relative_to(ROOT).parts
            if {"__pycache__", "node_modules"} & set(parts):
                continue
            tails.update("/".join(parts[index:]) for index in range(len(parts)))
    return frozenset(tails)


def _exists(path: Path, word: str) -> bool:
    if "*" in word:
        return any(path.parent.glob(path.name)) if "*" not in str(path.parent) else True
    return path.is_dir() if word.endswith("/") else path.exists()


def missing(text: str, where: Path, relative: bool = True) -> list[str]:
    """The repository paths ``text`` names (read in file ``where``; ``./`` and
    ``../`` words from its folder if ``relative``) that do not exist, each
    once, in the order named."""
    gone = []
    for word in _words(text):
        if word.startswith(("./", "../")):
            path = (where.parent / word).resolve()
            if not relative or not path.is_relative_to(ROOT):
                continue
            if path.relative_to(ROOT).as_posix().startswith(SKIPPED):
                continue
            bad = not _exists(path, word)
        elif word.split("/")[0] in (*TOP, *HIDDEN):
            bad = not _exists(ROOT / word, word)
        elif word.rsplit(".", 1)[-1] in EXTENSIONS:
            bad = "*" not in word and word.rstrip("/") not in _tails()
        else:
            continue
        if bad and word not in gone:
            gone.append(word)
    return gone


def _texts() -> list[tuple[Path, str, bool]]:
    """Each file read, its text that names paths, and whether its ``./``
    words are read from its own folder."""
    texts = [(path, path.read_text(encoding="utf-8"), True) for path in _docs()]
    texts += [
        (path, python_prose(path.read_text(encoding="utf-8")), False)
        for path in _sources(".py")
        if path != Path(__file__).resolve()
    ]
    texts += [
        (path, comment_lines(path.read_text(encoding="utf-8")), False) for path in _commented()
    ]
    for suffix in (".js", ".css", ".html"):
        texts += [
            (path, _TAG.sub(" ", path.read_text(encoding="utf-8")), True)
            for path in _sources(suffix)
        ]
    return texts


def test_every_path_named_exists():
    """Each file that names a path that is not there, with the paths it names."""
    found = {
        path.relative_to(ROOT).as_posix(): gone
        for path, text, relative in _texts()
        if (gone := missing(text, path, relative))
    }
    assert found == {}


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("see `solver/play/link.py` and solver/engine/board.py.", ["solver/play/link.py"]),
        ("`static/js/core/` and `static/js/nowhere/`", ["static/js/nowhere/"]),
        ("[play](docs/play.md), [gone](../nowhere.md)", []),
        ("`core/grid.js` is static/js's; `core/nowhere.js` is no file's", ["core/nowhere.js"]),
        (
            "solver/engine/techniques/*.py, solver/engine/nowhere/*.py",
            ["solver/engine/nowhere/*.py"],
        ),
        ("https://example.com/solver/x.py, POST /api/solve, /static/js/x.js", []),
        ("var/photos/digits.npz, .venv/bin/python, ../shared/puzzles/a.txt", []),
        ("locale/<lang>/LC_MESSAGES/django.po, locale/vi/LC_MESSAGES/django.mo", []),
        ("norvig.com/sudoku.html, RUN_DIR/nginx.conf, css/site.1a2b3c4d5e6f.css", []),
        ("deploy/run/logs/gunicorn.log, deploy/nowhere.conf", ["deploy/nowhere.conf"]),
    ],
)
def test_the_rule_takes_repository_paths_only(text, gone):
    assert missing(text, ROOT / "README.md") == gone
