"""The site's URLs: the solver app owns every page."""

from django.urls import include, path

urlpatterns = [
    path("", include("solver.urls")),
]
