"""Intersections in words: locked candidates (pointing, claiming, and under
a variant's rules through any region or rule), locked pairs and triples,
and a jigsaw's law of leftovers, each named and said as a sentence."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...engine.steps import Step
from .words import Params, Wording, Words

WORDING = (
    Wording(
        "locked-pointing",
        gettext_lazy("Locked candidates (pointing)"),
        gettext_lazy("locked candidates (pointing)"),
    ),
    Wording(
        "locked-claiming",
        gettext_lazy("Locked candidates (claiming)"),
        gettext_lazy("locked candidates (claiming)"),
    ),
    Wording("locked-pair", gettext_lazy("Locked pair"), gettext_lazy("a locked pair")),
    Wording("locked-triple", gettext_lazy("Locked triple"), gettext_lazy("a locked triple")),
    Wording(
        "locked-regions",
        gettext_lazy("Locked candidates (regions and rules)"),
        gettext_lazy("locked candidates (regions and rules)"),
    ),
    Wording(
        "law-of-leftovers",
        gettext_lazy("Law of leftovers"),
        gettext_lazy("the law of leftovers"),
    ),
)
NAMES = {row.id: row.name for row in WORDING}


def _pointing(step: Step, p: Params, w: Words) -> str:
    template = _(
        "Locked candidates (pointing): in %(box)s, %(digit)s lies only in %(line)s, "
        "so it leaves the rest of %(line)s: %(cells)s."
    )
    return template % {
        "box": w.unit(p["box"]),
        "line": w.unit(p["line"]),
        "digit": w.digit(p["digit"]),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


def _claiming(step: Step, p: Params, w: Words) -> str:
    template = _(
        "Locked candidates (claiming): in %(line)s, %(digit)s lies only in %(box)s, "
        "so it leaves the rest of %(box)s: %(cells)s."
    )
    return template % {
        "box": w.unit(p["box"]),
        "line": w.unit(p["line"]),
        "digit": w.digit(p["digit"]),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


def _locked_subset(step: Step, p: Params, w: Words) -> str:
    template = _(
        "%(technique)s: %(cells)s, in both %(box)s and %(line)s, hold only %(digits)s "
        "between them, so those digits leave the other cells of both: removes %(removed)s."
    )
    return template % {
        "technique": str(NAMES[step.technique]),
        "cells": w.group(p["cells"]),
        "box": w.unit(p["box"]),
        "line": w.unit(p["line"]),
        "digits": w.digits(p["digits"]),
        "removed": w.removed(step.eliminations),
    }


def _regions(step: Step, p: Params, w: Words) -> str:
    template = _(
        "Locked candidates (regions and rules): in %(unit)s, %(digit)s lies only in "
        "%(places)s, and each of them rules out the same candidates (a region they share, "
        "or a rule of this puzzle), so those go: removes %(removed)s."
    )
    return template % {
        "unit": w.unit(p["unit"]),
        "digit": w.digit(p["digit"]),
        "places": w.group(p["cells"]),
        "removed": w.removed(step.eliminations),
    }


def _leftovers(step: Step, p: Params, w: Words) -> str:
    template = _(
        "Law of leftovers: %(lines)s hold each digit as many times as %(regions)s do, so "
        "the cells of the first outside the second (%(innies)s) hold the same digits as "
        "the cells of the second outside the first (%(outies)s): removes %(removed)s."
    )
    return template % {
        "lines": w.units(p["lines"]),
        "regions": w.units(p["regions"]),
        "innies": w.cells(p["innies"]),
        "outies": w.cells(p["outies"]),
        "removed": w.removed(step.eliminations),
    }


SAYINGS = {
    "locked-pointing": _pointing,
    "locked-claiming": _claiming,
    "locked-pair": _locked_subset,
    "locked-triple": _locked_subset,
    "locked-regions": _regions,
    "law-of-leftovers": _leftovers,
}
