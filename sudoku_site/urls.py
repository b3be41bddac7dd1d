"""The site's URLs: the solver app owns every page; its JSON API lives under /api/.

No address ends in a slash; the other spelling of a page's address
redirects to it (``solver.urls`` states the rule).
"""

from django.urls import include, path, re_path
from django.views.i18n import JavaScriptCatalog, set_language

from solver.addresses import API_PREFIX
from solver.api import api
from solver.core.views import without_slash

urlpatterns = [
    path(API_PREFIX.lstrip("/"), api.urls),
    # The language switcher posts here (a plain form, no script needed).
    path("i18n/setlang", set_language, name="set_language"),
    # The scripts' translations, as a same-origin script (the CSP allows no inline one).
    path("jsi18n", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("", include("solver.urls")),
    # Last: an address written with a slash at its end, sent to its page.
    re_path(r"^(?P<path>.*[^/])/+$", without_slash),
]
