"""The shared puzzle files, and a few small puzzles every test module may use.

The shared sets are read with the benchmarks' reader (``bench.sets``, which
says where they live), never copied into the repo.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from random import Random

import pytest

from bench.sets import read_set, spread

# magictour top1465 #1 and its solution.
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
HARD_SOLUTION = "468931527751624839392578461134756298289413675675289314846192753513867942927345186"

# Row 1 needs a 9 in column 9, but column 9 already holds one: no solution,
# though no two givens conflict.
NO_SOLUTION = "12345678." + "........9" + "." * 63

# A puzzle from serg_multi.txt with one extra given that breaks every solution
# without conflicting: propagation alone cannot tell, the search must prove it.
NO_SOLUTION_AFTER_SEARCH = (
    "8.........59.......761..........8245....2.713...5..968...416597...892136...753482"
)


# Famous puzzles, the ones people paste to try a solver. Norvig's "hard1", from
# his essay on solving Sudoku, has 17 givens and many solutions; written this
# way, the search without restarts needs 76,249 guesses to find two of them.
HARD1 = ".....6....59.....82....8....45........3........6..3.54...325..6.................."
# Norvig's "impossible" puzzle from the same essay: no two givens conflict,
# yet it has no solution; the search alone needs 1,702,090 guesses to prove it.
IMPOSSIBLE = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."
FAMOUS_UNIQUE = {
    "AI Escargot": (
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
    ),
    "Easter Monster": (
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1"
    ),
    "Inkala 2012": (
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
    ),
}

# Puzzles of other sizes, one per box shape, made for these tests: givens were
# removed from a shuffled pattern grid in random order while the solution
# stayed unique. Rows are written one per line, digits above 9 as letters.
SIZED = {
    "4x4": ("4...\n.3..\n....\n2.4.\n"),
    "6x6": ("..4...\n....25\n....4.\n..6..3\n51....\n...2..\n"),
    "8x8": ("47.1.5..\n........\n1..6...5\n.....4.8\n..2.6...\n.4.5.2..\n8....63.\n.1.3....\n"),
    "12x12": (
        ".2..5.8.....\n"
        "B4.39.6....C\n"
        ".....4..19..\n"
        ".A.C........\n"
        "...4..2798C.\n"
        "71..8.C..34B\n"
        ".......2C.5.\n"
        ".8B..374.A9.\n"
        "..A9.85.4..3\n"
        "8....71..CA9\n"
        "..C..5.832.7\n"
        "...1C...8...\n"
    ),
    "16x16": (
        "C143..D.6..98...\n"
        "5....9.6314...DG\n"
        ".EB.A5F82.....1.\n"
        ".D72.....FA....9\n"
        "1.6.8.....2E..A.\n"
        "D7.....C...F9.B.\n"
        "......B..461G87D\n"
        "E..93F.5G78DC6.1\n"
        "3C1AD2G...E67.58\n"
        "2..B1...75.....6\n"
        "8....694.C.3B...\n"
        ".9E4F.57B....1..\n"
        "7.5D9.6.F.CAEG2.\n"
        ".3C..B..16.4.5..\n"
        "...15.8..2GB.C.A\n"
        "B2G...3F...71...\n"
    ),
    "25x25": (
        "D.A..5.7C6E8GIP....L1....\n"
        ".L.BNK.AJF.....2....P8EIG\n"
        ".M9.3.4H..JFK.D8.P..O6...\n"
        "O.7..G.IE.32M.1FA.JK4..H.\n"
        "PG......32N.LH..7.C.D.JAK\n"
        "...9.PBNLHK.1JFIE.GD..5C4\n"
        "8.EIG.23M.LHPNB.C..4....1\n"
        "F1J.K46C....D...N.L..9..O\n"
        "BP.HL.F.K.574C.9.2M....E.\n"
        "..C7...EG..9O32A....BH...\n"
        "...C4.I..EO..M.JKA12..P.8\n"
        "I.G.D...O3..8L.C5.4.AJ1.2\n"
        ".6M.O8....1J.KA.GI..7.4.B\n"
        ".2..1B7.4.DE.GI..HP8.3.M.\n"
        "H8L..2...J4C...3M.O6....F\n"
        "L.8PI3...1H.NB.O.M..G.AFJ\n"
        "5N.4.JGFA.7......K93LPI8.\n"
        "MC6...L8IP9....DF..J.4.BN\n"
        "K3...N.BH4ADJF.P8.IE..76C\n"
        "G.F.A.M..O..E.L4B...K.9.3\n"
        ".7OM6.NP.L2K9...DEFA..B4.\n"
        "..PL..J1.KB.H4...3.7.G..A\n"
        "..DGF...6M8..PN...B.JK21.\n"
        "J9..2.C4.5FGADE..N8.3...7\n"
        ".....AEDFG6M.O3...29...PI\n"
    ),
}


@cache
def load(name: str) -> tuple[str, ...]:
    """Every puzzle line of a shared file (comments skipped).

    A missing file fails loudly (FileNotFoundError): these tests never pass by
    having nothing to read.
    """
    return tuple(read_set(name))


def sample(name: str, count: int) -> tuple[str, ...]:
    """``count`` puzzles spread evenly through a shared file."""
    return tuple(text for _, text in spread(load(name), count))


def tiered(puzzles: Iterable[str], fast: int) -> list:
    """One pytest parameter per puzzle: the first ``fast`` run in every tier,
    the rest are marked slow (`make test` runs them, `make test-fast` leaves
    them out), so the fast tier checks a smaller sample of the same puzzles."""
    return [
        pytest.param(text, marks=pytest.mark.slow) if number >= fast else text
        for number, text in enumerate(puzzles)
    ]


def hard_many(count: int) -> list[str]:
    """``count`` hard puzzles: top1465's and forum_hardest_1106's, then the
    same again written other ways (digits relabelled, rows and columns moved,
    the same each call), for batches bigger than both sets."""
    from solver.engine import STANDARD, format_grid, parse_puzzle
    from solver.engine.symmetry import random_transform

    base = load("top1465.txt") + load("forum_hardest_1106.txt")
    rng = Random(27)
    found = list(base[:count])
    while len(found) < count:
        grid = parse_puzzle(base[len(found) % len(base)])
        found.append(format_grid(random_transform(STANDARD, rng).apply(grid)))
    return found
