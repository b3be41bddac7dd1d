"""The shapes the API reads and writes, from which the OpenAPI schema is made.

Every constraint written here is both checked (by pydantic, on the way in)
and published (in ``/api/openapi.json``), so the documentation cannot drift
from what the server does.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import BeforeValidator, ConfigDict, Field, WithJsonSchema

from ..engine import VERDICTS, Status
from ..engine.difficulty import LEVELS
from ..engine.generate import SYMMETRIES
from ..forms import PASTE_MAX_LENGTH
from ..sentences import NAMES

EXAMPLE = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
EXAMPLE_SOLUTION = (
    "468931527751624839392578461134756298289413675675289314846192753513867942927345186"
)

PUZZLE_HELP = (
    "The puzzle, in any format the site reads: for example 81 symbols in reading order "
    "(1-9 for givens; ., 0, - or _ for empty cells), or nine lines of nine. Every format "
    "is listed in the reader's reference (solver/engine/parse.py, and docs/design.md). "
    f"At most {PASTE_MAX_LENGTH:,} characters."
)

Puzzle = Annotated[str, Field(max_length=PASTE_MAX_LENGTH, description=PUZZLE_HELP)]
Line = Annotated[int, Field(ge=1, le=9)]
Digit = Annotated[int, Field(ge=1, le=9)]
Cell = Annotated[list[Line], Field(min_length=2, max_length=2)]
Technique = Literal[tuple(NAMES)]
ERROR = "error"  # a failure's status when the request itself was at fault, not the puzzle


class PuzzleIn(Schema):
    """The body of a POST: the puzzle's text, and nothing else."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [{"puzzle": EXAMPLE}]})

    puzzle: Puzzle


class Verdict(Schema):
    """What the solver found, without the solution."""

    status: Literal[VERDICTS] = Field(
        description="unique: exactly one solution. multiple: two or more. none: proved to "
        "have none. gave_up: the time budget ran out first."
    )
    solutions: int = Field(
        ge=0, le=2, description="Solutions found: 0, 1, or 2 meaning two or more."
    )
    givens: str = Field(
        pattern=r"^[1-9.]{81}$",
        description="The puzzle as read: 81 symbols, . for an empty cell.",
        examples=[EXAMPLE],
    )
    guesses: int = Field(ge=0, description="Guesses the search made.")
    elapsed_ms: float = Field(ge=0, description="Time the solver took, in milliseconds.")


class Difficulty(Schema):
    """How hard a puzzle is for a person: the hardest technique it needs, and
    how many steps used it, make the score and the level."""

    level: Literal[LEVELS] = Field(description="easy, medium, hard, expert or extreme.")
    score: int = Field(ge=0, description="A higher score is harder.")
    hardest: Technique = Field(description="The id of the hardest technique used.")


class Solved(Verdict):
    """The verdict and a solution, when one was found."""

    solution: str | None = Field(
        pattern=r"^[1-9]{81}$",
        description="A solution (81 digits), or null when none was found. With status "
        "multiple it is one of several; with gave_up it may be null.",
        examples=[EXAMPLE_SOLUTION],
    )
    difficulty: Difficulty | None = Field(
        description="How hard the puzzle is for a person, for a unique puzzle with an "
        "open cell (rated within the site's time for explaining); null otherwise."
    )


STEPS_EXAMPLE = {"puzzle": EXAMPLE, "techniques": ["hidden-single", "naked-single"], "all": True}
PROGRESS_HELP = (
    "Optional: the digits placed so far beyond the givens, 81 symbols in reading order, "
    ". (or 0) for a cell not placed; a given may be repeated or left as '.'."
)
CANDIDATES_HELP = (
    "Optional: the candidates still open in each cell, 81 strings of digits in reading "
    "order ('' for a placed cell, null for a cell with none pencilled, which keeps every "
    "digit the placed ones allow). By default, every digit the placed ones allow. Wrong "
    "candidates are accepted as the person's board: the reply names the cells (wrong)."
)
TECHNIQUES_HELP = (
    "Optional: the ids of the techniques allowed (default all); an id that names none "
    "gets 400. A trial step is taken when none of them applies. The ids: " + ", ".join(NAMES) + "."
)


class StepsIn(Schema):
    """A person's board, and what to teach on it."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [STEPS_EXAMPLE]})

    puzzle: Puzzle
    progress: str | None = Field(None, max_length=PASTE_MAX_LENGTH, description=PROGRESS_HELP)
    candidates: list[str | None] | None = Field(None, description=CANDIDATES_HELP)
    techniques: list[str] | None = Field(None, description=TECHNIQUES_HELP)
    all: bool = Field(
        False,
        description="true: list every instance of the allowed techniques on this board, "
        "applying none. false: the steps from this board to the end (or to the budget).",
    )


class Move(Schema):
    """A digit placed in a cell, or removed from its candidates."""

    cell: Cell = Field(description="[row, column], from 1.")
    digit: Digit


class UnitOut(Schema):
    kind: Literal["row", "column", "box"]
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


class Taught(Schema):
    """The verdict on the board's digits, its steps, and whether the board is wrong."""

    status: Literal[VERDICTS] = Field(
        description="The verdict on the givens and the digits placed: unique, multiple, "
        "none (no steps then), or gave_up."
    )
    difficulty: Difficulty | None = Field(
        description="How hard the steps listed are, when they solve the board; null for "
        "a hint, with all, or with no steps."
    )
    steps: list[StepOut]
    wrong: list[Cell] = Field(
        description="The cells where the board departs from the solution (a digit not "
        "its, or candidates without it); steps built on them may be wrong."
    )
    warning: str | None = Field(description="Says so, for people, when wrong is not empty.")


class Problem(Schema):
    """One thing wrong with the request or the puzzle."""

    code: str = Field(
        description="Stable, for programs: e.g. bad_character, too_few_cells, "
        "too_many_cells, conflict, max_length, required, malformed_json, not_a_choice, "
        "out_of_range, not_found, out_of_time.",
        examples=["conflict"],
    )
    message: str = Field(description="For people, in English.")
    cells: list[Annotated[list[Line], Field(min_length=2, max_length=2)]] = Field(
        description="The cells at fault as [row, column] pairs from 1 (maybe none).",
        examples=[[[1, 1], [1, 5]]],
    )


class Failure(Schema):
    """Why a request got no verdict. ``invalid`` means the input was at fault
    (status 400); ``error`` means the request itself (wrong method, type, size)."""

    status: Literal[Status.INVALID, ERROR]
    errors: list[Problem] = Field(min_length=1)


class BoardIn(Schema):
    """A person's digits on a puzzle: the givens and the digits placed so far."""

    model_config = ConfigDict(
        extra="forbid", json_schema_extra={"examples": [{"puzzle": EXAMPLE, "progress": None}]}
    )

    puzzle: Puzzle
    progress: str | None = Field(None, max_length=PASTE_MAX_LENGTH, description=PROGRESS_HELP)


class Pencilled(Schema):
    """What the rules allow on the digits placed, and where the digits clash."""

    candidates: list[str] = Field(
        description="Each cell's candidates in reading order: the digits none of its "
        "peers holds, as a string; '' for a placed cell.",
        min_length=81,
        max_length=81,
    )
    conflicts: list[Problem] = Field(
        description="Each pair of digits that share a row, column or box (code conflict)."
    )


# The library: new puzzles, stored ones, the day's.
PUZZLE_ID = r"^[A-Za-z0-9_-]{1,16}$"
SEED_MAX = 2**63 - 1


def whole_number(value: object) -> object:
    """A JSON number with no fraction (``42.0``) as the integer it is: JSON
    Schema calls it an integer, so the API must take it. Anything else is left
    to the strict check, which refuses strings, booleans and fractions."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


# A seed: strictly an integer in range, a whole float taken as one. The schema
# is spelled out, since pydantic words the bounds of a validated type as "ge"
# and "le", which JSON Schema does not know.
Seed = Annotated[
    int,
    BeforeValidator(whole_number),
    Field(ge=0, le=SEED_MAX, strict=True),
    WithJsonSchema({"type": "integer", "minimum": 0, "maximum": SEED_MAX}),
]


GENERATE_EXAMPLE = {"level": "hard", "symmetry": "rotational", "seed": 2024}
Level = Literal[LEVELS]
Symmetry = Literal[SYMMETRIES]


class GenerateIn(Schema):
    """What puzzle to make: every field may be left out."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [GENERATE_EXAMPLE]})

    level: Level = Field("medium", description="easy, medium, hard, expert or extreme.")
    symmetry: Symmetry = Field(
        "rotational",
        description="How the givens are placed: rotational (half a turn), none, mirror "
        "(left to right) or diagonal.",
    )
    seed: Seed | None = Field(
        None,
        description="The same seed, level and symmetry make the same puzzle; null draws "
        f"one. An integer from 0 to {SEED_MAX}.",
    )


PUZZLE_OUT_EXAMPLE = {
    "id": "foc6cycapeon",
    "puzzle": EXAMPLE,
    "solution": EXAMPLE_SOLUTION,
    "level": "extreme",
    "score": 1580,
    "hardest": "forcing-chain",
    "symmetry": "none",
    "source": "top1465",
    "created": "2026-11-24T11:02:06.768Z",
    "url": "https://sudoku.example/p/foc6cycapeon",
}


class PuzzleOut(Schema):
    """A puzzle of the library: its givens, its one solution, its rating and origin."""

    model_config = ConfigDict(json_schema_extra={"examples": [PUZZLE_OUT_EXAMPLE]})

    id: str = Field(
        pattern=PUZZLE_ID,
        description="The puzzle's id in the library, stable (the same puzzle, written any "
        "equivalent way, has the same id).",
    )
    puzzle: str = Field(
        pattern=r"^[1-9.]{81}$",
        description="The givens: 81 symbols, . for an empty cell.",
        examples=[EXAMPLE],
    )
    solution: str = Field(
        pattern=r"^[1-9]{81}$", description="Its one solution.", examples=[EXAMPLE_SOLUTION]
    )
    level: Level = Field(description="easy, medium, hard, expert or extreme.")
    score: int = Field(ge=0, description="The teacher's score: a higher score is harder.")
    hardest: Technique | Literal[""] = Field(
        description="The id of the hardest technique the teacher used."
    )
    symmetry: Symmetry | Literal[""] = Field(
        description='The symmetry of the givens\' places ("" when not known).'
    )
    source: str = Field(
        description="generated (made by this site), or the name of the set it was imported from.",
        examples=["generated"],
    )
    created: datetime = Field(description="When it was stored.")
    url: str = Field(description="The puzzle's page on this site.")


class GeneratedOut(PuzzleOut):
    """A puzzle just made (and stored in the library), with the seed that makes it again."""

    model_config = ConfigDict(
        json_schema_extra={"examples": [PUZZLE_OUT_EXAMPLE | {"source": "generated", "seed": 2024}]}
    )

    seed: int = Field(ge=0, le=SEED_MAX, description="The seed it was made with.")


class DailyOut(PuzzleOut):
    """The day's puzzle of a level: the same for everyone that day."""

    model_config = ConfigDict(
        json_schema_extra={"examples": [PUZZLE_OUT_EXAMPLE | {"day": "2026-11-24"}]}
    )

    day: date = Field(description="The day it is the puzzle of (the server's time zone).")
