"""Fish in words: x-wing, swordfish and jellyfish, finned, sashimi and
Siamese, each named and said as a sentence."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...engine.steps import Step
from .words import Params, Wording, Words

WORDING = (
    Wording("x-wing", gettext_lazy("X-Wing"), gettext_lazy("an X-Wing")),
    Wording("swordfish", gettext_lazy("Swordfish"), gettext_lazy("a swordfish")),
    Wording("jellyfish", gettext_lazy("Jellyfish"), gettext_lazy("a jellyfish")),
    Wording("finned-x-wing", gettext_lazy("Finned X-Wing"), gettext_lazy("a finned X-Wing")),
    Wording(
        "finned-swordfish", gettext_lazy("Finned Swordfish"), gettext_lazy("a finned swordfish")
    ),
    Wording(
        "finned-jellyfish", gettext_lazy("Finned Jellyfish"), gettext_lazy("a finned jellyfish")
    ),
)
NAMES = {row.id: row.name for row in WORDING}


def _fish(step: Step, p: Params, w: Words) -> str:
    base_kind, base = p["base"]
    cover_kind, cover = p["cover"]
    template = _(
        "%(technique)s on %(digit)s: in %(base)s, %(digit)s lies only in %(cover)s, so it "
        "leaves the other cells of %(cover)s: %(cells)s."
    )
    return template % {
        "technique": str(NAMES[step.technique]),
        "digit": w.digit(p["digit"]),
        "base": w.lines(base_kind, base),
        "cover": w.lines(cover_kind, cover),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


def _finned(step: Step, p: Params, w: Words) -> str:
    base_kind, base = p["base"]
    cover_kind, cover = p["cover"]
    template = _(
        "%(technique)s on %(digit)s: in %(base)s, %(digit)s lies only in %(cover)s and in "
        "the fin cells %(fins)s. Either a fin holds %(digit)s or the fish stands, so it "
        "leaves the cells of %(cover)s that see every fin: %(cells)s."
    )
    return template % {
        "technique": _variant(step),
        "digit": w.digit(p["digit"]),
        "base": w.lines(base_kind, base),
        "cover": w.lines(cover_kind, cover),
        "fins": w.group(p["fins"]),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


def _siamese(step: Step, p: Params, w: Words) -> str:
    base_kind, base = p["base"]
    (one_kind, one), (two_kind, two) = p["covers"]
    template = _(
        "%(technique)s (Siamese) on %(digit)s: two finned fish on %(base)s, one covered by "
        "%(one)s and one by %(two)s, each with its fins; together they remove %(digit)s from "
        "%(cells)s."
    )
    return template % {
        "technique": str(NAMES[step.technique]),
        "digit": w.digit(p["digit"]),
        "base": w.lines(base_kind, base),
        "one": w.lines(one_kind, one),
        "two": w.lines(two_kind, two),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


def _variant(step: Step) -> str:
    """The technique's name, with the form its message names (sashimi...)."""
    form = step.message.partition("/")[2]
    if form == "sashimi":
        return _("%(technique)s (sashimi)") % {"technique": str(NAMES[step.technique])}
    return str(NAMES[step.technique])


SAYINGS = {
    "x-wing": _fish,
    "swordfish": _fish,
    "jellyfish": _fish,
    "finned-x-wing": _finned,
    "finned-x-wing/sashimi": _finned,
    "finned-x-wing/siamese": _siamese,
    "finned-swordfish": _finned,
    "finned-swordfish/sashimi": _finned,
    "finned-swordfish/siamese": _siamese,
    "finned-jellyfish": _finned,
    "finned-jellyfish/sashimi": _finned,
    "finned-jellyfish/siamese": _siamese,
}
