"""Levels: how hard a puzzle is for a person, in five words.

This is the one list of these words: the difficulty model, the generator,
the library, the command line, the pages and the API take them from here.
HoDoKu's five levels are Easy, Medium, Hard, Unfair and Extreme; ``expert``
stands for Unfair.
"""

from enum import StrEnum


class Level(StrEnum):
    """A level, easiest first; the values are stable ids for APIs and files."""

    EASY = "easy"  # singles alone solve it
    MEDIUM = "medium"
    HARD = "hard"
    EXPERT = "expert"
    EXTREME = "extreme"  # a forcing chain, many chains, or no technique at all (a trial)


LEVELS = tuple(Level)
