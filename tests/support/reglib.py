"""HoDoKu's regression library of technique cases, read for the tests.

The library (``reglib-1.3.txt``, GPL data) lives in ``../shared/techniques/``
beside the project, or in ``SUDOKU_TECHNIQUES_DIR``; it is read from there at
test time, never copied into the repo. Its format is in the README there.

- ``read_cases(path)``: every case of the file, a ``Case`` each;
- ``TECHNIQUE_OF_CODE``: HoDoKu's technique codes, as the engine's ids;
- ``check(case, finder)``: what a finder gets wrong on a case (None if nothing);
- ``transformed(case, transform)``: the same case written another way;
- ``pass_counts()``: {technique: (passed, total)} over the engine's techniques;
- ``by_technique(ids)``: one pytest parameter per technique, the ``COSTLY``
  ones marked slow.

Cells are the engine's (0-based, row by row), digits count from 1.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

from solver.engine.board import STANDARD
from solver.engine.marks import Marks, digits_of
from solver.engine.steps import Candidate, Step
from solver.engine.symmetry import Transform

TECHNIQUES_DIR = Path(
    os.environ.get(
        "SUDOKU_TECHNIQUES_DIR", Path(__file__).resolve().parents[3] / "shared" / "techniques"
    )
)
REGLIB = TECHNIQUES_DIR / "reglib-1.3.txt"

Finder = Callable[[Marks], Iterable[Step]]

# HoDoKu's codes (the file's own comment lines name them) for the techniques
# the engine has. Sashimi fish are finned fish whose base lines hold the fin's
# only cell, and a Siamese fish is two finned fish reported as one step, so
# both count as the finned ids; nice loops, AICs and their grouped forms are
# all ``aic``. Codes not here (Franken and Mutant fish, uniqueness types 5
# and 6, avoidable rectangles, ALS chains, death blossoms, templates...) test
# nothing the engine names.
TECHNIQUE_OF_CODE: dict[str, str] = {
    "0000": "full-house",
    "0002": "hidden-single",
    "0003": "naked-single",
    "0100": "locked-pointing",  # Locked Candidate Type 1
    "0101": "locked-claiming",  # Locked Candidate Type 2
    "0110": "locked-pair",
    "0111": "locked-triple",
    "0200": "naked-pair",
    "0201": "naked-triple",
    "0202": "naked-quad",
    "0210": "hidden-pair",
    "0211": "hidden-triple",
    "0212": "hidden-quad",
    "0300": "x-wing",
    "0301": "swordfish",
    "0302": "jellyfish",
    "0310": "finned-x-wing",
    "0311": "finned-swordfish",
    "03111": "finned-swordfish",  # Siamese
    "0312": "finned-jellyfish",
    "03121": "finned-jellyfish",  # Siamese
    "0320": "finned-x-wing",  # Sashimi
    "0321": "finned-swordfish",  # Sashimi
    "03211": "finned-swordfish",  # Siamese Sashimi
    "0322": "finned-jellyfish",  # Sashimi
    "03221": "finned-jellyfish",  # Siamese Sashimi
    "0400": "skyscraper",
    "0401": "two-string-kite",
    "0402": "empty-rectangle",
    "0403": "turbot-fish",
    "0404": "two-string-kite",  # Dual 2-String Kite: two kites in one step
    "0405": "empty-rectangle",  # Dual Empty Rectangle
    "0500": "simple-colors",  # Simple Colors Trap
    "0501": "simple-colors",  # Simple Colors Wrap
    "0502": "multi-colors",  # Multi-Colors 1
    "0503": "multi-colors",  # Multi-Colors 2
    "0600": "unique-rectangle-1",
    "0601": "unique-rectangle-2",
    "0602": "unique-rectangle-3",
    "0603": "unique-rectangle-4",
    "0606": "hidden-rectangle",
    "0610": "bug-plus-one",  # Bivalue Universal Grave + 1
    "0701": "x-chain",
    "0702": "xy-chain",
    "0703": "remote-pair",
    "0706": "aic",  # Continuous Nice Loop
    "0707": "aic",  # Discontinuous Nice Loop
    "0708": "aic",  # Alternating Inference Chain
    "0709": "aic",  # Grouped Continuous Nice Loop
    "0710": "aic",  # Grouped Discontinuous Nice Loop
    "0711": "aic",  # Grouped AIC
    "0800": "xy-wing",
    "0801": "xyz-wing",
    "0803": "w-wing",
    "0901": "als-xz",  # ALS-XZ rule
    "0902": "als-xy-wing",  # ALS-XY-Wing rule
    "1101": "sue-de-coq",
}


@dataclass(frozen=True)
class Case:
    """One line of the library: ``technique`` (our id, or None if the code is
    not one of ``TECHNIQUE_OF_CODE``), searched alone on ``marks``, finds
    ``eliminations`` or ``placements`` for ``digits``; with variant ``"x"``
    it must find nothing. ``extra`` is the chain length for chains, else ''.
    """

    code: str
    variant: str | None
    digits: tuple[int, ...]
    marks: Marks
    eliminations: frozenset[Candidate]
    placements: frozenset[Candidate]
    extra: str
    line: int

    @property
    def technique(self) -> str | None:
        """The engine's id for the case's code, or None."""
        return TECHNIQUE_OF_CODE.get(self.code)

    @property
    def must_fail(self) -> bool:
        """True for a fail case: the technique finds no instance at all."""
        return self.variant == "x"


def read_cases(path: Path = REGLIB) -> list[Case]:
    """Every case of a library file, in file order; comment lines (``#``,
    among them cases switched off as ``#:``) and blank lines are skipped.

    Raises FileNotFoundError, naming where the library is looked for, if the
    file is missing (no test may pass by having nothing to read), and
    ValueError naming the line if a case does not read.
    """
    if not path.is_file():
        raise FileNotFoundError(
            f"technique cases missing: {path} (read from {TECHNIQUES_DIR}; "
            "SUDOKU_TECHNIQUES_DIR sets another place)"
        )
    cases = []
    with path.open(encoding="ascii") as lines:
        for number, text in enumerate(lines, 1):
            if text.startswith(":"):
                try:
                    cases.append(parse_case(text.strip(), number))
                except ValueError as error:
                    raise ValueError(f"{path}:{number}: {error}") from None
    return cases


def parse_case(text: str, line: int = 0) -> Case:
    """One case line ``:code[-variant]:digits:givens:deleted:eliminations:placements:extra:``.

    Fail cases may stop after the eliminations; missing fields read as empty.
    Raises ValueError if the givens are not 81 cells or a candidate does not read.
    """
    fields = text.split(":")[1:] + [""] * 7
    code, _, variant = fields[0].partition("-")
    return Case(
        code=code,
        variant=variant or None,
        digits=tuple(int(symbol) for symbol in fields[1]),
        marks=board_of(fields[2], candidates_of(fields[3])),
        eliminations=candidates_of(fields[4]),
        placements=candidates_of(fields[5]),
        extra=fields[6],
        line=line,
    )


def board_of(givens: str, deleted: Iterable[Candidate]) -> Marks:
    """The board of a case: every digit of ``givens`` placed, given or placed
    after a ``+`` alike; each open cell with every digit that none of its 20
    peers (row, column, box) holds, and nothing else ruled out (no single, no
    other logic); then the ``deleted`` candidates removed.

    That is "all candidates the placed digits allow", as HoDoKu builds it (the
    file's example 2). Measured over the 1,112 cases: every deleted candidate
    is one of those, every board keeps each open cell's solution digit, and
    every listed candidate is on its board, but for one fail case's.
    Raises ValueError unless there are 81 cells.
    """
    grid = tuple(int(symbol) if symbol != "." else 0 for symbol in givens.replace("+", ""))
    if len(grid) != STANDARD.cells:
        raise ValueError(f"{len(grid)} cells in the givens, not {STANDARD.cells}")
    marks = Marks.from_grid(grid, STANDARD)
    for cell, digit in deleted:
        marks.eliminate(cell, digit)
    return marks


def candidates_of(text: str) -> frozenset[Candidate]:
    """The candidates of a field: ``<digit><row><column>`` each (rows and columns
    from 1), separated by spaces, as (cell, digit) with cells from 0.

    Raises ValueError if an entry is not three digits 1-9.
    """
    candidates = set()
    for entry in text.split():
        if len(entry) != 3 or not entry.isdigit() or "0" in entry:
            raise ValueError(f"candidate {entry!r} is not <digit><row><column>")
        digit, row, column = (int(symbol) for symbol in entry)
        candidates.add(((row - 1) * 9 + column - 1, digit))
    return frozenset(candidates)


# Where HoDoKu names apart what is one engine id, a case is about the steps
# that carry the matching message: a finned fish's plain and sashimi forms,
# and two instances said as one step (Siamese fish, dual kites and empty
# rectangles), whose cases promise nothing of the single instances beside.
MESSAGE_OF_CODE: dict[str, str] = {
    "0310": "finned-x-wing",
    "0311": "finned-swordfish",
    "0312": "finned-jellyfish",
    "0320": "finned-x-wing/sashimi",
    "0321": "finned-swordfish/sashimi",
    "0322": "finned-jellyfish/sashimi",
    "03111": "finned-swordfish/siamese",
    "03211": "finned-swordfish/siamese",
    "03121": "finned-jellyfish/siamese",
    "03221": "finned-jellyfish/siamese",
    "0401": "two-string-kite",
    "0404": "two-string-kite/dual",
    "0402": "empty-rectangle",
    "0405": "empty-rectangle/dual",
    # One board holds a Multi-Colors 1 case listing both forms' eliminations
    # and a Multi-Colors 2 case listing only the wrap's: 0503 is the wrap form.
    "0503": "multi-colors/wrap",
}


# Which instances a case is about, by what its digits field holds (the file's
# own header): the digit placed, for singles; the digits eliminated, for
# chains, loops, ALS and Sue de Coq; the digits the pattern uses, for the rest.
PLACED, ELIMINATED, USED = "placed", "eliminated", "used"
CHAIN_CODES = ("0701", "0702", "0706", "0707", "0708", "0709", "0710", "0711")


def digit_rule(code: str) -> str:
    """What the digits field of a code's cases holds: PLACED, ELIMINATED or USED."""
    if code.startswith("00"):
        return PLACED
    if code in CHAIN_CODES or code.startswith("09") or code == "1101":
        return ELIMINATED
    return USED


def may_find_more(code: str) -> bool:
    """True if a finder may go beyond the listed set: HoDoKu stops chains at a
    length, and the engine's chains, ALS and Sue de Coq may find more. Remote
    pairs (0703), a chain to HoDoKu but a wing to the engine, must be exact."""
    return code in CHAIN_CODES or code.startswith("09") or code == "1101"


@dataclass(frozen=True)
class Outcome:
    """What some steps do to a board, written one way whatever their form:
    ``removed`` every candidate they take out, a placed digit taking out the
    other candidates of its cell; ``placed`` every cell left with one candidate
    by them, or placed by them. So a placement and the eliminations that leave
    only its digit are the same outcome, and a naked single (nothing to remove)
    is still a placement."""

    placed: frozenset[Candidate]
    removed: frozenset[Candidate]

    def covers(self, other: Outcome) -> bool:
        """True if this outcome does all that ``other`` does (and maybe more)."""
        return self.placed >= other.placed and self.removed >= other.removed


def outcome(
    marks: Marks, placements: Iterable[Candidate], eliminations: Iterable[Candidate]
) -> Outcome:
    """The outcome of some placements and eliminations on ``marks``."""
    placed, removed = set(placements), set(eliminations)
    for cell, digit in placed:
        removed.update(
            (cell, other) for other in digits_of(marks.candidates[cell]) if other != digit
        )
    for cell in {cell for cell, _ in removed}:
        left = set(digits_of(marks.candidates[cell])) - {d for c, d in removed if c == cell}
        if len(left) == 1:
            placed.add((cell, left.pop()))
    return Outcome(frozenset(placed), frozenset(removed))


def about_digits(case: Case, step: Step) -> bool:
    """True if ``step`` is an instance for the case's digits (see ``digit_rule``):
    it places exactly those digits (singles); the digits it removes are among
    them (chains, ALS, Sue de Coq); or its pattern uses all of them (the rest;
    a pattern may name more digits, as a unique rectangle type 2 names its extra
    digit beside its pair). Where ``MESSAGE_OF_CODE`` names a message for the
    case's code, the step must carry it too."""
    wanted = MESSAGE_OF_CODE.get(case.code)
    if wanted is not None and step.message != wanted:
        return False
    digits = set(case.digits)
    rule = digit_rule(case.code)
    if rule == USED:
        return digits <= set(step.pattern.digits)
    done = outcome(case.marks, step.placements, step.eliminations)
    if rule == PLACED:
        return {digit for _, digit in done.placed} == digits
    return bool(done.removed) and {digit for _, digit in done.removed} <= digits


def check(case: Case, finder: Finder) -> str | None:
    """What ``finder``, run alone on the case's board, gets wrong, as a line
    naming the case's line number, what was listed and what was found; None
    if it passes.

    It passes when its instances for the case's digits (``about_digits``) do,
    together, exactly what the case lists (``Outcome``; at least that for
    ``may_find_more`` codes); for a fail case (``-x``), when there are none.
    """
    steps = [step for step in finder(case.marks.copy()) if about_digits(case, step)]
    if case.must_fail:
        return None if not steps else f"line {case.line}: {len(steps)} instance(s), none expected"
    found = outcome(
        case.marks, _union(s.placements for s in steps), _union(s.eliminations for s in steps)
    )
    expected = outcome(case.marks, case.placements, case.eliminations)
    if found == expected or (may_find_more(case.code) and found.covers(expected)):
        return None
    return (
        f"line {case.line} ({len(steps)} instance(s) for digits {case.digits}): "
        f"missing {_written(expected, found)}, extra {_written(found, expected)}"
    )


def _union(groups: Iterable[Iterable[Candidate]]) -> set[Candidate]:
    return {candidate for group in groups for candidate in group}


def _written(outcome: Outcome, less: Outcome) -> str:
    """What ``outcome`` does beyond ``less``, in the library's ``<digit><row><column>``
    form: ``=`` before a placement, ``-`` before an elimination."""

    def entries(sign: str, candidates: frozenset[Candidate]) -> list[str]:
        return [f"{sign}{d}{c // 9 + 1}{c % 9 + 1}" for c, d in sorted(candidates)]

    words = entries("=", outcome.placed - less.placed) + entries(
        "-", outcome.removed - less.removed
    )
    return " ".join(words) or "nothing"


def transformed(case: Case, transform: Transform) -> Case:
    """The same case written another way (``symmetry``): cell ``i`` of the new
    board is cell ``transform.cells[i]`` of the old one, digit ``d`` becomes
    ``transform.digits[d]``, on the board, in the digits field and in the
    listed candidates alike."""
    labels = transform.digits
    target = {source: i for i, source in enumerate(transform.cells)}

    def moved(candidates: frozenset[Candidate]) -> frozenset[Candidate]:
        return frozenset((target[cell], labels[digit]) for cell, digit in candidates)

    old = case.marks
    marks = Marks(
        old.shape,
        [labels[old.digits[source]] for source in transform.cells],
        [_relabelled(old.candidates[source], labels) for source in transform.cells],
    )
    return Case(
        code=case.code,
        variant=case.variant,
        digits=tuple(labels[digit] for digit in case.digits),
        marks=marks,
        eliminations=moved(case.eliminations),
        placements=moved(case.placements),
        extra=case.extra,
        line=case.line,
    )


def _relabelled(mask: int, labels: tuple[int, ...]) -> int:
    return sum(1 << (labels[digit] - 1) for digit in digits_of(mask))


@cache
def library() -> tuple[Case, ...]:
    """Every case of ``REGLIB``, read once per process."""
    return tuple(read_cases(REGLIB))


def cases_of(technique: str) -> list[Case]:
    """The library's cases for one of the engine's technique ids."""
    return [case for case in library() if case.technique == technique]


def failures(technique: str, finder: Finder, cases: Iterable[Case] | None = None) -> list[str]:
    """What ``finder`` gets wrong, a line per failing case (``check``), over
    ``cases`` (by default every case of ``technique``)."""
    chosen = cases_of(technique) if cases is None else cases
    return [problem for case in chosen if (problem := check(case, finder)) is not None]


def pass_counts(techniques: dict[str, Finder] | None = None) -> dict[str, tuple[int, int]]:
    """{technique: (cases passed, cases)} for each technique (by default the
    engine's ``TECHNIQUES``) that the library has cases for, e.g. from a shell:
    ``python -c "from tests.support.reglib import pass_counts; print(pass_counts())"``."""
    if techniques is None:
        from solver.engine.techniques import TECHNIQUES as techniques
    counts = {}
    for technique, finder in techniques.items():
        total = len(cases_of(technique))
        if total:
            counts[technique] = (total - len(failures(technique, finder)), total)
    return counts


# The techniques whose cases take seconds, not milliseconds: the library's
# nice loops and AICs, searched to 22 nodes (about 5 s in all). The fast tier
# leaves them to `make test`; the other techniques' cases stay in it.
COSTLY = {"aic"}


def by_technique(ids: Iterable[str]) -> list:
    """One pytest parameter per technique id, sorted; the ``COSTLY`` ones slow."""
    return [
        pytest.param(technique, marks=pytest.mark.slow) if technique in COSTLY else technique
        for technique in sorted(ids)
    ]
