"""The site's pages, namespaced as ``solver``, by feature; links to them are
built in ``solver.addresses``.

The rule for addresses: no page's address ends in a slash (``/answer``,
``/library``, ``/batch/<id>``). The other spelling, with a slash, redirects
to it with its query kept (``core.views.without_slash``, routed last in
``sudoku_site.urls``), so a link written either way, or an old one, still
finds its page.
"""

from django.urls import path
from django.views.generic import RedirectView

from .batches import views as batches
from .core import views as core
from .entry import views as entry
from .library import views as library
from .photos.web import views as photos
from .play import views as play
from .teaching import views as teaching

app_name = "solver"
urlpatterns = [
    path("", RedirectView.as_view(pattern_name="solver:index", permanent=False)),
    path("ping", core.ping, name="ping"),
    # The entry page and the answer.
    path("index", entry.index, name="index"),
    path("answer", entry.answer, name="answer"),
    path("load", entry.load, name="load"),
    # A puzzle read from a photo into the entry grid (without JavaScript; with it, /api/read).
    path("photo", photos.photo, name="photo"),
    # The teacher's steps, and play.
    path("steps", teaching.steps, name="steps"),
    path("level", teaching.level, name="level"),
    path("play", play.play, name="play"),
    # The library: a new puzzle of a level, each puzzle's page, browsing, the day's puzzles.
    path("new", library.new_puzzle, name="new"),
    path("p/<str:puzzle_id>", library.puzzle_page, name="puzzle"),
    path("library", library.library_page, name="library"),
    path("daily", library.daily_page, name="daily"),
    # Batches: the form, then each batch at its own unguessable address.
    path("batch", batches.new_batch, name="batch"),
    path("batch/<uuid:batch_id>", batches.batch_detail, name="batch_detail"),
    path("batch/<uuid:batch_id>/step", batches.batch_step, name="batch_step"),
    path("batch/<uuid:batch_id>/progress", batches.batch_progress_json, name="batch_progress"),
    path("batch/<uuid:batch_id>.csv", batches.batch_csv, name="batch_csv"),
]
