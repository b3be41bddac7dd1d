"""The site's own small views, which belong to no feature."""

from django.http import Http404, HttpRequest, HttpResponse, HttpResponsePermanentRedirect
from django.urls import Resolver404, resolve
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe


@require_safe
def ping(request):
    """A health check for operators (and the load benchmark's floor): "ok", nothing else."""
    return HttpResponse("ok", content_type="text/plain")


# A redirect that keeps the method and the body (a form posted to an old
# address), where 301 would turn a POST into a GET.
KEEPS_METHOD = 308


@csrf_exempt  # it reads nothing: the page it sends the request to checks the token
def without_slash(request: HttpRequest, path: str) -> HttpResponse:
    """The other spelling of a page's address, ``/library/`` for ``/library``:
    a permanent redirect there, the query kept (308 for a method other than
    GET and HEAD, so a posted form is posted again). An address that is no
    page's with its slash taken off, or is the API's (whose addresses are
    exact), gets the 404 it would have had."""
    target = "/" + path
    try:
        match = resolve(target)
    except Resolver404:
        raise Http404 from None
    if "api" in match.namespaces:
        raise Http404
    query = request.META.get("QUERY_STRING", "")
    location = target + ("?" + query if query else "")
    if request.method in ("GET", "HEAD"):
        return HttpResponsePermanentRedirect(location)
    return HttpResponsePermanentRedirect(location, status=KEEPS_METHOD)
