"""The schema as published: every operation's own replies, and the refusals
any operation may get from the stack in front of it, which no operation
declares itself.

nginx refuses a client past its rate (429), and heavy work past the
client's or the site's share (503), before Django sees the request; the
database may stay busy for any operation (503, ``solver.core.database``); a
GET's address may be longer than nginx reads (414). Each is JSON in the
shape of every failure (``Failure``), with ``Retry-After`` on the 429 and
503 (deploy/render.py writes nginx's replies, ``solver.api.errors`` Django's).
"""

from __future__ import annotations

from http import HTTPStatus

from ninja import NinjaAPI

FAILURE = {"application/json": {"schema": {"$ref": "#/components/schemas/Failure"}}}
RETRY_AFTER = {
    "Retry-After": {
        "description": "Seconds to wait before sending the request again.",
        "schema": {"type": "integer", "minimum": 1},
    }
}
# Each refusal: its description, and whether Retry-After comes with it.
REFUSALS = {
    429: (
        "Too many requests from this client in a moment (`too_many_requests`): "
        "send it again after `Retry-After` seconds.",
        True,
    ),
    503: (
        "The server is busy (`busy`): still working on another request of this "
        "client's, busy with others', or its database is; send it again after "
        "`Retry-After` seconds. The library's operations also answer 503 when a "
        "puzzle could not be made in time (`out_of_time`) or none of the level is "
        "ready (`not_ready`).",
        True,
    ),
}
# A GET's puzzle is in its address, which nginx reads up to 8 KB.
TOO_LONG = (
    "The address is longer than the server reads (`uri_too_long`): a puzzle "
    "written with characters past ASCII, percent-encoded, may pass 8 KB; send it "
    "in a POST body instead.",
    False,
)


class SiteAPI(NinjaAPI):
    """django-ninja's API, whose schema lists the refusals too (``with_refusals``)."""

    def get_openapi_schema(self, *, path_prefix=None, path_params=None):
        schema = super().get_openapi_schema(path_prefix=path_prefix, path_params=path_params)
        with_refusals(schema)
        return schema


def with_refusals(schema: dict) -> dict:
    """``schema`` with 429 and 503 in every operation's responses, and 414 in
    every GET's, each a ``Failure`` as the operations' own failures are. An
    operation's own description of one (more than the status's name) is
    kept before the refusal's."""
    for operations in schema["paths"].values():
        for method, operation in operations.items():
            refusals = REFUSALS | ({414: TOO_LONG} if method == "get" else {})
            responses = operation["responses"]
            for status, (description, retry) in refusals.items():
                # ninja's statuses are numbers until the schema is written as JSON.
                own = responses.get(status) or responses.get(str(status))
                response = {"description": description, "content": FAILURE}
                if own is not None and own["description"] != HTTPStatus(status).phrase:
                    response["description"] = f"{own['description']} Or: {description}"
                if retry:
                    response["headers"] = RETRY_AFTER
                responses.pop(str(status), None)
                responses[status] = response
            operation["responses"] = dict(sorted(responses.items(), key=lambda item: int(item[0])))
    return schema
