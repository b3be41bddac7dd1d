"""The teacher's part of the pages: a puzzle's lesson, kept for the next
click (and its rating kept for every later answer), and its level as a page
shows it (the steps page, the answer page's level)."""

from __future__ import annotations

from functools import lru_cache

from ..choices import level_name
from ..engine import Status, parse_puzzle
from ..engine.difficulty import Difficulty
from . import lessons, ratings, sentences


@lru_cache(maxsize=32)
def lesson_of(line: str, language: str | None, rules: str = "") -> lessons.Lesson:
    """The lesson (every step) for the puzzle ``line`` under ``rules`` (the
    short text; "" for classic), in ``language``; no steps unless it has
    exactly one solution, as the steps page shows none.

    Kept for the last few puzzles: each step of the steps page is its own
    address, and walking through them would otherwise explain the puzzle
    again at each click; the answer page's level is the same lesson's.
    """
    board = lessons.read_board(line, rules=rules)
    if isinstance(board, list):  # the form read it, so the teacher should too
        raise ValueError(f"the teacher could not read a puzzle the form read: {board}")
    if board.status is not Status.UNIQUE:
        # The page shows the verdict alone: a walk would be seconds of a
        # worker for nothing on 25x25 (a solve that gave up, several solutions).
        return lessons.Lesson(board.status, None, (), board.wrong)
    taught = lessons.lesson(board)
    if taught.status is Status.UNIQUE and taught.steps and taught.difficulty:
        # The whole walk is made: its rating is kept for every later answer
        # (a 9x9 puzzle's: no other board is rated).
        grid = parse_puzzle(line)
        if ratings.known(grid) is None:
            ratings.keep(grid, [view.step for view in taught.steps])
    return taught


def difficulty_shown(difficulty: Difficulty | None) -> dict | None:
    """The level's name and the hardest technique's name, or None without a rating."""
    if difficulty is None:
        return None
    return {
        "level": level_name(difficulty.level),
        "score": difficulty.score,
        "hardest": sentences.name(difficulty.hardest) if difficulty.hardest else "",
    }
