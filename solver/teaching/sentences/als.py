"""Almost locked sets in words: Sue de Coq, ALS-XZ and ALS-XY-Wing, each
named and said as a sentence."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...core.lists import comma
from ...engine.steps import Step
from .words import Params, Wording, Words

WORDING = (
    Wording("als-xz", gettext_lazy("ALS-XZ"), gettext_lazy("an ALS-XZ")),
    Wording("als-xy-wing", gettext_lazy("ALS-XY-Wing"), gettext_lazy("an ALS-XY-Wing")),
    Wording("sue-de-coq", gettext_lazy("Sue de Coq"), gettext_lazy("a Sue de Coq")),
)


def _als_sets(p: Params, w: Words) -> list[str]:
    """Each almost locked set in braces, then its digits: "{r1c4, r3c4} (3, 4, 5)".
    The braces keep the sets apart in a sentence that joins them with "and"."""
    return [
        _("{%(cells)s} (%(digits)s)")
        % {"cells": w.cells(cells), "digits": comma().join(map(w.digit, digits))}
        for cells, digits in zip(p["als"], p["digits"], strict=True)
    ]


def _als_xz(step: Step, p: Params, w: Words) -> str:
    one, two = _als_sets(p, w)
    values = {
        "one": one,
        "two": two,
        "rcc": w.digits(p["rcc"]),
        "z": w.digits(p["z"]),
        "removed": w.removed(step.eliminations),
    }
    if step.message.endswith("/double"):
        template = _(
            "ALS-XZ (doubly linked): the almost locked sets %(one)s and %(two)s share the "
            "restricted commons %(rcc)s, so each is locked without one of them: removes "
            "%(removed)s."
        )
    else:
        template = _(
            "ALS-XZ: the almost locked sets %(one)s and %(two)s share the restricted common "
            "%(rcc)s, so one of them is locked without it, and %(z)s, in one or the other, "
            "leaves every cell that sees all its places in both: removes %(removed)s."
        )
    return template % values


def _als_xy_wing(step: Step, p: Params, w: Words) -> str:
    one, two, hinge = _als_sets(p, w)
    x, y = p["rcc"]
    template = _(
        "ALS-XY-Wing: the hinge %(hinge)s shares %(x)s with %(one)s and %(y)s with %(two)s, "
        "and takes one of them, so %(z)s is in %(one)s or %(two)s and leaves every cell that "
        "sees all its places in both: removes %(removed)s."
    )
    return template % {
        "hinge": hinge,
        "one": one,
        "two": two,
        "x": x,
        "y": y,
        "z": w.digits(p["z"]),
        "removed": w.removed(step.eliminations),
    }


def _sue_de_coq(step: Step, p: Params, w: Words) -> str:
    template = _(
        "Sue de Coq: %(cells)s, where %(line)s crosses %(box)s, hold %(digits)s; with "
        "%(line_cells)s (%(line_digits)s) in the line and %(box_cells)s (%(box_digits)s) in "
        "the box they have as many cells as digits, so each digit stays in its part: removes "
        "%(removed)s."
    )
    return template % {
        "cells": w.group(p["cells"]),
        "line": w.unit(p["line"]),
        "box": w.unit(p["box"]),
        "digits": w.digits(p["digits"]),
        "line_cells": w.group(p["line_cells"]),
        "line_digits": w.digits(p["line_digits"]),
        "box_cells": w.group(p["box_cells"]),
        "box_digits": w.digits(p["box_digits"]),
        "removed": w.removed(step.eliminations),
    }


SAYINGS = {
    "als-xz": _als_xz,
    "als-xz/double": _als_xz,
    "als-xy-wing": _als_xy_wing,
    "sue-de-coq": _sue_de_coq,
}
