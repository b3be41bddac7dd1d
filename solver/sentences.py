"""Steps in the reader's language: each technique's name, and each step as a sentence.

The engine's steps carry a message id and plain parameters (``steps``), never
English; here they become text, every template marked for translation.

- ``name(technique)``: the technique's display name ("Hidden single");
- ``sentence(step)``: what the step does and why ("Hidden single: in box 5,
  7 fits only in r4c5, so it goes there.");
- ``look(step)``: where to look and for what, without giving the step away
  ("Look at box 5: a hidden single."), a hint's first press.

Cells are written ``r4c5`` (rows and columns from 1), units "row 4",
"column 4", "box 4". A message id this module does not know, or parameters
it cannot read, still get a true sentence, made from the step's technique,
digits, placements and eliminations (``generic``): no step is ever silent.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext, pgettext_lazy

from .engine import STANDARD, Shape
from .engine.steps import Candidate, Step

# Every technique issue 15 names, and the last resort, in the teacher's order.
NAMES: dict[str, str] = {
    "full-house": gettext_lazy("Full house"),
    "naked-single": gettext_lazy("Naked single"),
    "hidden-single": gettext_lazy("Hidden single"),
    "locked-pointing": gettext_lazy("Locked candidates (pointing)"),
    "locked-claiming": gettext_lazy("Locked candidates (claiming)"),
    "locked-pair": gettext_lazy("Locked pair"),
    "locked-triple": gettext_lazy("Locked triple"),
    "naked-pair": gettext_lazy("Naked pair"),
    "naked-triple": gettext_lazy("Naked triple"),
    "naked-quad": gettext_lazy("Naked quad"),
    "hidden-pair": gettext_lazy("Hidden pair"),
    "hidden-triple": gettext_lazy("Hidden triple"),
    "hidden-quad": gettext_lazy("Hidden quad"),
    "x-wing": gettext_lazy("X-Wing"),
    "swordfish": gettext_lazy("Swordfish"),
    "jellyfish": gettext_lazy("Jellyfish"),
    "finned-x-wing": gettext_lazy("Finned X-Wing"),
    "finned-swordfish": gettext_lazy("Finned Swordfish"),
    "finned-jellyfish": gettext_lazy("Finned Jellyfish"),
    "skyscraper": gettext_lazy("Skyscraper"),
    "two-string-kite": gettext_lazy("2-String Kite"),
    "turbot-fish": gettext_lazy("Turbot fish"),
    "empty-rectangle": gettext_lazy("Empty rectangle"),
    "remote-pair": gettext_lazy("Remote pair"),
    "xy-wing": gettext_lazy("XY-Wing"),
    "xyz-wing": gettext_lazy("XYZ-Wing"),
    "w-wing": gettext_lazy("W-Wing"),
    "simple-colors": gettext_lazy("Simple colors"),
    "multi-colors": gettext_lazy("Multi-colors"),
    "unique-rectangle-1": gettext_lazy("Unique rectangle type 1"),
    "unique-rectangle-2": gettext_lazy("Unique rectangle type 2"),
    "unique-rectangle-3": gettext_lazy("Unique rectangle type 3"),
    "unique-rectangle-4": gettext_lazy("Unique rectangle type 4"),
    "hidden-rectangle": gettext_lazy("Hidden rectangle"),
    "bug-plus-one": gettext_lazy("BUG+1"),
    "x-chain": gettext_lazy("X-Chain"),
    "xy-chain": gettext_lazy("XY-Chain"),
    "aic": gettext_lazy("Alternating inference chain"),
    "als-xz": gettext_lazy("ALS-XZ"),
    "als-xy-wing": gettext_lazy("ALS-XY-Wing"),
    "sue-de-coq": gettext_lazy("Sue de Coq"),
    "forcing-chain": gettext_lazy("Forcing chain"),
    "trial": gettext_lazy("Trial"),
}

# What a hint's first press says to look for: the name with its article, as
# each language needs it.
LOOK_FOR: dict[str, str] = {
    "full-house": gettext_lazy("a full house"),
    "naked-single": gettext_lazy("a naked single"),
    "hidden-single": gettext_lazy("a hidden single"),
    "locked-pointing": gettext_lazy("locked candidates (pointing)"),
    "locked-claiming": gettext_lazy("locked candidates (claiming)"),
    "locked-pair": gettext_lazy("a locked pair"),
    "locked-triple": gettext_lazy("a locked triple"),
    "naked-pair": gettext_lazy("a naked pair"),
    "naked-triple": gettext_lazy("a naked triple"),
    "naked-quad": gettext_lazy("a naked quad"),
    "hidden-pair": gettext_lazy("a hidden pair"),
    "hidden-triple": gettext_lazy("a hidden triple"),
    "hidden-quad": gettext_lazy("a hidden quad"),
    "x-wing": gettext_lazy("an X-Wing"),
    "swordfish": gettext_lazy("a swordfish"),
    "jellyfish": gettext_lazy("a jellyfish"),
    "finned-x-wing": gettext_lazy("a finned X-Wing"),
    "finned-swordfish": gettext_lazy("a finned swordfish"),
    "finned-jellyfish": gettext_lazy("a finned jellyfish"),
    "skyscraper": gettext_lazy("a skyscraper"),
    "two-string-kite": gettext_lazy("a 2-string kite"),
    "turbot-fish": gettext_lazy("a turbot fish"),
    "empty-rectangle": gettext_lazy("an empty rectangle"),
    "remote-pair": gettext_lazy("a remote pair"),
    "xy-wing": gettext_lazy("an XY-Wing"),
    "xyz-wing": gettext_lazy("an XYZ-Wing"),
    "w-wing": gettext_lazy("a W-Wing"),
    "simple-colors": gettext_lazy("simple colors"),
    "multi-colors": gettext_lazy("multi-colors"),
    "unique-rectangle-1": gettext_lazy("a unique rectangle (type 1)"),
    "unique-rectangle-2": gettext_lazy("a unique rectangle (type 2)"),
    "unique-rectangle-3": gettext_lazy("a unique rectangle (type 3)"),
    "unique-rectangle-4": gettext_lazy("a unique rectangle (type 4)"),
    "hidden-rectangle": gettext_lazy("a hidden rectangle"),
    "bug-plus-one": gettext_lazy("a BUG+1"),
    "x-chain": gettext_lazy("an X-Chain"),
    "xy-chain": gettext_lazy("an XY-Chain"),
    "aic": gettext_lazy("an alternating inference chain"),
    "als-xz": gettext_lazy("an ALS-XZ"),
    "als-xy-wing": gettext_lazy("an ALS-XY-Wing"),
    "sue-de-coq": gettext_lazy("a Sue de Coq"),
    "forcing-chain": gettext_lazy("a forcing chain"),
    "trial": gettext_lazy("a trial"),
}

# The levels' names, by the ids the engine and the API use (``difficulty.LEVELS``).
LEVELS: dict[str, str] = {
    "easy": pgettext_lazy("level", "Easy"),
    "medium": pgettext_lazy("level", "Medium"),
    "hard": pgettext_lazy("level", "Hard"),
    "expert": pgettext_lazy("level", "Expert"),
    "extreme": pgettext_lazy("level", "Extreme"),
}

Params = Mapping[str, object]


def name(technique: str) -> str:
    """The technique's display name; an id this module does not know is shown as is."""
    return str(NAMES.get(technique, technique))


def level_name(level: str) -> str:
    """The level's display name ("Medium"); an id this module does not know is shown as is."""
    return str(LEVELS.get(level, level))


def sentence(step: Step, shape: Shape = STANDARD) -> str:
    """The step as one sentence in the active language (see the module's docstring)."""
    say = SAYINGS.get(step.message)
    if say is not None:
        try:
            return say(step, step.params, Words(shape))
        except (KeyError, TypeError, ValueError, IndexError):
            pass  # parameters this module cannot read: the generic sentence is still true
    return generic(step, shape)


def generic(step: Step, shape: Shape = STANDARD) -> str:
    """A sentence any step gets: "X-Wing on 5: removes 5 from r1c3, r7c3."."""
    words = Words(shape)
    actions = words.actions(step.placements, step.eliminations)
    if step.pattern.digits:
        return _("%(technique)s on %(digits)s: %(actions)s.") % {
            "technique": name(step.technique),
            "digits": words.digits(step.pattern.digits),
            "actions": actions,
        }
    return _("%(technique)s: %(actions)s.") % {
        "technique": name(step.technique),
        "actions": actions,
    }


def look(step: Step, shape: Shape = STANDARD) -> str:
    """Where to look and what for, giving neither digit nor cell of the answer
    away beyond the place: "Look at box 5: a hidden single."."""
    words = Words(shape)
    what = str(LOOK_FOR.get(step.technique, name(step.technique)))
    if step.technique == "trial" and step.pattern.cells:
        return _("No technique applies here: the next step is a trial in %(cell)s.") % {
            "cell": words.cell(step.pattern.cells[0])
        }
    if step.technique == "hidden-single" or step.technique == "full-house":
        place = _safe(lambda: words.unit(step.params["unit"]))
    elif step.technique == "naked-single":
        place = _safe(lambda: words.cell(step.params["cell"]))
    else:
        place = None
    if place is None and step.pattern.units:
        place = words.units((unit.kind, unit.number) for unit in step.pattern.units[:3])
    if place is None and step.pattern.cells:
        place = words.cells(step.pattern.cells[:3])
    if place is None:
        return _("Look for %(technique)s.") % {"technique": what}
    return _("Look at %(place)s: %(technique)s.") % {"place": place, "technique": what}


def _safe(make: Callable[[], str]) -> str | None:
    try:
        return make()
    except (KeyError, TypeError, ValueError, IndexError):
        return None


class Words:
    """Cells, units, digits and lists as a sentence writes them, on one shape."""

    def __init__(self, shape: Shape):
        self.shape = shape

    def cell(self, cell: int) -> str:
        row, column = self.shape.row_col(cell)
        return f"r{row}c{column}"

    def cells(self, cells: Iterable[int]) -> str:
        """A list of cells: "r1c3, r7c3"."""
        return comma().join(self.cell(cell) for cell in cells)

    def group(self, cells: Iterable[int]) -> str:
        """Cells that act together: "r1c3 and r7c3"."""
        return and_list(self.cell(cell) for cell in cells)

    def unit(self, unit: tuple[str, int]) -> str:
        kind, number = unit
        return str(UNIT_NAMES[kind]) % {"number": number}

    def units(self, units: Iterable[tuple[str, int]]) -> str:
        """Units named together, those of a kind in one group: "rows 2 and 7, column 3"."""
        groups: list[tuple[str, list[int]]] = []
        for kind, number in units:
            if groups and groups[-1][0] == kind:
                groups[-1][1].append(number)
            else:
                groups.append((kind, [number]))
        return and_list(self.lines(kind, numbers) for kind, numbers in groups)

    def lines(self, kind: str, numbers: Iterable[int]) -> str:
        """Units of one kind: "row 2", or "rows 2, 5 and 7"."""
        numbers = list(numbers)
        if len(numbers) == 1:
            return self.unit((kind, numbers[0]))
        return str(UNITS_NAMES[kind]) % {"numbers": and_list(map(str, numbers))}

    def digits(self, digits: Iterable[int]) -> str:
        return and_list(str(digit) for digit in digits)

    def removed(self, eliminations: Iterable[Candidate]) -> str:
        """Eliminations by digit: "5 from r1c3, r7c3; 7 from r2c2"."""
        by_digit: dict[int, list[int]] = {}
        for cell, digit in eliminations:
            by_digit.setdefault(digit, []).append(cell)
        return semicolon().join(
            _("%(digit)s from %(cells)s") % {"digit": digit, "cells": self.cells(cells)}
            for digit, cells in sorted(by_digit.items())
        )

    def actions(self, placements: Iterable[Candidate], eliminations: Iterable[Candidate]) -> str:
        """ "places 5 in r1c1; removes 5 from r1c3" (either part may be missing)."""
        parts = [
            _("places %(digit)s in %(cell)s") % {"digit": digit, "cell": self.cell(cell)}
            for cell, digit in placements
        ]
        if eliminations:
            parts.append(_("removes %(removed)s") % {"removed": self.removed(eliminations)})
        return semicolon().join(parts) or _("changes nothing")


def and_list(items: Iterable[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return _("%(first)s and %(last)s") % {"first": comma().join(items[:-1]), "last": items[-1]}


def comma() -> str:
    """What separates the items of a list in the reader's language (、 in Chinese)."""
    # Translators: between the items of a list, as in "r1c3, r7c3" or "2, 5 and 7".
    return pgettext("list", ", ")


def semicolon() -> str:
    """What separates the parts of a longer list, each a list itself."""
    # Translators: between the parts of a list, as in "5 from r1c3, r7c3; 7 from r2c2".
    return pgettext("list of parts", "; ")


UNIT_NAMES = {
    "row": gettext_lazy("row %(number)s"),
    "column": gettext_lazy("column %(number)s"),
    "box": gettext_lazy("box %(number)s"),
}
UNITS_NAMES = {
    "row": gettext_lazy("rows %(numbers)s"),
    "column": gettext_lazy("columns %(numbers)s"),
    "box": gettext_lazy("boxes %(numbers)s"),
}


# One function per message id: (step, params, words) -> sentence.


def _full_house(step: Step, p: Params, w: Words) -> str:
    return _("Full house: %(cell)s is the last open cell of %(unit)s, so it takes %(digit)s.") % {
        "cell": w.cell(p["cell"]),
        "unit": w.unit(p["unit"]),
        "digit": p["digit"],
    }


def _naked_single(step: Step, p: Params, w: Words) -> str:
    return _(
        "Naked single: %(digit)s is the only candidate left in %(cell)s, so it goes there."
    ) % {
        "cell": w.cell(p["cell"]),
        "digit": p["digit"],
    }


def _hidden_single(step: Step, p: Params, w: Words) -> str:
    return _("Hidden single: in %(unit)s, %(digit)s fits only in %(cell)s, so it goes there.") % {
        "cell": w.cell(p["cell"]),
        "unit": w.unit(p["unit"]),
        "digit": p["digit"],
    }


def _pointing(step: Step, p: Params, w: Words) -> str:
    template = _(
        "Locked candidates (pointing): in %(box)s, %(digit)s lies only in %(line)s, "
        "so it leaves the rest of %(line)s: %(cells)s."
    )
    return template % {
        "box": w.unit(p["box"]),
        "line": w.unit(p["line"]),
        "digit": p["digit"],
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
        "digit": p["digit"],
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


def _locked_subset(step: Step, p: Params, w: Words) -> str:
    template = _(
        "%(technique)s: %(cells)s, in both %(box)s and %(line)s, hold only %(digits)s "
        "between them, so those digits leave the other cells of both: removes %(removed)s."
    )
    return template % {
        "technique": name(step.technique),
        "cells": w.group(p["cells"]),
        "box": w.unit(p["box"]),
        "line": w.unit(p["line"]),
        "digits": w.digits(p["digits"]),
        "removed": w.removed(step.eliminations),
    }


def _naked_subset(step: Step, p: Params, w: Words) -> str:
    template = _(
        "%(technique)s in %(unit)s: %(cells)s hold only %(digits)s between them, so those "
        "digits leave the other cells of %(unit)s: removes %(removed)s."
    )
    return template % {
        "technique": name(step.technique),
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
        "technique": name(step.technique),
        "unit": w.unit(p["unit"]),
        "cells": w.group(p["cells"]),
        "digits": w.digits(p["digits"]),
        "removed": w.removed(step.eliminations),
    }


def _fish(step: Step, p: Params, w: Words) -> str:
    base_kind, base = p["base"]
    cover_kind, cover = p["cover"]
    template = _(
        "%(technique)s on %(digit)s: in %(base)s, %(digit)s lies only in %(cover)s, so it "
        "leaves the other cells of %(cover)s: %(cells)s."
    )
    return template % {
        "technique": name(step.technique),
        "digit": p["digit"],
        "base": w.lines(base_kind, base),
        "cover": w.lines(cover_kind, cover),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


def _two_links(step: Step, p: Params, w: Words) -> str:
    template = _(
        "%(technique)s on %(digit)s: two strong links (%(units)s) joined at one end put "
        "%(digit)s in %(tip)s or %(other)s, so it leaves every cell that sees both: %(cells)s."
    )
    tip, other = p["tips"]
    return template % {
        "technique": name(step.technique),
        "digit": p["digit"],
        "units": w.units(p["units"][:2]),
        "tip": w.cell(tip),
        "other": w.cell(other),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


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
        "digit": p["digit"],
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
        "digit": p["digit"],
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


def _trial(step: Step, p: Params, w: Words) -> str:
    values = {"digit": p["digit"], "cell": w.cell(p["cell"])}
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
            "missing": p["missing"],
        }
    else:
        return _("the search proves it")
    if not p["singles"]:
        return broken
    after = ngettext("after %(count)s single", "after %(count)s singles", p["singles"])
    return _("%(after)s, %(broken)s") % {"after": after % {"count": p["singles"]}, "broken": broken}


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
        "digit": p["digit"],
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
        "technique": name(step.technique),
        "digit": p["digit"],
        "base": w.lines(base_kind, base),
        "one": w.lines(one_kind, one),
        "two": w.lines(two_kind, two),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


def _variant(step: Step) -> str:
    """The technique's name, with the form its message names (sashimi...)."""
    form = step.message.partition("/")[2]
    if form == "sashimi":
        return _("%(technique)s (sashimi)") % {"technique": name(step.technique)}
    return name(step.technique)


def _dual(step: Step, p: Params, w: Words) -> str:
    template = _(
        "%(technique)s (dual): two patterns share the same cells of %(box)s, and together "
        "remove %(removed)s."
    )
    return template % {
        "technique": name(step.technique),
        "box": w.unit(p["box"]),
        "removed": w.removed(step.eliminations),
    }


def _empty_rectangle(step: Step, p: Params, w: Words) -> str:
    row, column = p["cross"]
    near, far = p["ends"]
    template = _(
        "Empty rectangle on %(digit)s: in %(box)s, %(digit)s lies only in %(row)s and "
        "%(column)s. The strong link in %(link)s puts %(digit)s in %(far)s, or in %(near)s, "
        "which leaves the box only its other line; either way %(digit)s leaves %(cells)s."
    )
    return template % {
        "digit": p["digit"],
        "box": w.unit(p["box"]),
        "row": w.unit(row),
        "column": w.unit(column),
        "link": w.unit(p["link"]),
        "near": w.cell(near),
        "far": w.cell(far),
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
        "x": p["link_digit"],
        "y": p["digit"],
        "unit": w.unit(p["unit"]),
        "ends": w.group(p["link"]),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


def _colour_trap(step: Step, p: Params, w: Words) -> str:
    one, two = p["colours"]
    template = _(
        "Simple colors on %(digit)s: its strong links colour %(one)s one way and %(two)s the "
        "other; one colour holds %(digit)s, so a cell that sees both colours cannot: "
        "%(cells)s."
    )
    return template % {
        "digit": p["digit"],
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
        "technique": name(step.technique),
        "digit": p["digit"],
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
        "digit": p["digit"],
        "one": w.cells(one),
        "two": w.cells(two),
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


def _rectangle(p: Params, w: Words) -> dict[str, object]:
    return {"cells": w.group(p["cells"]), "digits": w.digits(p["digits"])}


def _unique_1(step: Step, p: Params, w: Words) -> str:
    template = _(
        "Unique rectangle type 1: were %(cells)s to hold only %(digits)s, the two digits "
        "could swap and the puzzle would have two solutions. Three corners hold only them, "
        "so the fourth, %(cell)s, cannot: removes %(removed)s."
    )
    return template % {
        **_rectangle(p, w),
        "cell": w.cell(p["cell"]),
        "removed": w.removed(step.eliminations),
    }


def _unique_2(step: Step, p: Params, w: Words) -> str:
    template = _(
        "Unique rectangle type 2: were %(cells)s to hold only %(digits)s, the puzzle would "
        "have two solutions; so one of the roof corners %(roof)s holds their one extra "
        "digit %(extra)s, and it leaves every cell that sees both: %(cells_removed)s."
    )
    return template % {
        **_rectangle(p, w),
        "roof": w.group(p["roof"]),
        "extra": p["extra"],
        "cells_removed": w.cells(cell for cell, _digit in step.eliminations),
    }


def _unique_3(step: Step, p: Params, w: Words) -> str:
    template = _(
        "Unique rectangle type 3: were %(cells)s to hold only %(digits)s, the puzzle would "
        "have two solutions; so a roof corner (%(roof)s) holds one of %(extras)s. With "
        "%(subset)s they make a naked subset of %(subset_digits)s in %(unit)s: removes "
        "%(removed)s."
    )
    return template % {
        **_rectangle(p, w),
        "roof": w.group(p["roof"]),
        "extras": w.digits(p["extras"]),
        "subset": w.group(p["subset"]),
        "subset_digits": w.digits(p["subset_digits"]),
        "unit": w.unit(p["unit"]),
        "removed": w.removed(step.eliminations),
    }


def _unique_4(step: Step, p: Params, w: Words) -> str:
    template = _(
        "Unique rectangle type 4: were %(cells)s to hold only %(digits)s, the puzzle would "
        "have two solutions. In %(unit)s, %(digit)s fits only in the roof corners %(roof)s, "
        "so one of them holds it and the other cannot hold the pair's other digit: removes "
        "%(removed)s."
    )
    return template % {
        **_rectangle(p, w),
        "unit": w.unit(p["unit"]),
        "digit": p["digit"],
        "roof": w.group(p["roof"]),
        "removed": w.removed(step.eliminations),
    }


def _hidden_rectangle(step: Step, p: Params, w: Words) -> str:
    template = _(
        "Hidden rectangle: were %(cells)s to hold only %(digits)s, the puzzle would have "
        "two solutions. In %(units)s, %(digit)s fits only at the corners, so %(cell)s "
        "cannot hold the other digit: removes %(removed)s."
    )
    return template % {
        **_rectangle(p, w),
        "units": w.units(p["units"]),
        "digit": p["digit"],
        "cell": w.cell(p["cell"]),
        "removed": w.removed(step.eliminations),
    }


def _bug_plus_one(step: Step, p: Params, w: Words) -> str:
    template = _(
        "BUG+1: every open cell but %(cell)s holds two candidates, and without %(digit)s "
        "there the board would be a bivalue universal grave, with two solutions or none; so "
        "%(digit)s goes in %(cell)s."
    )
    return template % {"cell": w.cell(p["cell"]), "digit": p["digit"]}


def _single_digit_chain(step: Step, p: Params, w: Words) -> str:
    template = _(
        "%(technique)s (%(links)s) from %(start)s to %(end)s: one end holds "
        "%(digit)s, so it leaves every cell that sees both: %(cells)s."
    )
    return template % {
        "technique": name(step.technique),
        "links": _links(p["length"]),
        "start": w.cell(p["start"]),
        "end": w.cell(p["end"]),
        "digit": p["digit"],
        "cells": w.cells(cell for cell, _digit in step.eliminations),
    }


def _aic(step: Step, p: Params, w: Words) -> str:
    values = {
        "links": _links(p["length"]),
        "start": w.group(p["start"]),
        "end": w.group(p["end"]),
        "start_digit": p["start_digit"],
        "end_digit": p["end_digit"],
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
            "digit": p["digit"],
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


def _als_sets(p: Params, w: Words) -> list[str]:
    return [
        _("%(cells)s (%(digits)s)") % {"cells": w.group(cells), "digits": w.digits(digits)}
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


SAYINGS: dict[str, Callable[[Step, Params, Words], str]] = {
    "full-house": _full_house,
    "naked-single": _naked_single,
    "hidden-single": _hidden_single,
    "locked-pointing": _pointing,
    "locked-claiming": _claiming,
    "locked-pair": _locked_subset,
    "locked-triple": _locked_subset,
    "naked-pair": _naked_subset,
    "naked-triple": _naked_subset,
    "naked-quad": _naked_subset,
    "hidden-pair": _hidden_subset,
    "hidden-triple": _hidden_subset,
    "hidden-quad": _hidden_subset,
    "x-wing": _fish,
    "swordfish": _fish,
    "jellyfish": _fish,
    **{
        f"finned-{fish}{form}": _finned
        for fish in ("x-wing", "swordfish", "jellyfish")
        for form in ("", "/sashimi")
    },
    **{f"finned-{fish}/siamese": _siamese for fish in ("x-wing", "swordfish", "jellyfish")},
    "skyscraper": _two_links,
    "two-string-kite": _two_links,
    "two-string-kite/dual": _dual,
    "turbot-fish": _two_links,
    "empty-rectangle": _empty_rectangle,
    "empty-rectangle/dual": _dual,
    "simple-colors/trap": _colour_trap,
    "simple-colors/wrap": _colour_wrap,
    "multi-colors/trap": _multi_trap,
    "multi-colors/wrap": _colour_wrap,
    "remote-pair": _remote_pair,
    "w-wing": _w_wing,
    "xy-wing": _xy_wing,
    "xyz-wing": _xyz_wing,
    "unique-rectangle-1": _unique_1,
    "unique-rectangle-2": _unique_2,
    "unique-rectangle-3": _unique_3,
    "unique-rectangle-4": _unique_4,
    "hidden-rectangle": _hidden_rectangle,
    "bug-plus-one": _bug_plus_one,
    "x-chain": _single_digit_chain,
    "xy-chain": _single_digit_chain,
    "aic": _aic,
    "aic/loop": _aic,
    "aic/placement": _aic,
    "aic/als": _aic,
    "als-xz": _als_xz,
    "als-xz/double": _als_xz,
    "als-xy-wing": _als_xy_wing,
    "sue-de-coq": _sue_de_coq,
    "forcing-chain": _forcing_chain,
    "forcing-chain/contradiction": _forcing_chain,
    "trial": _trial,
}
