"""The shapes of the operations that solve and check a puzzle (``api``)."""

from __future__ import annotations

from typing import Literal

from ninja import Schema
from pydantic import ConfigDict, Field

from ..api.schemas import (
    EXAMPLE,
    EXAMPLE_SOLUTION,
    Boxes,
    Difficulty,
    FpuzzlesLink,
    Puzzle,
    RuleIds,
    Rules,
    RulesText,
    Side,
)
from ..engine import VERDICTS


class PuzzleIn(Schema):
    """The body of a POST: the puzzle's text, and its rules when the text carries none."""

    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={"examples": [{"puzzle": EXAMPLE}]},
    )

    puzzle: Puzzle
    rules: Rules = ""


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
        pattern=r"^[1-9A-P.]{16,625}$",
        description="The puzzle as read: N*N symbols row by row (81 on a 9x9 board), . for "
        "an empty cell, A = 10 ... P = 25 on boards above 9x9.",
        examples=[EXAMPLE],
    )
    guesses: int = Field(ge=0, description="Guesses the search made.")
    elapsed_ms: float = Field(ge=0, description="Time the solver took, in milliseconds.")
    size: Side
    box: Boxes
    rules: RuleIds
    rules_text: RulesText
    fpuzzles: FpuzzlesLink


class Solved(Verdict):
    """The verdict and a solution, when one was found."""

    solution: str | None = Field(
        pattern=r"^[1-9A-P]{16,625}$",
        description="A solution (N*N symbols, as givens), or null when none was found. With "
        "status multiple it is one of several; with gave_up it may be null.",
        examples=[EXAMPLE_SOLUTION],
    )
    difficulty: Difficulty | None = Field(
        description="How hard the puzzle is for a person, for a unique puzzle with an "
        "open cell, when it is known already or quick to find (a puzzle solved without a "
        "guess); null otherwise. GET /api/rating gives it for any unique puzzle, worked "
        "out once and then kept. Always null on a board other than 9x9 and under variant "
        "rules: the rating is classic 9x9 only."
    )
