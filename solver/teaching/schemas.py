"""The shapes of the teacher's operations (``api``): a person's board in,
its steps, hints or candidates out. Steps and hints take every size from
4x4 to 25x25, so their rows, columns and digits run to 25; the candidates
are 9x9's."""

from __future__ import annotations

from typing import Annotated, Literal

from ninja import Schema
from pydantic import ConfigDict, Field

from ..api.schemas import (
    EXAMPLE,
    Boxes,
    Difficulty,
    Problem,
    Puzzle,
    RuleIds,
    Rules,
    Side,
    Technique,
)
from ..core.reading import PASTE_MAX_LENGTH
from ..engine import VERDICTS
from ..engine.board import UnitKind
from ..engine.techniques import TABLE

STEPS_EXAMPLE = {"puzzle": EXAMPLE, "techniques": ["hidden-single", "naked-single"], "all": True}


PROGRESS_HELP = (
    "Optional: the digits placed so far beyond the givens, 81 symbols in reading order, "
    ". (or 0) for a cell not placed; a given may be repeated or left as '.'."
)
SIZED_PROGRESS_HELP = (
    "Optional: the digits placed so far beyond the givens, one symbol a cell in reading "
    "order (81 on a 9x9 board, N*N on N x N; A = 10 ... P = 25 above 9), . (or 0) for a "
    "cell not placed; a given may be repeated or left as '.'."
)


CANDIDATES_HELP = (
    "Optional: the candidates still open in each cell, one string of symbols a cell in "
    "reading order (81 on a 9x9 board, N*N on N x N; A = 10 ... P = 25 above 9; '' for a "
    "placed cell, null for a cell with none pencilled, which keeps every digit the placed "
    "ones allow). By default, every digit the placed ones allow. Wrong candidates are "
    "accepted as the person's board: the reply names the cells (wrong)."
)
TECHNIQUES_HELP = (
    "Optional: the ids of the techniques allowed (default all); an id that names none "
    "gets 400. A trial step is taken when none of them applies. The ids: " + ", ".join(TABLE) + "."
)


# On every board from 4x4 to 25x25: a row or column, a digit, a cell.
Line = Annotated[int, Field(ge=1, le=25)]
Digit = Annotated[int, Field(ge=1, le=25)]
Cell = Annotated[list[Line], Field(min_length=2, max_length=2)]


class StepsIn(Schema):
    """A person's board (any size from 4x4 to 25x25), and what to teach on it."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [STEPS_EXAMPLE]})

    puzzle: Puzzle
    progress: str | None = Field(None, max_length=PASTE_MAX_LENGTH, description=SIZED_PROGRESS_HELP)
    candidates: list[str | None] | None = Field(None, description=CANDIDATES_HELP)
    rules: Rules = ""
    techniques: list[str] | None = Field(None, description=TECHNIQUES_HELP)
    all: bool = Field(
        False,
        description="true: list every instance of the allowed techniques on this board, "
        "applying none. false: the steps from this board to the end (or to the budget).",
    )


class Move(Schema):
    """A digit placed in a cell, or removed from its candidates."""

    cell: Cell = Field(description="[row, column], from 1.")
    digit: Digit = Field(description="The digit, from 1 (10 for A ... 25 for P).")


class UnitOut(Schema):
    """A unit a step uses: a row, column or box, or a variant's region (a
    jigsaw region, a diagonal: 1 the main one, 2 the other; a window, a
    disjoint group, an extra region), numbered from 1 within its kind."""

    kind: UnitKind
    number: Line


class LinkOut(Schema):
    """A link of a chain, between candidates [row, column, digit] (or groups of them)."""

    start: list[Annotated[list[int], Field(min_length=3, max_length=3)]]
    end: list[Annotated[list[int], Field(min_length=3, max_length=3)]]
    strong: bool = Field(description="true: if one end is false the other is true.")


class PatternOut(Schema):
    """What justifies a step, to highlight: cells, units, digits, and a chain's links."""

    cells: list[Cell]
    units: list[UnitOut]
    digits: list[Digit]
    links: list[LinkOut]


class StepOut(Schema):
    """One step: its technique, what it places and removes, why, and its sentence."""

    number: int = Field(ge=1, description="The step's place in the list, from 1.")
    technique: Technique
    message: str = Field(
        description="The step's form: the technique's id, or id/form when the technique "
        "has forms worth telling apart (finned-x-wing/sashimi, aic/loop, "
        "simple-colors/wrap...).",
        examples=["finned-x-wing/sashimi"],
    )
    name: str = Field(description="The technique's name, for people.")
    text: str = Field(description="The step as a sentence, for people.")
    look: str = Field(description="Where to look and what for, without the answer.")
    placements: list[Move]
    eliminations: list[Move]
    pattern: PatternOut
    drawing: str | None = Field(
        None,
        description="A hint's step only (null in /api/steps): the step drawn as an SVG "
        "in the board's units (100 a cell, viewBox 0 0 100N 100N), to lay over the "
        "grid: a chain's links (class link strong, weak or implies), marked candidates "
        "(ring on, off, body, fin, rcc, colour-a...), outlines (base, cover, als-1...). "
        "Decorative (aria-hidden): the text says the step. Empty when it draws nothing.",
    )


class Taught(Schema):
    """The verdict on the board's digits, its steps, and whether the board is wrong."""

    status: Literal[VERDICTS] = Field(
        description="The verdict on the givens and the digits placed: unique, multiple, "
        "none (no steps then), or gave_up."
    )
    difficulty: Difficulty | None = Field(
        description="How hard the steps listed are, when they solve the board; null for "
        "a hint, with all, with no steps, on a board other than 9x9 or under variant "
        "rules (the levels are calibrated on classic 9x9 puzzles)."
    )
    rules: RuleIds = Field(
        description="The rules the steps follow: those the puzzle's link brings, or the "
        "rules field's; classic for plain Sudoku. Under variant rules the steps use every "
        "region (a hidden single in a diagonal or a jigsaw region) and the cells a pair "
        "rule relates; uniqueness techniques are never used there, and with jigsaw "
        "regions only the techniques that read every region."
    )
    size: Side
    box: Boxes
    steps: list[StepOut]
    wrong: list[Cell] = Field(
        description="The cells where the board departs from the solution (a digit not "
        "its, or candidates without it); steps built on them may be wrong."
    )
    warning: str | None = Field(description="Says so, for people, when wrong is not empty.")


class BoardIn(Schema):
    """A person's digits on a puzzle: the givens and the digits placed so far."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"puzzle": EXAMPLE, "progress": None}]}
    )

    puzzle: Puzzle
    progress: str | None = Field(None, max_length=PASTE_MAX_LENGTH, description=PROGRESS_HELP)
    rules: Rules = ""


class Pencilled(Schema):
    """What the rules allow on the digits placed, and where the digits clash."""

    rules: RuleIds = Field(description="The rules the candidates and conflicts follow.")
    size: Side
    box: Boxes
    candidates: list[str] = Field(
        description="Each cell's candidates in reading order: the digits none of its "
        "peers holds, as a string of symbols (letters above 9: A for 10 ... P for 25); "
        "'' for a placed cell.",
        min_length=16,
        max_length=625,
    )
    conflicts: list[Problem] = Field(
        description="Each pair of digits that share a unit (a row, column, box or other "
        "region) or break a pair rule (code conflict)."
    )


class Rated(Schema):
    """A puzzle's rating, worked out once (within the site's time for
    explaining) and kept for every writing of it."""

    status: Literal[VERDICTS] = Field(
        description="The verdict on the puzzle, as /api/solve gives it."
    )
    difficulty: Difficulty | None = Field(
        description="How hard the puzzle is for a person: for a unique puzzle with an open "
        "cell; null otherwise."
    )
    cut: bool = Field(
        description="true when the teacher's time ran out before its logic finished, so "
        "trial steps rated the rest (the level is then a bound, extreme at most)."
    )
