"""The site's URLs: the solver app owns every page; its JSON API lives under /api/."""

from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from solver.api import API_PREFIX, api

urlpatterns = [
    path(API_PREFIX.lstrip("/"), api.urls),
    # set_language: the language switcher posts here (a plain form, no script needed).
    path("i18n/", include("django.conf.urls.i18n")),
    # The scripts' translations, as a same-origin script (the CSP allows no inline one).
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("", include("solver.urls")),
]
