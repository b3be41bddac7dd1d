"""Subsets in words: naked and hidden pairs, triples and quads, each named
and said as a sentence."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...engine.steps import Step
from .words import Params, Wording, Words

WORDING = (
    Wording("naked-pair", gettext_lazy("Naked pair"), gettext_lazy("a naked pair")),
    Wording("naked-triple", gettext_lazy("Naked triple"), gettext_lazy("a naked triple")),
    Wording("naked-quad", gettext_lazy("Naked quad"), gettext_lazy("a naked quad")),
    Wording("hidden-pair", gettext_lazy("Hidden pair"), gettext_lazy("a hidden pair")),
    Wording("hidden-triple", gettext_lazy("Hidden triple"), gettext_lazy("a hidden triple")),
    Wording("hidden-quad", gettext_lazy("Hidden quad"), gettext_lazy("a hidden quad")),
)
NAMES = {row.id: row.name for row in WORDING}


def _naked_subset(step: Step, p: Params, w: Words) -> str:
    template = _(
        "%(technique)s in %(unit)s: %(cells)s hold only %(digits)s between them, so those "
        "digits leave the other cells of %(unit)s: removes %(removed)s."
    )
    return template % {
        "technique": str(NAMES[step.technique]),
        "unit": w.unit(p["unit"]),
        "cells": w.group(p["cells"]),
        "digits": w.digits(p["digits"]),
        "removed": w.removed(step.eliminations),
    }


def _hidden_subset(step: Step, p: Params, w: Words) -> str:
    template = _(
        "%(technique)s in %(unit)s: %(digits)s fit only in %(cells)s, so those cells hold "
        "nothing else: removes %(removed)s."
    )
    return template % {
        "technique": str(NAMES[step.technique]),
        "unit": w.unit(p["unit"]),
        "cells": w.group(p["cells"]),
        "digits": w.digits(p["digits"]),
        "removed": w.removed(step.eliminations),
    }


SAYINGS = {
    "naked-pair": _naked_subset,
    "naked-triple": _naked_subset,
    "naked-quad": _naked_subset,
    "hidden-pair": _hidden_subset,
    "hidden-triple": _hidden_subset,
    "hidden-quad": _hidden_subset,
}
