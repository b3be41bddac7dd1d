"""The shared variant puzzles, read for the tests, and puzzles of every rule kind.

The variants (``generated.tsv``, made for this project) live in
``../shared/variants/`` beside the project, or in ``SUDOKU_VARIANTS_DIR``;
they are read from there at test time, never copied into the repo. Its
format is in the README there.

- ``shared_variants()``: (name, kinds, payload, solution) for every line;
- ``supported_variants()``: those whose kinds are all ``SUPPORTED``;
- ``first_of_each_kind()``: a quick puzzle of each kind alone, with its solution;
- ``KEYS_OF_KIND``: the f-puzzles keys of each kind the site does not solve;
- ``board(size, **keys)``: an f-puzzles puzzle with an empty grid;
  ``pack(data)``: its payload;
- ``ROUND_TRIPS``: a puzzle of every rule kind (``sample_puzzle``).
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path

import lzstring

from solver.engine.links import read_link
from solver.engine.puzzle import Puzzle
from solver.engine.rules import kinds as k
from solver.engine.rules import rule_set
from solver.engine.rules.cages import Cage, Killer

VARIANTS = Path(
    os.environ.get(
        "SUDOKU_VARIANTS_DIR", Path(__file__).resolve().parents[3] / "shared" / "variants"
    )
)
SUPPORTED = {
    "diagonal",
    "windoku",
    "extraregion",
    "disjoint",
    "jigsaw",
    "antiknight",
    "antiking",
    "nonconsecutive",
    "killer",
}
# The f-puzzles keys that hold each kind of the shared file the site does not solve.
KEYS_OF_KIND = {
    "littlekiller": {"littlekillersum"},
    "thermo": {"thermometer"},
    "arrow": {"arrow"},
    "kropki": {"difference", "ratio"},
    "xv": {"xv"},
    "oddeven": {"odd", "even"},
    "sandwich": {"sandwichsum"},
    "whispers": {"whispers"},
    "renban": {"renban"},
    "palindrome": {"palindrome"},
    "between": {"betweenline"},
}


def shared_variants():
    """(name, kinds, payload, solution grid) for every line of the shared file."""
    found = []
    for line in (VARIANTS / "generated.tsv").read_text().splitlines():
        name, kinds, payload, solution = line.split("\t")
        digits = solution.split(",") if "," in solution else list(solution)
        found.append((name, kinds.split(","), payload, tuple(map(int, digits))))
    return found


def supported_variants():
    """The shared variants whose rules the site knows."""
    return [v for v in shared_variants() if set(v[1]) <= SUPPORTED]


@cache
def first_of_each_kind():
    """The shared puzzle of each kind alone on the smallest board it comes on
    (the first in the file among those), as {kind: (payload, solution)}:
    quick to solve, whatever the kind."""
    chosen = {}
    for _name, kinds, payload, solution in supported_variants():
        if len(kinds) != 1:
            continue
        size = read_link("fpuzzles" + payload).rules.size
        if kinds[0] not in chosen or size < chosen[kinds[0]][0]:
            chosen[kinds[0]] = (size, payload, solution)
    return {kind: found[1:] for kind, found in sorted(chosen.items())}


def pack(data) -> str:
    """A payload as f-puzzles writes one."""
    return lzstring.compress_to_base64(json.dumps(data))


def board(size=9, **keys) -> dict:
    """An f-puzzles puzzle with an empty grid, and ``keys``."""
    return {"size": size, "grid": [[{} for _ in range(size)] for _ in range(size)], **keys}


JIGSAW_6 = tuple(c // 6 for c in range(36))
ROUND_TRIPS = {
    "classic 9x9": (9, []),
    "classic 4x4": (4, []),
    "classic 16x16": (16, []),
    "classic 6x6": (6, []),
    "main diagonal": (9, [k.Diagonal(True)]),
    "anti-diagonal": (9, [k.Diagonal(False)]),
    "x sudoku": (9, [k.Diagonal(True), k.Diagonal(False)]),
    "windoku": (9, [k.Windoku()]),
    "windoku 16x16": (16, [k.Windoku()]),
    "disjoint": (9, [k.Disjoint()]),
    "extra regions": (9, [k.Extra(((0, 1, 2), (40, 50)))]),
    "antiknight": (9, [k.AntiKnight()]),
    "antiking": (9, [k.AntiKing()]),
    "nonconsecutive": (9, [k.NonConsecutive()]),
    "killer cages": (9, [Killer((Cage((1, 2), 9), Cage((3, 4, 13)), Cage((80,), 7)))]),
    "killer 16x16 with a diagonal": (16, [Killer((Cage((1, 2, 3), 30),)), k.Diagonal(True)]),
    "jigsaw 6x6": (6, [k.Jigsaw(JIGSAW_6)]),
    "jigsaw with diagonals and extra": (
        6,
        [k.Jigsaw(JIGSAW_6), k.Diagonal(True), k.Extra(((0, 7, 14),))],
    ),
    "everything with boxes": (
        9,
        [
            k.Diagonal(True),
            k.Diagonal(False),
            k.Windoku(),
            k.Disjoint(),
            k.Extra(((0, 80),)),
            k.AntiKnight(),
            k.AntiKing(),
            k.NonConsecutive(),
        ],
    ),
}


def sample_puzzle(size, chosen) -> Puzzle:
    grid = tuple((c * 7) % (size + 1) if c % 5 == 0 else 0 for c in range(size * size))
    return Puzzle(grid, rule_set(size, chosen), "Title “quoted” é 😀", "Author")
