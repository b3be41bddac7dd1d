"""Singles in words: full house, naked single and hidden single, each named
and said as a sentence, and where a hint points for each."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...engine.steps import Step
from .words import Params, Wording, Words

WORDING = (
    Wording("full-house", gettext_lazy("Full house"), gettext_lazy("a full house")),
    Wording("naked-single", gettext_lazy("Naked single"), gettext_lazy("a naked single")),
    Wording("hidden-single", gettext_lazy("Hidden single"), gettext_lazy("a hidden single")),
)


def _full_house(step: Step, p: Params, w: Words) -> str:
    return _("Full house: %(cell)s is the last open cell of %(unit)s, so it takes %(digit)s.") % {
        "cell": w.cell(p["cell"]),
        "unit": w.unit(p["unit"]),
        "digit": w.digit(p["digit"]),
    }


def _naked_single(step: Step, p: Params, w: Words) -> str:
    return _(
        "Naked single: %(digit)s is the only candidate left in %(cell)s, so it goes there."
    ) % {
        "cell": w.cell(p["cell"]),
        "digit": w.digit(p["digit"]),
    }


def _hidden_single(step: Step, p: Params, w: Words) -> str:
    return _("Hidden single: in %(unit)s, %(digit)s fits only in %(cell)s, so it goes there.") % {
        "cell": w.cell(p["cell"]),
        "unit": w.unit(p["unit"]),
        "digit": w.digit(p["digit"]),
    }


SAYINGS = {
    "full-house": _full_house,
    "naked-single": _naked_single,
    "hidden-single": _hidden_single,
}

# Where a hint's first press points for a single: the unit it completes, or the cell.
PLACES = {
    "full-house": lambda step, w: w.unit(step.params["unit"]),
    "naked-single": lambda step, w: w.cell(step.params["cell"]),
    "hidden-single": lambda step, w: w.unit(step.params["unit"]),
}
