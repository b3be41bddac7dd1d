"""Uniqueness in words: unique rectangles of types 1 to 4, hidden rectangle
and BUG+1, each named and said as a sentence."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...engine.steps import Step
from .words import Params, Wording, Words

WORDING = (
    Wording(
        "unique-rectangle-1",
        gettext_lazy("Unique rectangle type 1"),
        gettext_lazy("a unique rectangle (type 1)"),
    ),
    Wording(
        "unique-rectangle-2",
        gettext_lazy("Unique rectangle type 2"),
        gettext_lazy("a unique rectangle (type 2)"),
    ),
    Wording(
        "unique-rectangle-3",
        gettext_lazy("Unique rectangle type 3"),
        gettext_lazy("a unique rectangle (type 3)"),
    ),
    Wording(
        "unique-rectangle-4",
        gettext_lazy("Unique rectangle type 4"),
        gettext_lazy("a unique rectangle (type 4)"),
    ),
    Wording(
        "hidden-rectangle", gettext_lazy("Hidden rectangle"), gettext_lazy("a hidden rectangle")
    ),
    Wording("bug-plus-one", gettext_lazy("BUG+1"), gettext_lazy("a BUG+1")),
)


def _rectangle(p: Params, w: Words) -> dict[str, object]:
    return {"cells": w.group(p["cells"]), "digits": w.digits(p["digits"])}


def _unique_1(step: Step, p: Params, w: Words) -> str:
    template = _(
        "Unique rectangle type 1: were %(cells)s to hold only %(digits)s, the two digits "
        "could swap and the puzzle would have two solutions. Three corners hold only them, "
        "so the fourth, %(cell)s, cannot: removes %(removed)s."
    )
    return template % {
        **_rectangle(p, w),
        "cell": w.cell(p["cell"]),
        "removed": w.removed(step.eliminations),
    }


def _unique_2(step: Step, p: Params, w: Words) -> str:
    template = _(
        "Unique rectangle type 2: were %(cells)s to hold only %(digits)s, the puzzle would "
        "have two solutions; so one of the roof corners %(roof)s holds their one extra "
        "digit %(extra)s, and it leaves every cell that sees both: %(cells_removed)s."
    )
    return template % {
        **_rectangle(p, w),
        "roof": w.group(p["roof"]),
        "extra": w.digit(p["extra"]),
        "cells_removed": w.cells(cell for cell, _digit in step.eliminations),
    }


def _unique_3(step: Step, p: Params, w: Words) -> str:
    template = _(
        "Unique rectangle type 3: were %(cells)s to hold only %(digits)s, the puzzle would "
        "have two solutions; so a roof corner (%(roof)s) holds one of %(extras)s. With "
        "%(subset)s they make a naked subset of %(subset_digits)s in %(unit)s: removes "
        "%(removed)s."
    )
    return template % {
        **_rectangle(p, w),
        "roof": w.group(p["roof"]),
        "extras": w.digits(p["extras"]),
        "subset": w.group(p["subset"]),
        "subset_digits": w.digits(p["subset_digits"]),
        "unit": w.unit(p["unit"]),
        "removed": w.removed(step.eliminations),
    }


def _unique_4(step: Step, p: Params, w: Words) -> str:
    template = _(
        "Unique rectangle type 4: were %(cells)s to hold only %(digits)s, the puzzle would "
        "have two solutions. In %(unit)s, %(digit)s fits only in the roof corners %(roof)s, "
        "so one of them holds it and the other cannot hold the pair's other digit: removes "
        "%(removed)s."
    )
    return template % {
        **_rectangle(p, w),
        "unit": w.unit(p["unit"]),
        "digit": w.digit(p["digit"]),
        "roof": w.group(p["roof"]),
        "removed": w.removed(step.eliminations),
    }


def _hidden_rectangle(step: Step, p: Params, w: Words) -> str:
    template = _(
        "Hidden rectangle: were %(cells)s to hold only %(digits)s, the puzzle would have "
        "two solutions. In %(units)s, %(digit)s fits only at the corners, so %(cell)s "
        "cannot hold the other digit: removes %(removed)s."
    )
    return template % {
        **_rectangle(p, w),
        "units": w.units(p["units"]),
        "digit": w.digit(p["digit"]),
        "cell": w.cell(p["cell"]),
        "removed": w.removed(step.eliminations),
    }


def _bug_plus_one(step: Step, p: Params, w: Words) -> str:
    template = _(
        "BUG+1: every open cell but %(cell)s holds two candidates, and without %(digit)s "
        "there the board would be a bivalue universal grave, with two solutions or none; so "
        "%(digit)s goes in %(cell)s."
    )
    return template % {"cell": w.cell(p["cell"]), "digit": w.digit(p["digit"])}


SAYINGS = {
    "unique-rectangle-1": _unique_1,
    "unique-rectangle-2": _unique_2,
    "unique-rectangle-3": _unique_3,
    "unique-rectangle-4": _unique_4,
    "hidden-rectangle": _hidden_rectangle,
    "bug-plus-one": _bug_plus_one,
}
