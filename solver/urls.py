"""URLs of the solver app, namespaced as ``solver``."""

from django.urls import path
from django.views.generic import RedirectView

from . import views
from .batches import views as batches
from .play import views as play
from .puzzles import views as puzzles

app_name = "solver"
urlpatterns = [
    path("", RedirectView.as_view(pattern_name="solver:index", permanent=False)),
    path("index", views.index, name="index"),
    path("ping", views.ping, name="ping"),
    # A slash typed after "index" should still find the page, with its query.
    path("index/", RedirectView.as_view(pattern_name="solver:index", query_string=True)),
    path("answer/", views.answer, name="answer"),
    path("load", views.load, name="load"),
    path("steps/", views.steps, name="steps"),
    path("play", play.play, name="play"),
    # The library: a new puzzle of a level, each puzzle's page, browsing, the day's puzzles.
    path("new", puzzles.new_puzzle, name="new"),
    path("p/<str:puzzle_id>", puzzles.puzzle_page, name="puzzle"),
    path("library", puzzles.library_page, name="library"),
    path("daily", puzzles.daily_page, name="daily"),
    # Batches: the form, then each batch at its own unguessable address.
    path("batch/", batches.new_batch, name="batch"),
    path("batch/<uuid:batch_id>/", batches.batch_detail, name="batch_detail"),
    path("batch/<uuid:batch_id>/step", batches.batch_step, name="batch_step"),
    path("batch/<uuid:batch_id>.csv", batches.batch_csv, name="batch_csv"),
]
