"""Steps in the reader's language: each technique's name, and each step as a sentence.

The engine's steps carry a message id and plain parameters (``steps``), never
English; here they become text, every template marked for translation. One
module per family of the engine's techniques says its steps, and names each
of its techniques in one row (``words.Wording``); ``words`` writes the cells,
units, digits and lists they are made of.

- ``name(technique)``: the technique's display name ("Hidden single");
- ``sentence(step)``: what the step does and why ("Hidden single: in box 5,
  7 fits only in r4c5, so it goes there.");
- ``look(step)``: where to look and for what, without giving the step away
  ("Look at box 5: a hidden single."), a hint's first press.

A message id no family knows, or parameters it cannot read, still get a
true sentence, made from the step's technique, digits, placements and
eliminations (``generic``): no step is ever silent.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _

from ...engine import STANDARD, Shape
from ...engine.steps import Step
from ...engine.techniques import TABLE
from . import (
    als,
    cages,
    chains,
    colouring,
    fish,
    intersections,
    single_digit,
    singles,
    subsets,
    trial,
    uniqueness,
    wings,
)
from .words import Params, Wording, Words

FAMILIES = (
    singles,
    intersections,
    cages,
    subsets,
    fish,
    single_digit,
    colouring,
    wings,
    uniqueness,
    als,
    chains,
    trial,
)

# Every technique's wording, in the teacher's order (the engine's table).
_ROWS = {row.id: row for family in FAMILIES for row in family.WORDING}
WORDING: dict[str, Wording] = {id: _ROWS[id] for id in TABLE if id in _ROWS}
# How each message id is said.
SAYINGS: dict[str, Callable[[Step, Params, Words], str]] = {
    message: say for family in FAMILIES for message, say in family.SAYINGS.items()
}
# Where a hint's first press points, for the techniques whose place is not
# simply their pattern's units or cells; and the looks said another way.
PLACES: dict[str, Callable[[Step, Words], str]] = singles.PLACES
LOOKS: dict[str, Callable[[Step, Words], str | None]] = trial.LOOKS


def name(technique: str) -> str:
    """The technique's display name; an id no family knows is shown as is."""
    row = WORDING.get(technique)
    return str(row.name) if row else technique


def sentence(step: Step, shape: Shape = STANDARD) -> str:
    """The step as one sentence in the active language (see the module's docstring)."""
    say = SAYINGS.get(step.message)
    if say is not None:
        try:
            return say(step, step.params, Words(shape))
        except (KeyError, TypeError, ValueError, IndexError):
            pass  # parameters this module cannot read: the generic sentence is still true
    return generic(step, shape)


def generic(step: Step, shape: Shape = STANDARD) -> str:
    """A sentence any step gets: "X-Wing on 5: removes 5 from r1c3, r7c3."."""
    words = Words(shape)
    actions = words.actions(step.placements, step.eliminations)
    if step.pattern.digits:
        return _("%(technique)s on %(digits)s: %(actions)s.") % {
            "technique": name(step.technique),
            "digits": words.digits(step.pattern.digits),
            "actions": actions,
        }
    return _("%(technique)s: %(actions)s.") % {
        "technique": name(step.technique),
        "actions": actions,
    }


def look(step: Step, shape: Shape = STANDARD) -> str:
    """Where to look and what for, giving neither digit nor cell of the answer
    away beyond the place: "Look at box 5: a hidden single."."""
    words = Words(shape)
    said = LOOKS.get(step.technique)
    said = _safe(lambda: said(step, words)) if said else None
    if said is not None:
        return said
    row = WORDING.get(step.technique)
    what = str(row.look) if row else step.technique
    where = PLACES.get(step.technique)
    place = _safe(lambda: where(step, words)) if where else None
    if place is None and step.pattern.units:
        place = words.units((unit.kind, unit.number) for unit in step.pattern.units[:3])
    if place is None and step.pattern.cells:
        place = words.cells(step.pattern.cells[:3])
    if place is None:
        return _("Look for %(technique)s.") % {"technique": what}
    return _("Look at %(place)s: %(technique)s.") % {"place": place, "technique": what}


def _safe(make: Callable[[], str | None]) -> str | None:
    try:
        return make()
    except (KeyError, TypeError, ValueError, IndexError):
        return None
