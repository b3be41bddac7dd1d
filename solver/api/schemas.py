"""The shapes every operation of the API shares, from which the OpenAPI schema is made.

Every constraint written here is both checked (by pydantic, on the way in)
and published (in ``/api/openapi.json``), so the documentation cannot drift
from what the server does. Each feature's own shapes are beside its
operations (``solver.entry.schemas``, ``solver.teaching.schemas``,
``solver.library.schemas``).
"""

from __future__ import annotations

from typing import Annotated, Literal

from django.conf import settings
from ninja import Query, Schema
from pydantic import Field

from ..core.reading import PASTE_MAX_LENGTH, RULES_MAX_LENGTH
from ..engine import Status
from ..engine.levels import LEVELS
from ..engine.techniques import TABLE

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


# A POST's whole body is bounded in bytes too (DATA_UPLOAD_MAX_MEMORY_SIZE):
# 12,000 characters of a link (ASCII) fit with room to spare, but as many
# characters far outside ASCII, each written \\uXXXX\\uXXXX in JSON, do not.
BODY_HELP = PUZZLE_HELP + (
    f" The request's body is at most {settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024} KB: "
    "past that the answer is 413 (too_large)."
)
Puzzle = Annotated[str, Field(max_length=PASTE_MAX_LENGTH, description=BODY_HELP)]
# A GET's query holds less than a body: its address is one request line, at
# most 8,190 bytes behind nginx (deploy/limits.py), and a character outside
# ASCII takes up to 12 there. These bounds keep the longest query the schema
# allows (12 bytes a character, puzzle and rules) within any server's
# request line (Python's own reads 64 KiB); a longer puzzle goes in a POST.
QUERY_PUZZLE_MAX_LENGTH = 3_000
QUERY_RULES_MAX_LENGTH = 2_000
QUERY_HELP = (
    f"At most {QUERY_PUZZLE_MAX_LENGTH:,} characters in the address (and an address "
    "longer than the server reads is refused, 414): a longer puzzle goes in a POST's body."
)
# A puzzle in a GET's query (``?puzzle=``).
PUZZLE_QUERY = Query(
    ...,
    max_length=QUERY_PUZZLE_MAX_LENGTH,
    description=PUZZLE_HELP.replace(f"At most {PASTE_MAX_LENGTH:,} characters.", QUERY_HELP),
    examples=[EXAMPLE],
)


RULES_HELP = (
    "The rule set, in the site's short text, for givens that carry none of their own "
    "(a link or a 'rules:' line brings its own): kinds joined by commas, such as "
    "'diagonal,antiknight', 'windoku', 'jigsaw:<a region symbol per cell>', "
    "'extra:r1c1.r1c2.r2c1.r2c2', 'disjoint', 'antiking', 'nonconsecutive' "
    "(docs/api.md, Variant rules). Empty or absent: classic Sudoku."
)


Rules = Annotated[str, Field(max_length=RULES_MAX_LENGTH, description=RULES_HELP)]
# A rule set in a GET's query (``&rules=``).
RULES_QUERY = Query("", max_length=QUERY_RULES_MAX_LENGTH, description=RULES_HELP)
# What a reply says of the rules read.
RuleIds = Annotated[
    list[str],
    Field(
        min_length=1,
        description="The rules read, one id per kind: classic, or e.g. diagonal, windoku, "
        "disjoint, extraregion, jigsaw, antiknight, antiking, nonconsecutive.",
        examples=[["classic"], ["diagonal", "antiknight"]],
    ),
]
RulesText = Annotated[
    str,
    Field(
        max_length=RULES_MAX_LENGTH,
        description="The rules read in the site's short text ('' for classic), as 'rules' "
        "takes them.",
    ),
]
FpuzzlesLink = Annotated[
    str,
    Field(
        pattern=r"^https://f-puzzles\.com/\?load=",
        description="The puzzle as an f-puzzles link (its payload opens in SudokuPad too).",
    ),
]


Line = Annotated[int, Field(ge=1, le=25)]


Digit = Annotated[int, Field(ge=1, le=25)]


Cell = Annotated[list[Line], Field(min_length=2, max_length=2)]
# The board a reply is about: every reply that reads a puzzle states them.
Side = Annotated[
    int,
    Field(
        ge=4,
        le=25,
        description="N, the side of the N x N board the puzzle was read as (9 for 9x9).",
    ),
]
Boxes = Annotated[
    list[Annotated[int, Field(ge=2, le=11)]],
    Field(
        min_length=2,
        max_length=2,
        description="The boxes' rows and columns, [3, 3] on a 9x9 board, [4, 4] on 16x16, "
        "[2, 11] on 22x22.",
        examples=[[3, 3]],
    ),
]
Technique = Literal[tuple(TABLE)]
ERROR = "error"  # a failure's status when the request itself was at fault, not the puzzle
LevelId = Literal[tuple(level.value for level in LEVELS)]  # a level, as the API writes it
# The levels as the API's descriptions list them: "easy, medium, ... or extreme."
LEVEL_HELP = ", ".join(LEVELS[:-1]) + f" or {LEVELS[-1]}."


class Difficulty(Schema):
    """How hard a puzzle is for a person: the hardest technique it needs, and
    how many steps used it, make the score and the level."""

    level: LevelId = Field(description=LEVEL_HELP)
    score: int = Field(ge=0, description="A higher score is harder.")
    hardest: Technique = Field(description="The id of the hardest technique used.")


class Problem(Schema):
    """One thing wrong with the request or the puzzle."""

    code: str = Field(
        description="Stable, for programs: e.g. bad_character, too_few_cells, "
        "too_many_cells, conflict, max_length, required, malformed_json, not_a_choice, "
        "out_of_range, not_found, out_of_time.",
        examples=["conflict"],
    )
    message: str = Field(
        description="For people, in the reader's language (the django_language cookie, "
        "else Accept-Language)."
    )
    cells: list[Annotated[list[Line], Field(min_length=2, max_length=2)]] = Field(
        description="The cells at fault as [row, column] pairs from 1 (maybe none).",
        examples=[[[1, 1], [1, 5]]],
    )


class Failure(Schema):
    """Why a request got no verdict. ``invalid`` means the input was at fault
    (status 400); ``error`` means the request itself (wrong method, type, size)."""

    status: Literal[Status.INVALID, ERROR]
    errors: list[Problem] = Field(min_length=1)
