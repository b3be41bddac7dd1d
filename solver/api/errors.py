"""Every API failure as JSON: ``{"status": "invalid" | "error", "errors": [...]}``.

Three layers keep that promise:

- the operations' own checks (a body that is not JSON gets 415 before it is read);
- handlers for what the API layer raises (malformed JSON, fields that do not
  match the schema, a body over Django's size limit, a database too busy to
  answer or a long search with no dear slot free: 503 ``busy``);
- ``JsonErrorsMiddleware`` around everything under ``/api/``, which turns any
  other error response (an unknown address, a method not allowed) into the same
  JSON, and an unexpected exception into a JSON 500 instead of an HTML page.
"""

from __future__ import annotations

import logging
from functools import wraps

from django.conf import settings
from django.core.exceptions import (
    BadRequest,
    PermissionDenied,
    RequestDataTooBig,
    SuspiciousOperation,
    TooManyFieldsSent,
)
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.http.multipartparser import MultiPartParserError
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from ninja.errors import HttpError, ValidationError

from ..addresses import API_PREFIX
from ..core import database, slots
from ..core.issues import Issue
from ..core.reading import PASTE_MAX_LENGTH
from ..engine import Status
from .schemas import ERROR

# Exceptions Django itself turns into 4xx responses (see django.core.handlers.exception).
CLIENT_ERRORS = (Http404, PermissionDenied, BadRequest, SuspiciousOperation, MultiPartParserError)
JSON_TYPES = ("application/json",)
logger = logging.getLogger("solver.api")


def failure(status: int, issues: list[Issue]) -> JsonResponse:
    """The JSON reply for ``issues``: 400 means the input was at fault ("invalid"),
    any other status the request itself ("error")."""
    body = {
        "status": Status.INVALID if status == 400 else ERROR,
        "errors": [issue.as_json() for issue in issues],
    }
    return JsonResponse(body, status=status)


def require_json(run):
    """Decorate an operation so that a body sent as anything but JSON gets 415."""

    @wraps(run)
    def checked(request: HttpRequest, *args, **kwargs):
        kind = (request.content_type or "").lower()
        if kind in JSON_TYPES or (kind.startswith("application/") and kind.endswith("+json")):
            return run(request, *args, **kwargs)
        if kind:
            message = _("Send the body as JSON (Content-Type: application/json), not %(type)s.")
        else:
            message = _(
                "Send the body as JSON (Content-Type: application/json); the request named no type."
            )
        return failure(415, [Issue("unsupported_media_type", message % {"type": kind})])

    return checked


def install_handlers(api) -> None:
    """Answer the API layer's exceptions with ``failure`` replies."""
    api.add_exception_handler(ValidationError, lambda request, exc: _schema_mismatch(exc))
    api.add_exception_handler(HttpError, lambda request, exc: _http_error(exc))
    api.add_exception_handler(RequestDataTooBig, lambda request, exc: _too_large())
    api.add_exception_handler(SuspiciousOperation, lambda request, exc: _refused(exc))
    for error in database.BUSY_ERRORS:
        api.add_exception_handler(error, lambda request, exc: _busy(request))
    api.add_exception_handler(slots.Busy, lambda request, exc: _no_slot())


MAX_ISSUES = 10  # problems named in one reply; a body of 5,000 unknown keys gets a short answer
# Pydantic's errors for a value a field does not allow, and the codes they get
# (pydantic's own message says what is allowed: the levels, the range).
VALUE_CODES = {
    "literal_error": "not_a_choice",
    "int_type": "not_an_integer",
    "int_parsing": "not_an_integer",
    "int_from_float": "not_an_integer",
    "greater_than_equal": "out_of_range",
    "less_than_equal": "out_of_range",
    "bool_type": "not_a_boolean",
    "bool_parsing": "not_a_boolean",
}


def _schema_mismatch(exc: ValidationError) -> JsonResponse:
    """400 for fields that do not match the schema, one problem each (the first few)."""
    issues = [_field_issue(error) for error in exc.errors[:MAX_ISSUES]]
    more = len(exc.errors) - MAX_ISSUES
    if more > 0:
        message = _("… and %(count)s more problems like these.") % {"count": more}
        issues.append(Issue("more_problems", message))
    return failure(400, issues)


def _field_issue(error: dict) -> Issue:
    """One pydantic error as an issue with a stable code and a plain message."""
    kind, field = error.get("type", ""), _field_name(error.get("loc", ()))
    if kind == "missing":
        if field == "body":
            message = _(
                "The request has no body: send a JSON object (such as "
                '{"puzzle": "..."}; each operation\'s fields are in /api/docs).'
            )
        else:
            message = _("“%(field)s” is required: send the puzzle's text in it.")
        return Issue("required", message % {"field": field})
    if kind == "string_type":
        return Issue("not_a_string", _("“%(field)s” must be a string.") % {"field": field})
    if kind == "string_too_long":
        return _too_long(field, error)
    if kind == "extra_forbidden":
        message = _("Unknown field “%(field)s”: the fields each operation takes are in /api/docs.")
        return Issue("unknown_field", message % {"field": field})
    if kind in {"model_attributes_type", "dict_type", "model_type"}:
        message = _(
            'The body must be a JSON object (such as {"puzzle": "..."}; each '
            "operation's fields are in /api/docs)."
        )
        return Issue("not_an_object", message)
    if kind in VALUE_CODES:
        message = _("“%(field)s”: %(detail)s.") % {"field": field, "detail": error.get("msg", "")}
        return Issue(VALUE_CODES[kind], message)
    return Issue("invalid_request", str(error.get("msg", _("The request is not valid."))))


def _too_long(field: str, error: dict) -> Issue:
    """The puzzle, or another text field, over its length."""
    if field == "puzzle":
        message = _("The puzzle is too long (at most %(limit)s characters).")
        return Issue("max_length", message % {"limit": PASTE_MAX_LENGTH})
    limit = error.get("ctx", {}).get("max_length", PASTE_MAX_LENGTH)
    message = _("“%(field)s” is too long (at most %(limit)s characters).")
    return Issue("max_length", message % {"field": field, "limit": limit})


def _field_name(location) -> str:
    """The name of the field an error is about (the last string in its location)."""
    names = [part for part in location if isinstance(part, str)]
    return names[-1] if names else "body"


def _http_error(exc: HttpError) -> JsonResponse:
    """A body that could not be parsed gets 400; other HTTP errors keep their status."""
    cause = exc.__cause__
    if exc.status_code == 400 and cause is not None:
        detail = str(cause)[:200]
        message = _("The body is not valid JSON (%(detail)s).") % {"detail": detail}
        return failure(400, [Issue("malformed_json", message)])
    return failure(exc.status_code, [Issue(_code_for(exc.status_code), str(exc))])


def _busy(request: HttpRequest) -> JsonResponse:
    """503 ``busy``, with Retry-After: the database stayed busy, or out of
    reach, for this request (``core.database``); it may be sent again."""
    logger.warning("%s %s: the database stayed busy", request.method, request.path, exc_info=True)
    response = failure(503, [Issue("busy", str(database.BUSY_MESSAGE))])
    response["Retry-After"] = str(database.RETRY_SECONDS)
    return response


def _no_slot() -> JsonResponse:
    """503 ``busy``, with Retry-After: the search was dear, and every dear
    slot was taken (``core.slots``); not logged, since it is the limit at work."""
    response = failure(503, [Issue("busy", str(slots.BUSY_MESSAGE))])
    response["Retry-After"] = str(slots.RETRY_SECONDS)
    return response


def _too_large() -> JsonResponse:
    return failure(413, [Issue("too_large", _too_large_message())])


def _too_large_message() -> str:
    limit = filesizeformat(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)
    return _("The request body is too large (at most %(limit)s).") % {"limit": limit}


def _refused(exc: SuspiciousOperation) -> JsonResponse:
    """400 for what Django refuses to read (too many fields in the query, ...), named."""
    if isinstance(exc, TooManyFieldsSent):
        limit = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
        message = _("The request has too many fields (at most %(limit)s).") % {"limit": limit}
        return failure(400, [Issue("too_many_fields", message)])
    return failure(400, [Issue("unreadable_request", _("The request could not be read."))])


# What each error status means, when the response that carries it is not JSON yet.
STATUS_CODES = {
    400: "bad_request",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "too_large",
    415: "unsupported_media_type",
    429: "too_many_requests",
}


def _code_for(status: int) -> str:
    return STATUS_CODES.get(status, "server_error" if status >= 500 else "error")


def _message_for(request: HttpRequest, response: HttpResponse) -> str:
    """A plain message for an error response made outside the API's operations."""
    status = response.status_code
    if status == 404:
        return _("There is nothing at %(path)s; the API is described at /api/docs.") % {
            "path": request.path
        }
    if status == 405:
        allowed = response.get("Allow", "")
        return _("%(method)s is not allowed here; use %(allowed)s.") % {
            "method": request.method,
            "allowed": allowed,
        }
    if status == 413:
        return _too_large_message()
    if status == 429:
        return _("Too many requests: wait a moment and try again.")
    if status >= 500:
        return _("The server failed to answer this request; the failure is logged.")
    return _("The request could not be answered (HTTP %(status)s).") % {"status": status}


class JsonErrorsMiddleware:
    """Under ``/api/``, every error response is JSON and no exception becomes an HTML page.

    A non-JSON error response (from URL resolution, a method not allowed, a
    size limit) gets its body replaced in place, so its status and headers
    (``Allow``, and the security headers) stay as they are.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if _needs_json(request, response):
            issue = Issue(_code_for(response.status_code), _message_for(request, response))
            reply = failure(response.status_code, [issue])
            response.content = reply.content
            response["Content-Type"] = reply["Content-Type"]
            # CommonMiddleware may have set the length of the body replaced here.
            response["Content-Length"] = str(len(response.content))
        return response

    def process_exception(self, request: HttpRequest, exception: Exception):
        # Django answers these with 4xx responses, which __call__ then makes JSON.
        if not _is_api(request) or isinstance(exception, CLIENT_ERRORS):
            return None
        logger.error("API request failed: %s %s", request.method, request.path, exc_info=True)
        issue = Issue("server_error", _message_for(request, HttpResponse(status=500)))
        return failure(500, [issue])


def _is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith(API_PREFIX)


def _needs_json(request: HttpRequest, response: HttpResponse) -> bool:
    """True for an API error response whose body is not JSON (a stream is left alone)."""
    if not _is_api(request) or response.status_code < 400 or response.streaming:
        return False
    kind = response.get("Content-Type", "").split(";")[0].strip().lower()
    return kind not in JSON_TYPES
