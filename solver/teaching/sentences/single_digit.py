"""Single-digit patterns in words: skyscraper, two-string kite, turbot fish
and empty rectangle (and their dual forms), each named and said."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...engine.steps import Step
from .words import Params, Wording, Words

WORDING = (
    Wording("skyscraper", gettext_lazy("Skyscraper"), gettext_lazy("a skyscraper")),
    Wording("two-string-kite", gettext_lazy("2-String Kite"), gettext_lazy("a 2-string kite")),
    Wording("turbot-fish", gettext_lazy("Turbot fish"), gettext_lazy("a turbot fish")),
    Wording("empty-rectangle", gettext_lazy("Empty rectangle"), gettext_lazy("an empty rectangle")),
)
NAMES = {row.id: row.name for row in WORDING}


def _two_links(step: Step, p: Params, w: Words) -> str:
    template = _(
        "%(technique)s on %(digit)s: two strong links (%(units)s) joined at one end put "
        "%(digit)s in %(tip)s or %(other)s, so it leaves every cell that sees both: %(cells)s."
    )
    tip, other = p["tips"]
    return template % {
        "technique": str(NAMES[step.technique]),
        "digit": w.digit(p["digit"]),
        "units": w.units(p["units"][:2]),
        "tip": w.cell(tip),
        "other": w.cell(other),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


def _dual(step: Step, p: Params, w: Words) -> str:
    template = _(
        "%(technique)s (dual): two patterns share the same cells of %(box)s, and together "
        "remove %(removed)s."
    )
    return template % {
        "technique": str(NAMES[step.technique]),
        "box": w.unit(p["box"]),
        "removed": w.removed(step.eliminations),
    }


def _empty_rectangle(step: Step, p: Params, w: Words) -> str:
    row, column = p["cross"]
    near, far = p["ends"]
    template = _(
        "Empty rectangle on %(digit)s: in %(box)s, %(digit)s lies only in %(row)s and "
        "%(column)s. The strong link in %(link)s puts %(digit)s in %(far)s, or in %(near)s, "
        "which leaves the box only its other line; either way %(digit)s leaves %(cells)s."
    )
    return template % {
        "digit": w.digit(p["digit"]),
        "box": w.unit(p["box"]),
        "row": w.unit(row),
        "column": w.unit(column),
        "link": w.unit(p["link"]),
        "near": w.cell(near),
        "far": w.cell(far),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


SAYINGS = {
    "skyscraper": _two_links,
    "two-string-kite": _two_links,
    "two-string-kite/dual": _dual,
    "turbot-fish": _two_links,
    "empty-rectangle": _empty_rectangle,
    "empty-rectangle/dual": _dual,
}
