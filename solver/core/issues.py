"""A problem with what was sent, as the pages and the JSON replies show it."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine import STANDARD


@dataclass(frozen=True)
class Issue:
    """One problem as the page and the JSON reply show it: a stable code, a
    message in the reader's language, and the cells at fault (maybe none)."""

    code: str
    message: str
    cells: tuple[int, ...] = ()
    field: str | None = None  # the field at fault (a cell's name, "puzzle", "file"), if any
    side: int = STANDARD.size  # N, for the N x N board the cells are counted on

    def as_json(self) -> dict:
        """``{"code", "message", "cells": [[row, column], ...]}``, rows and columns from 1."""
        cells = [[cell // self.side + 1, cell % self.side + 1] for cell in self.cells]
        return {"code": self.code, "message": self.message, "cells": cells}
