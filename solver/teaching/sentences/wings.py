"""Wings in words: remote pair, w-wing, xy-wing and xyz-wing, each named
and said as a sentence."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...engine.steps import Step
from .words import Params, Wording, Words

WORDING = (
    Wording("remote-pair", gettext_lazy("Remote pair"), gettext_lazy("a remote pair")),
    Wording("xy-wing", gettext_lazy("XY-Wing"), gettext_lazy("an XY-Wing")),
    Wording("xyz-wing", gettext_lazy("XYZ-Wing"), gettext_lazy("an XYZ-Wing")),
    Wording("w-wing", gettext_lazy("W-Wing"), gettext_lazy("a W-Wing")),
)


def _xy_wing(step: Step, p: Params, w: Words) -> str:
    template = _(
        "XY-Wing: the pivot %(pivot)s holds %(digits)s; each pincer (%(pincers)s) holds one of "
        "them and %(digit)s, so whatever the pivot takes a pincer holds %(digit)s, and it "
        "leaves every cell that sees both pincers: %(cells)s."
    )
    return template % {
        "pivot": w.cell(p["pivot"]),
        "pincers": w.group(p["pincers"]),
        "digits": w.digits(p["digits"]),
        "digit": w.digit(p["digit"]),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


def _xyz_wing(step: Step, p: Params, w: Words) -> str:
    template = _(
        "XYZ-Wing: the pivot %(pivot)s holds %(digits)s and %(digit)s; each pincer "
        "(%(pincers)s) holds one of %(digits)s and %(digit)s, so %(digit)s is in one of the "
        "three, and it leaves every cell that sees all three: %(cells)s."
    )
    return template % {
        "pivot": w.cell(p["pivot"]),
        "pincers": w.group(p["pincers"]),
        "digits": w.digits(p["digits"]),
        "digit": w.digit(p["digit"]),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


def _remote_pair(step: Step, p: Params, w: Words) -> str:
    template = _(
        "Remote pair: %(chain)s each hold only %(digits)s and each sees the next, so they "
        "take the two digits by turns and the ends hold both between them: every cell that "
        "sees both ends loses them. Removes %(removed)s."
    )
    return template % {
        "chain": w.group(p["chain"]),
        "digits": w.digits(p["digits"]),
        "removed": w.removed(step.eliminations),
    }


def _w_wing(step: Step, p: Params, w: Words) -> str:
    first, second = p["cells"]
    template = _(
        "W-Wing: %(first)s and %(second)s hold only %(x)s and %(y)s. In %(unit)s, %(x)s fits "
        "only in %(ends)s, which see one of them each, so one of the two holds %(y)s, and "
        "%(y)s leaves every cell that sees both: %(cells)s."
    )
    return template % {
        "first": w.cell(first),
        "second": w.cell(second),
        "x": w.digit(p["link_digit"]),
        "y": w.digit(p["digit"]),
        "unit": w.unit(p["unit"]),
        "ends": w.group(p["link"]),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


SAYINGS = {
    "remote-pair": _remote_pair,
    "w-wing": _w_wing,
    "xy-wing": _xy_wing,
    "xyz-wing": _xyz_wing,
}
