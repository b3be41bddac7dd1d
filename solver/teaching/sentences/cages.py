"""Cages in words: a killer cage's combinations and the rule of 45, each
named and said as a sentence, with the sets of digits that make the sum."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...core.lists import or_list
from ...engine.steps import Step
from .words import Params, Wording, Words

WORDING = (
    Wording(
        "cage-combinations",
        gettext_lazy("Cage combinations"),
        gettext_lazy("a cage's combinations"),
    ),
    Wording("rule-of-45", gettext_lazy("Rule of 45"), gettext_lazy("the rule of 45")),
)

# The most digit sets a sentence lists; past them it says how many.
MAX_SETS_SAID = 4


def _sets(p: Params, w: Words) -> str:
    """The digit sets that still make the sum: "1+2+7 or 1+3+6"."""
    sets = p["sets"]
    if not sets or len(sets) > MAX_SETS_SAID:
        return _("%(count)s sets of digits") % {"count": len(sets)} if sets else "-"
    return or_list("+".join(w.digit(d) for d in digits) for digits in sets)


def _filled(template: str, step: Step, p: Params, w: Words, **more: str) -> str:
    """A cage sentence's ``template`` with its cells, sum, sets and removals."""
    values = {"cells": w.cells(p["cells"]), "total": p["total"], "sets": _sets(p, w)}
    return template % {**values, "removed": w.removed(step.eliminations), **more}


def _combinations(step: Step, p: Params, w: Words) -> str:
    if len(p["cells"]) == 1:
        template = _(
            "Cage combinations: the cage of %(cells)s is one cell, so it holds its sum, "
            "%(total)s: removes %(removed)s."
        )
    else:
        template = _(
            "Cage combinations: the cage of %(cells)s sums to %(total)s with different digits, "
            "which its candidates can only make as %(sets)s: removes %(removed)s."
        )
    return _filled(template, step, p, w)


def _rule_of_45(step: Step, p: Params, w: Words) -> str:
    if p["side"] == "innies":
        template = _(
            "Rule of 45: %(units)s hold every digit %(times)s, so their cells outside the "
            "cages wholly inside them (%(cells)s) sum to %(total)s, which they can only make "
            "as %(sets)s: removes %(removed)s."
        )
    else:
        template = _(
            "Rule of 45: %(units)s hold every digit %(times)s, so the cells outside them of "
            "the cages that cover them (%(cells)s) sum to %(total)s, which they can only make "
            "as %(sets)s: removes %(removed)s."
        )
    count = len(p["units"])
    times = _("once") if count == 1 else _("%(count)s times") % {"count": count}
    return _filled(template, step, p, w, units=w.units(p["units"]), times=times)


SAYINGS = {
    "cage-combinations": _combinations,
    "rule-of-45": _rule_of_45,
}
