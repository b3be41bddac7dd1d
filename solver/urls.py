"""URLs of the solver app, namespaced as ``solver``."""

from django.urls import path
from django.views.generic import RedirectView

from . import views

app_name = "solver"
urlpatterns = [
    path("", RedirectView.as_view(pattern_name="solver:index", permanent=False)),
    path("index", views.index, name="index"),
    path("answer/", views.answer, name="answer"),
]
