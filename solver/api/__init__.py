"""The JSON API under ``/api/``, described by OpenAPI: one NinjaAPI, whose
operations each feature writes beside its pages.

Read ``schemas`` (the shapes every operation shares), ``errors`` (every
failure as JSON), ``openapi`` (the refusals every operation may get), then
the operations: ``solver.entry.api`` (solve and check
a puzzle), ``solver.teaching.api`` (steps, hints, candidates) and
``solver.library.api`` (new, stored and daily puzzles) and
``solver.photos.web.api`` (a puzzle read from a photo). django-ninja makes
the OpenAPI schema (``/api/openapi.json``) and the docs page (``/api/docs``)
from them.
"""

from __future__ import annotations

from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe
from ninja.openapi.docs import Swagger

from ..core.boards import BOARDS
from ..entry.api import router as entry_router
from ..library.api import router as library_router
from ..photos.web.api import router as photos_router
from ..teaching.api import router as teaching_router
from .errors import install_handlers
from .openapi import SiteAPI

# The sizes come from the board list, so a size added there is described here.
SIZES = ", ".join(f"{board.size}x{board.size}" for board in BOARDS)

DESCRIPTION = (
    (
        f"\nSolve and check Sudoku puzzles of every size the site takes: {SIZES} (the\n"
        "side N of an N x N board; a puzzle's size is read from its number of cells).\n"
    )
    + """

Each verdict is exact: `unique`, `multiple` (two or more solutions), `none`
(proved to have none), or `gave_up` when the time budget ran out first. The
puzzle may be written in any format the site reads.

Every failure is JSON: `{"status": "invalid", "errors": [...]}` with status
400 when the input is at fault (each error has a stable `code`, a `message`
and the `cells` at fault as `[row, column]` pairs), or `{"status": "error",
...}` with 404, 405, 413, 414 or 415 when the request itself is, 503 when a
new puzzle could not be made in time or is not ready yet, and 500, logged,
should the server fail. A client sending faster than a person could gets 429
(`too_many_requests`); one whose earlier request is still being answered, or
any while the server or its database is busy, 503 (`busy`): both carry
`Retry-After`, the seconds to wait before sending it again. Messages come in
the reader's language: the `django_language` cookie, else `Accept-Language`.

The teacher (`/api/steps`, `/api/hint`) works on a person's board: the
givens, the digits placed so far and, if given, the candidates pencilled.
Rows and columns count from 1. Candidates that are merely wrong are
accepted; the reply names the cells where the board departs from the
solution (`wrong`), since steps built on them may be wrong too.

The library (`/api/generate`, `/api/puzzles/...`, `/api/daily`) hands out
puzzles, each with exactly one solution and the level asked for, under a
stable id with a page of its own (`url`). Easy, medium and hard are made on
demand within a time budget (503 `out_of_time` past it); a puzzle made for
`/api/generate` is stored only when its `url` is opened. Expert and extreme
are never made on demand: they come from the library, filled ahead of time,
and while it holds none of the level the reply is 503 `not_ready`.

`/api/read` reads a 9x9 puzzle from a photo or a screenshot, sent as
`multipart/form-data` in the field `image`: the puzzle as text, how sure the
reader is of each cell, and the cells to check. It solves nothing.

The other POST bodies are JSON (`Content-Type: application/json`), at most 64 KB.
"""
)

api = SiteAPI(
    title="Sudoku solver API",
    version="1",
    description=DESCRIPTION,
    urls_namespace="api",
    # No badge from validator.swagger.io: the docs page makes no request off this site.
    docs=Swagger(settings={"validatorUrl": None, "deepLinking": False}),
    # The schema and the docs page are read-only: another method gets 405 (as
    # JSON), not the CSRF check's 403.
    docs_decorator=lambda view: csrf_exempt(require_safe(view)),
)
install_handlers(api)
# In this order, the operations' order in the schema and the docs.
api.add_router("", entry_router)
api.add_router("", teaching_router)
api.add_router("", library_router)
api.add_router("", photos_router)

__all__ = ["api"]
