"""The site's URLs: the solver app owns every page; its JSON API lives under /api/."""

from django.urls import include, path

from solver.api import API_PREFIX, api

urlpatterns = [
    path(API_PREFIX.lstrip("/"), api.urls),
    path("", include("solver.urls")),
]
