"""Steps: what the teacher says, one deduction at a time.

A ``Technique`` is one row of the teacher's table: its id, the finder
that yields its steps, and its place in the difficulty model.

A ``Step`` is one instance of a named technique found on a board of
``marks``: the digits it places and the candidates it eliminates, the
pattern that justifies it, and what a page needs to say it as a sentence.
The sentence itself is not here: a step carries a message id and its
parameters, and the site words them in the reader's language.

Cells, digits and units are the engine's own (``board``): cells counted
from 0, digits from 1, a unit as its ``Unit``. The API turns cells into
1-based rows and columns.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from .board import Unit
from .levels import Level
from .marks import Marks

Candidate = tuple[int, int]  # (cell, digit)


@dataclass(frozen=True)
class Link:
    """One link of a chain: between two candidates (or groups of them), strong
    (if one is false the other is true) or weak (both cannot be true)."""

    start: tuple[Candidate, ...]
    end: tuple[Candidate, ...]
    strong: bool


@dataclass(frozen=True)
class Pattern:
    """What justifies a step, for a page to highlight: the cells and units it
    looks at, the digits it is about, and for chains their links in order."""

    cells: tuple[int, ...] = ()
    units: tuple[Unit, ...] = ()
    digits: tuple[int, ...] = ()
    links: tuple[Link, ...] = ()


@dataclass(frozen=True)
class Step:
    """One deduction: ``technique`` (an id such as ``"hidden-single"``) places
    ``placements`` and removes ``eliminations``, because of ``pattern``.

    ``message`` and ``params`` say it as a sentence: a message id (often the
    technique's id) and its values (digits, cells, units, counts), never an
    English string.
    """

    technique: str
    placements: tuple[Candidate, ...] = ()
    eliminations: tuple[Candidate, ...] = ()
    pattern: Pattern = Pattern()
    message: str = ""
    params: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}))

    def __reduce__(self):
        """Pickled with ``params`` as a plain dict (a read-only view cannot be
        pickled), so that a walk can be kept in a cache other processes read."""
        fields = (self.technique, self.placements, self.eliminations, self.pattern, self.message)
        return (_unpickled_step, (*fields, dict(self.params)))

    def apply(self, marks: Marks) -> None:
        """Make the step on ``marks``: its eliminations, then its placements."""
        for cell, digit in self.eliminations:
            marks.eliminate(cell, digit)
        for cell, digit in self.placements:
            marks.place(cell, digit)


def _unpickled_step(technique, placements, eliminations, pattern, message, params) -> Step:
    """A pickled ``Step`` again, its ``params`` read-only as before."""
    return Step(technique, placements, eliminations, pattern, message, MappingProxyType(params))


Finder = Callable[[Marks], Iterator[Step]]


class Technique(NamedTuple):
    """A technique, as the engine knows it: ``id`` (the API's, such as
    ``"x-wing"``), the finder that yields every instance of it on a board
    (None for the teacher's own trial step), and its place in the difficulty
    model: its ``level`` and the ``points`` one step of it is worth."""

    id: str
    find: Finder | None
    level: Level
    points: int
