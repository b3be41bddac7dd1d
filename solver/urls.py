"""URLs of the solver app, namespaced as ``solver``."""

from django.urls import path
from django.views.generic import RedirectView

from . import views

app_name = "solver"
urlpatterns = [
    path("", RedirectView.as_view(pattern_name="solver:index", permanent=False)),
    path("index", views.index, name="index"),
    path("ping", views.ping, name="ping"),
    # A slash typed after "index" should still find the page, with its query.
    path("index/", RedirectView.as_view(pattern_name="solver:index", query_string=True)),
    path("answer/", views.answer, name="answer"),
    path("load", views.load, name="load"),
    # Batches: the form, then each job at its own unguessable address.
    path("batch/", views.batch, name="batch"),
    path("batch/<uuid:job_id>/", views.batch_job, name="batch_job"),
    path("batch/<uuid:job_id>/step", views.batch_step, name="batch_step"),
    path("batch/<uuid:job_id>.csv", views.batch_csv, name="batch_csv"),
]
