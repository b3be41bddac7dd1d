"""The trial in words: the teacher's last resort, a candidate tried and
what it led to, and what a hint says of it."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ...engine.steps import Step
from .words import Params, Wording, Words

WORDING = (Wording("trial", gettext_lazy("Trial"), gettext_lazy("a trial")),)


def _trial(step: Step, p: Params, w: Words) -> str:
    values = {"digit": w.digit(p["digit"]), "cell": w.cell(p["cell"])}
    if p.get("budget"):
        opening = _("the time for logical steps ran out, so %(digit)s is tried in %(cell)s")
    else:
        opening = _("no technique applies, so %(digit)s is tried in %(cell)s")
    if p["outcome"] == "solution":
        ending = _("it leads to a solution, so %(digit)s goes there.")
    else:
        values["why"] = _why(p, w)
        ending = _("it leads to a contradiction (%(why)s), so %(digit)s is not in %(cell)s.")
    return _("Trial: %(opening)s; %(ending)s") % {
        "opening": opening % values,
        "ending": ending % values,
    }


def _why(p: Params, w: Words) -> str:
    """Where a trial broke the board, as ``teacher.contradiction`` found it."""
    if "empty_cell" in p:
        broken = _("%(cell)s has no candidate left") % {"cell": w.cell(p["empty_cell"])}
    elif "unit" in p:
        broken = _("%(unit)s has no place left for %(missing)s") % {
            "unit": w.unit(p["unit"]),
            "missing": w.digit(p["missing"]),
        }
    else:
        return _("the search proves it")
    if not p["singles"]:
        return broken
    after = ngettext("after %(count)s single", "after %(count)s singles", p["singles"])
    return _("%(after)s, %(broken)s") % {"after": after % {"count": p["singles"]}, "broken": broken}


SAYINGS = {
    "trial": _trial,
}


def _look(step: Step, w: Words) -> str | None:
    """A trial is no technique to look for: the hint says so, and where."""
    if not step.pattern.cells:
        return None
    return _("No technique applies here: the next step is a trial in %(cell)s.") % {
        "cell": w.cell(step.pattern.cells[0])
    }


LOOKS = {"trial": _look}
