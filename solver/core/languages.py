"""The reader's language at the edge of every reply: Django's LocaleMiddleware,
which chooses it from the switcher's cookie, else Accept-Language, told to
caches whole."""

from django.http import HttpRequest, HttpResponse
from django.middleware.locale import LocaleMiddleware as DjangoLocaleMiddleware
from django.utils.cache import patch_vary_headers


class LocaleMiddleware(DjangoLocaleMiddleware):
    """Django's, with ``Vary: Cookie`` beside its ``Accept-Language``: the
    language cookie (``django_language``) chooses the reply's words as much as
    the header does (a page, the API's messages, the scripts' catalog), so a
    cache that kept one reply for every cookie would hand one reader's
    language to another."""

    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        response = super().process_response(request, response)
        patch_vary_headers(response, ("Cookie",))
        return response
