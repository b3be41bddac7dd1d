"""The browser scripts' layout (static/js/): a folder per page and a shared
core/; every relative import names a file that exists; a file name is in
one folder only, unless one of its two files imports the other (a page's
adapter of a core module); and no chain of imports is longer than the
hashed static storage resolves whatever order it reads the files in.
"""

from __future__ import annotations

import re
from itertools import combinations
from pathlib import Path

import pytest

from sudoku_site.storage import HashedModulesStorage

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "static" / "js"
# A relative module specifier after `from`, `import` or `import(`, in any quotes.
SPECIFIER = re.compile(r"""\b(?:from|import)\s*\(?\s*(["'`])(\.{1,2}/[^"'`]*)\1""")


def specifiers(module: Path) -> list[str]:
    return [specifier for _, specifier in SPECIFIER.findall(module.read_text(encoding="utf-8"))]


def imported(module: Path) -> set[Path]:
    """The files ``module`` imports by a relative path, whether they exist or not."""
    return {(module.parent / specifier).resolve() for specifier in specifiers(module)}


def modules(root: Path) -> list[Path]:
    return sorted(path.resolve() for path in root.rglob("*.js"))


def missing_imports(root: Path) -> list[str]:
    """Each relative import under ``root`` that names no file, as "module: specifier"."""
    return [
        f"{module.relative_to(root.resolve())}: {specifier}"
        for module in modules(root)
        for specifier in specifiers(module)
        if not (module.parent / specifier).is_file()
    ]


def names_in_two_folders(root: Path) -> list[str]:
    """Each pair of files of one name in two folders where neither imports the
    other, as "a and b"."""
    return [
        f"{a.relative_to(root.resolve())} and {b.relative_to(root.resolve())}"
        for a, b in combinations(modules(root), 2)
        if a.name == b.name and b not in imported(a) and a not in imported(b)
    ]


def longest_chain(root: Path) -> list[Path]:
    """The longest chain of modules under ``root``, each importing the next.
    A cycle (which no hashing resolves) raises ValueError naming it."""
    chains: dict[Path, tuple[Path, ...]] = {}
    open_now: list[Path] = []  # the modules whose chains are being found

    def chain(module: Path) -> tuple[Path, ...]:
        if module in open_now:
            cycle = [*open_now[open_now.index(module) :], module]
            raise ValueError(" -> ".join(str(path.relative_to(root.resolve())) for path in cycle))
        if module not in chains:
            open_now.append(module)
            below = [chain(other) for other in sorted(imported(module)) if other.is_file()]
            open_now.pop()
            chains[module] = (module, *max(below, key=len, default=()))
        return chains[module]

    return list(max((chain(module) for module in modules(root)), key=len, default=()))


def test_every_script_is_in_a_page_folder_or_the_core():
    assert sorted(path.name for path in SCRIPTS.glob("*.js")) == []
    assert (SCRIPTS / "core").is_dir()


def test_every_relative_import_names_an_existing_file():
    assert missing_imports(SCRIPTS) == []


def test_no_file_name_is_in_two_folders_unless_one_imports_the_other():
    assert names_in_two_folders(SCRIPTS) == []


def test_no_chain_of_imports_is_longer_than_the_hashed_storage_resolves():
    """collectstatic names each module by a hash of its text, imports
    rewritten: a module's name is known once those of all it imports are.
    Each pass over the files settles at least one more link of a chain (all
    of them when the files come in a fortunate order, only one when they
    come importers first), and the last pass must change nothing; so after
    the first pass, a chain of N modules needs N - 1 more in the worst order."""
    chain = longest_chain(SCRIPTS)
    longest = HashedModulesStorage.max_post_process_passes + 1
    assert len(chain) <= longest, [str(path.relative_to(SCRIPTS)) for path in chain]


def test_every_module_starts_with_a_comment_saying_what_it_does():
    opening = {path: path.read_text(encoding="utf-8")[:3] for path in modules(SCRIPTS)}
    assert [str(path) for path, text in opening.items() if text != "// "] == []


def write(root: Path, **modules: str) -> None:
    """Write ``modules`` under ``root``, a key ``a__b`` naming script ``b.js`` of folder ``a``."""
    for key, text in modules.items():
        path = root / (key.replace("__", "/") + ".js")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_the_checks_find_what_they_look_for(tmp_path):
    """A missing file, one name in two folders, a core module adapted, a
    chain and a cycle, in a tree made for the purpose."""
    write(
        tmp_path,
        core__hint="export const hint = 1;\n",
        entry__hint='import { hint } from "../core/hint.js";\n',
        entry__pad='import { gone } from "./gone.js";\n',
        play__pad='import { hint } from "../core/hint.js";\n',
    )
    assert missing_imports(tmp_path) == ["entry/pad.js: ./gone.js"]
    assert names_in_two_folders(tmp_path) == ["entry/pad.js and play/pad.js"]
    assert [path.name for path in longest_chain(tmp_path)] == ["hint.js", "hint.js"]
    write(tmp_path, core__hint='import { pad } from "../play/pad.js";\n')
    with pytest.raises(ValueError, match=re.escape("core/hint.js -> play/pad.js -> core/hint.js")):
        longest_chain(tmp_path)
