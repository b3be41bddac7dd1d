"""The shape of ``POST /api/read``'s reply (``api``), from which its OpenAPI
schema is made."""

from __future__ import annotations

from typing import Annotated, Literal

from ninja import Schema
from pydantic import Field

from ...api.schemas import EXAMPLE, Line
from ...engine import Status
from ..check import UNCHECKED
from ..reading import Reading

# The reader's verdicts: the engine's words, and one of its own for a check not run.
Checked = Literal[Status.UNIQUE.value, Status.MULTIPLE.value, Status.NONE.value, UNCHECKED]

Index = Annotated[int, Field(ge=0, le=80, description="The cell, 0 to 80 in reading order.")]
Confidence = Annotated[float, Field(ge=0, le=1)]
Point = Annotated[list[float], Field(min_length=2, max_length=2)]


class Cell(Schema):
    """A cell of the 9x9 grid, by index and by row and column (from 1)."""

    index: Index
    row: Line = Field(le=9)
    column: Line = Field(le=9)


class Change(Cell):
    """A cell the solver check changed: what the reader read there, and what
    it chose instead so that the puzzle has a solution."""

    read: str = Field(pattern=r"^[1-9.]$", description="The digit read, or . for empty.")
    chosen: str = Field(pattern=r"^[1-9.]$", description="The digit chosen, or . for empty.")


class PhotoRead(Schema):
    """The puzzle read from a photo, with what a person should check."""

    puzzle: str = Field(
        pattern=r"^[1-9.]{81}$",
        description="The puzzle read: 81 symbols row by row, . for an empty cell. "
        "Nothing is solved: send it to /api/solve for that.",
        examples=[EXAMPLE],
    )
    confidence: list[Confidence] = Field(
        min_length=81,
        max_length=81,
        description="For each cell, in reading order, how sure the reader is of what it "
        "read there (digit or empty), from 0 to 1.",
    )
    doubtful: list[Cell] = Field(
        description="The cells to check by eye: read with low confidence, or changed by "
        "the solver check."
    )
    changed: list[Change] = Field(
        description="The cells the solver check changed so that the puzzle has a solution."
    )
    verdict: Checked = Field(
        description="The solver check on the puzzle as read (after its changes): unique, "
        "multiple (two or more solutions), none, or unchecked (not run)."
    )
    corners: list[Point] = Field(
        min_length=4,
        max_length=4,
        description="The grid's corners in the image, as [x, y] in pixels from its top "
        "left: top left, top right, bottom right, bottom left.",
    )
    seconds: float = Field(ge=0, description="The time the reader took, in seconds.")


def cell_json(index: int) -> dict:
    """A cell by index and by row and column, from 1."""
    return {"index": index, "row": index // 9 + 1, "column": index % 9 + 1}


def changes_json(reading: Reading) -> list[dict]:
    """The cells the reader's check changed, each with what was read and what
    was chosen: the reply's ``changed``, and what the entry page lists."""
    return [
        {**cell_json(change.index), "read": change.read, "chosen": change.chosen}
        for change in reading.changed
    ]
