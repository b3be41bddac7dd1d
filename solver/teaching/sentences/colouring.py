"""Colouring in words: simple colors and multi-colors (traps and wraps),
each named and said as a sentence."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...engine.steps import Step
from .words import Params, Wording, Words

WORDING = (
    Wording("simple-colors", gettext_lazy("Simple colors"), gettext_lazy("simple colors")),
    Wording("multi-colors", gettext_lazy("Multi-colors"), gettext_lazy("multi-colors")),
)
NAMES = {row.id: row.name for row in WORDING}


def _colour_trap(step: Step, p: Params, w: Words) -> str:
    one, two = p["colours"]
    template = _(
        "Simple colors on %(digit)s: its strong links colour %(one)s one way and %(two)s the "
        "other; one colour holds %(digit)s, so a cell that sees both colours cannot: "
        "%(cells)s."
    )
    return template % {
        "digit": w.digit(p["digit"]),
        "one": w.cells(one),
        "two": w.cells(two),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


def _colour_wrap(step: Step, p: Params, w: Words) -> str:
    if step.technique == "simple-colors":
        template = _(
            "%(technique)s on %(digit)s: two cells of the colour %(false)s see each other, so "
            "that colour is false and %(digit)s leaves all its cells."
        )
    else:
        template = _(
            "%(technique)s on %(digit)s: the colour %(false)s sees both colours of another "
            "cluster, one of which holds %(digit)s, so that colour is false and %(digit)s "
            "leaves all its cells."
        )
    return template % {
        "technique": str(NAMES[step.technique]),
        "digit": w.digit(p["digit"]),
        "false": w.cells(p["false"]),
    }


def _multi_trap(step: Step, p: Params, w: Words) -> str:
    one, two = p["seeing"]
    template = _(
        "Multi-colors on %(digit)s: the colours %(one)s and %(two)s, of two clusters, see "
        "each other, so they are not both true and one of the other two colours holds "
        "%(digit)s: it leaves every cell that sees both of those. Removes it from %(cells)s."
    )
    return template % {
        "digit": w.digit(p["digit"]),
        "one": w.cells(one),
        "two": w.cells(two),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


SAYINGS = {
    "simple-colors/trap": _colour_trap,
    "simple-colors/wrap": _colour_wrap,
    "multi-colors/trap": _multi_trap,
    "multi-colors/wrap": _colour_wrap,
}
