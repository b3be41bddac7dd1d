"""Incremental finders against full searches, along the teacher's own walks.

A finder that keeps what it found between boards (``techniques.memo``) must
answer each board exactly as a full search would. ``walk`` gives the boards
the teacher passes through on a puzzle; ``differences`` asks each finder on
each of them twice, once with what it kept from the boards before and once
with everything forgotten, and names any board where the two differ.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from itertools import islice

from solver.engine import parse_puzzle
from solver.engine.board import shape_of_grid
from solver.engine.marks import Marks
from solver.engine.steps import Finder, Step
from solver.engine.teacher import next_step
from solver.engine.techniques import memo


def walk(puzzle: str) -> Iterator[Marks]:
    """Each board of the teacher's walk through ``puzzle`` (uniqueness
    techniques included), from its givens to the last before the solution;
    each a copy, free to change."""
    grid = parse_puzzle(puzzle)
    marks = Marks.from_grid(grid, shape_of_grid(grid))
    while not marks.solved():
        yield marks.copy()
        step = next_step(marks, unique=True)
        if step is None:
            return
        step.apply(marks)


def differences(
    puzzle: str, finders: Mapping[str, Finder], first: int = 5
) -> list[tuple[int, str]]:
    """The (position, finder id) along ``puzzle``'s walk where a finder's
    ``first`` steps, with its memo kept from the positions before, differ
    from its first steps after every memo is forgotten. (A part of a search
    is kept only when it found nothing, so it was searched whole.)"""
    found = []
    memo.forget()
    for position, marks in enumerate(walk(puzzle)):
        kept = {name: said(find(marks), first) for name, find in finders.items()}
        memo.forget()
        for name, find in finders.items():
            if said(find(marks), first) != kept[name]:
                found.append((position, name))
    return found


def said(steps: Iterable[Step], first: int) -> list[str]:
    """The ``first`` steps as comparable text: every field, the params' order included."""
    return [repr(step) for step in islice(steps, first)]
