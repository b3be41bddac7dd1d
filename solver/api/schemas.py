"""The shapes the API reads and writes, from which the OpenAPI schema is made.

Every constraint written here is both checked (by pydantic, on the way in)
and published (in ``/api/openapi.json``), so the documentation cannot drift
from what the server does.
"""

from __future__ import annotations

from typing import Annotated, Literal

from ninja import Schema
from pydantic import ConfigDict, Field

from ..engine import VERDICTS, Status
from ..forms import PASTE_MAX_LENGTH

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


class Solved(Verdict):
    """The verdict and a solution, when one was found."""

    solution: str | None = Field(
        pattern=r"^[1-9]{81}$",
        description="A solution (81 digits), or null when none was found. With status "
        "multiple it is one of several; with gave_up it may be null.",
        examples=[EXAMPLE_SOLUTION],
    )


class Problem(Schema):
    """One thing wrong with the request or the puzzle."""

    code: str = Field(
        description="Stable, for programs: e.g. bad_character, too_few_cells, "
        "too_many_cells, conflict, max_length, required, malformed_json.",
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
