"""Chains in words: x-chain, xy-chain, alternating inference chains with
their nice loops, and forcing chains, each named and said as a sentence."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ...engine.steps import Step
from .words import Params, Wording, Words

WORDING = (
    Wording("x-chain", gettext_lazy("X-Chain"), gettext_lazy("an X-Chain")),
    Wording("xy-chain", gettext_lazy("XY-Chain"), gettext_lazy("an XY-Chain")),
    Wording(
        "aic",
        gettext_lazy("Alternating inference chain"),
        gettext_lazy("an alternating inference chain"),
    ),
    Wording("forcing-chain", gettext_lazy("Forcing chain"), gettext_lazy("a forcing chain")),
)
NAMES = {row.id: row.name for row in WORDING}


def _single_digit_chain(step: Step, p: Params, w: Words) -> str:
    template = _(
        "%(technique)s (%(links)s) from %(start)s to %(end)s: one end holds "
        "%(digit)s, so it leaves every cell that sees both: %(cells)s."
    )
    return template % {
        "technique": str(NAMES[step.technique]),
        "links": _links(p["length"]),
        "start": w.cell(p["start"]),
        "end": w.cell(p["end"]),
        "digit": w.digit(p["digit"]),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


def _aic(step: Step, p: Params, w: Words) -> str:
    values = {
        "links": _links(p["length"]),
        "start": w.group(p["start"]),
        "end": w.group(p["end"]),
        "start_digit": w.digit(p["start_digit"]),
        "end_digit": w.digit(p["end_digit"]),
        "removed": w.removed(step.eliminations),
    }
    form = step.message.partition("/")[2]
    if form == "loop":
        template = _(
            "Continuous nice loop (%(links)s) through %(start)s: each weak link of the "
            "loop is strong too, so removes %(removed)s."
        )
    elif form == "placement":
        template = _(
            "Discontinuous nice loop (%(links)s): were %(start_digit)s not in "
            "%(start)s, the chain would put it there, so %(actions)s."
        )
        values["actions"] = w.actions(step.placements, step.eliminations)
    elif form == "als":
        template = _(
            "Alternating inference chain (%(links)s, through an almost locked set) "
            "from %(start_digit)s in %(start)s to %(end_digit)s in %(end)s: its start or its "
            "end is true, so removes %(removed)s."
        )
    else:
        template = _(
            "Alternating inference chain (%(links)s) from %(start_digit)s in "
            "%(start)s to %(end_digit)s in %(end)s: its start or its end is true, so removes "
            "%(removed)s."
        )
    return template % values


def _links(count: int) -> str:
    return ngettext("%(count)s link", "%(count)s links", count) % {"count": count}


def _forcing_chain(step: Step, p: Params, w: Words) -> str:
    branches = p["branches"]
    if "cell" in p:
        tried = _("%(digits)s in %(cell)s") % {
            "digits": w.digits(digit for _cell, digit in branches),
            "cell": w.cell(p["cell"]),
        }
    else:
        tried = _("%(digit)s in %(cells)s of %(unit)s") % {
            "digit": w.digit(p["digit"]),
            "cells": w.group(cell for cell, _digit in branches),
            "unit": w.unit(p["unit"]),
        }
    values = {"tried": tried, "actions": w.actions(step.placements, step.eliminations)}
    if step.message.endswith("/contradiction"):
        template = _(
            "Forcing chain: of the branches %(tried)s, each followed by singles, one runs "
            "into a contradiction, so it is false: %(actions)s."
        )
    else:
        template = _(
            "Forcing chain: the branches %(tried)s, each followed by singles, all lead to "
            "the same result, so it is true: %(actions)s."
        )
    return template % values


SAYINGS = {
    "x-chain": _single_digit_chain,
    "xy-chain": _single_digit_chain,
    "aic": _aic,
    "aic/loop": _aic,
    "aic/placement": _aic,
    "aic/als": _aic,
    "forcing-chain": _forcing_chain,
    "forcing-chain/contradiction": _forcing_chain,
}
