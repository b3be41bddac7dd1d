"""The shapes of the library's operations (``api``): what puzzle to make, and
a stored puzzle as JSON."""

from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import BeforeValidator, ConfigDict, Field, WithJsonSchema

from ..api.schemas import EXAMPLE, EXAMPLE_SOLUTION, LEVEL_HELP, LevelId, Technique
from ..core.boards import BOARDS
from ..engine.generate import SYMMETRIES
from ..engine.levels import Level

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


GENERATE_EXAMPLE = {"level": Level.HARD.value, "symmetry": "rotational", "seed": 2024}


Symmetry = Literal[SYMMETRIES]
# The sides of the boards other than 9x9, whose puzzles have no level.
OTHER_SIZES = tuple(board.size for board in BOARDS if board.size != 9)
# One of them as the schema says it; any integer is read, the view refusing
# the others by name (unknown_size).
OtherSize = Annotated[int, WithJsonSchema({"type": "integer", "enum": [*OTHER_SIZES]})]


class GenerateIn(Schema):
    """What puzzle to make: every field may be left out."""

    model_config = ConfigDict(extra="forbid", json_schema_extra={"examples": [GENERATE_EXAMPLE]})

    level: LevelId = Field(Level.MEDIUM.value, description=LEVEL_HELP)
    symmetry: Symmetry = Field(
        "rotational",
        description="How the givens are placed: rotational (half a turn), none, mirror "
        "(left to right) or diagonal.",
    )
    seed: Seed | None = Field(
        None,
        description="The same seed, level and symmetry give the same puzzle (expert and "
        "extreme: the same while the library holds the same puzzles); null draws one. An "
        f"integer from 0 to {SEED_MAX}.",
    )


PUZZLE_OUT_EXAMPLE = {
    "id": "foc6cycapeon",
    "puzzle": EXAMPLE,
    "solution": EXAMPLE_SOLUTION,
    "level": Level.EXTREME.value,
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
    level: LevelId = Field(description=LEVEL_HELP)
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


# What POST /api/generate with GENERATE_EXAMPLE gives: made, not stored.
GENERATED_EXAMPLE = {
    "id": "4j32d7dpbjwp",
    "puzzle": "....7.43......91...316.4.28..68.7...8.......2...1.28..61.7.824...79......82.1....",
    "solution": "598271436264389175731654928126897354879543612453162897615738249347926581982415763",
    "level": Level.HARD.value,
    "score": 166,
    "hardest": "empty-rectangle",
    "symmetry": "rotational",
    "source": "generated",
    "created": None,
    "url": "https://sudoku.example/new?level=hard&symmetry=rotational&seed=2024",
    "seed": 2024,
}


class GeneratedOut(PuzzleOut):
    """A puzzle for a seed, with the seed that gives it again: made for this
    reply and not stored (``created`` null, ``url`` stores it when opened),
    or one the library holds."""

    model_config = ConfigDict(json_schema_extra={"examples": [GENERATED_EXAMPLE]})

    created: datetime | None = Field(
        description="When it was stored; null for a puzzle made for this reply, which is "
        "stored when its url is opened."
    )
    url: str = Field(
        description="The puzzle's page on this site; for a puzzle not stored, the address "
        "that makes it again, stores it and leads to its page."
    )
    seed: int = Field(
        ge=0,
        le=SEED_MAX,
        description="The seed that makes or picks it again (with the level and symmetry).",
    )


class DailyOut(PuzzleOut):
    """The day's puzzle of a level: the same for everyone that day."""

    model_config = ConfigDict(
        json_schema_extra={"examples": [PUZZLE_OUT_EXAMPLE | {"day": "2026-11-24"}]}
    )

    day: date = Field(description="The day it is the puzzle of (the server's time zone).")


class SizedOut(Schema):
    """A puzzle of a board other than 9x9, from the stock: no level (the
    levels are calibrated on 9x9 boards), and its game's address."""

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "size": 4,
                    "puzzle": "1...3.....4....2",
                    "seed": 7,
                    "url": "https://sudoku.example/play?puzzle=1...3.....4....2",
                }
            ]
        }
    )

    size: OtherSize = Field(description="The board's side.")
    puzzle: str = Field(
        pattern=r"^[1-9A-P.]{16,625}$",
        description="The givens, one symbol a cell row by row, . for an empty cell, values "
        "above 9 as letters (A is 10).",
    )
    seed: int = Field(ge=0, le=SEED_MAX, description="The seed that picks it again.")
    url: str = Field(description="Its game on this site.")
