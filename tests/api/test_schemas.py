"""The OpenAPI schema: served, complete, and true to the replies the API gives."""

from __future__ import annotations

import jsonschema_rs
import pytest
from django.test import Client

from solver.core.reading import PASTE_MAX_LENGTH
from tests.support.openapi import OPENAPI, reply_schema
from tests.support.puzzles import HARD, NO_SOLUTION, SIZED


@pytest.fixture(scope="module")
def schema() -> dict:
    return Client().get(OPENAPI).json()


def test_the_schema_is_openapi_3_and_names_every_operation(schema):
    assert schema["openapi"].startswith("3.")
    assert set(schema["paths"]) == {
        "/api/solve",
        "/api/validate",
        "/api/steps",
        "/api/hint",
        "/api/candidates",
        "/api/rating",
        # The library's (their replies are checked in test_puzzles.py).
        "/api/generate",
        "/api/puzzles/random",
        "/api/puzzles/sized",
        "/api/puzzles/{puzzle_id}",
        "/api/daily",
        # A puzzle read from a photo (its replies are checked in tests/photos/test_api.py).
        "/api/read",
    }
    for name in ("/api/solve", "/api/validate"):
        assert set(schema["paths"][name]) == {"get", "post"}
    for name in ("/api/steps", "/api/hint", "/api/candidates"):
        assert set(schema["paths"][name]) == {"post"}
        responses = schema["paths"][name]["post"]["responses"]
        assert set(responses) == {"200", "400", "413", "415", "429", "503"}
    assert set(schema["paths"]["/api/rating"]) == {"get"}


def test_the_schema_publishes_the_limits_the_server_checks(schema):
    body = schema["components"]["schemas"]["PuzzleIn"]
    assert body["properties"]["puzzle"]["maxLength"] == PASTE_MAX_LENGTH
    assert body["required"] == ["puzzle"]
    assert body["additionalProperties"] is False
    query = schema["paths"]["/api/solve"]["get"]["parameters"][0]
    assert (query["name"], query["in"], query["required"]) == ("puzzle", "query", True)


POSTS = [
    ("/api/solve", {"puzzle": HARD}, 200),
    ("/api/solve", {"puzzle": NO_SOLUTION}, 200),
    ("/api/solve", {"puzzle": "." * 81}, 200),
    ("/api/solve", {"puzzle": "55" + "." * 79}, 400),
    ("/api/solve", {"puzzle": "abc"}, 400),
    ("/api/solve", {"puzzle": 3}, 400),
    ("/api/validate", {"puzzle": HARD}, 200),
    ("/api/solve", {"puzzle": SIZED["16x16"]}, 200),
    ("/api/solve", {"puzzle": SIZED["4x4"]}, 200),
    ("/api/validate", {"puzzle": SIZED["25x25"]}, 200),
    ("/api/solve", {"puzzle": "11" + "." * 254}, 400),
    ("/api/validate", {}, 400),
    ("/api/steps", {"puzzle": HARD}, 200),
    ("/api/steps", {"puzzle": HARD, "techniques": ["x-wing"], "all": True}, 200),
    ("/api/steps", {"puzzle": NO_SOLUTION}, 200),
    ("/api/steps", {"puzzle": HARD, "progress": "x"}, 400),
    ("/api/steps", {"puzzle": HARD, "techniques": ["magic"]}, 400),
    ("/api/hint", {"puzzle": HARD, "candidates": ["" if s != "." else "1" for s in HARD]}, 200),
    ("/api/hint", {"puzzle": HARD, "candidates": ["1"] * 81}, 400),
    ("/api/hint", {"puzzle": HARD, "all": "maybe"}, 400),
]


@pytest.mark.parametrize(("path", "body", "status"), POSTS)
def test_each_reply_matches_the_schema_for_its_status(client, schema, path, body, status):
    response = client.post(path, body, content_type="application/json")
    assert response.status_code == status
    reply_schema(schema, path, "post", status).validate(response.json())


def test_the_solution_is_left_out_of_the_validate_schema(client, schema):
    solved = client.post("/api/solve", {"puzzle": HARD}, content_type="application/json")
    with pytest.raises(jsonschema_rs.ValidationError):
        # A reply with a wrong status word would not match: the check is real.
        reply_schema(schema, "/api/solve", "post", 200).validate(
            {**solved.json(), "status": "solved"}
        )
    validate_props = schema["components"]["schemas"]["Verdict"]["properties"]
    assert "solution" not in validate_props


@pytest.mark.parametrize(
    ("status", "request_args"),
    [
        (413, {"data": '{"puzzle": "' + "." * 70_000 + '"}', "content_type": "application/json"}),
        (415, {"data": "puzzle=1", "content_type": "text/plain"}),
    ],
)
def test_size_and_type_errors_match_the_schema(client, schema, status, request_args):
    response = client.post("/api/solve", **request_args)
    assert response.status_code == status
    reply_schema(schema, "/api/solve", "post", status).validate(response.json())


def test_the_docs_page_uses_this_sites_own_assets(client):
    page = client.get("/api/docs").content.decode()
    assert "/static/ninja/swagger-ui-bundle.js" in page
    assert "/static/ninja/swagger-ui.css" in page
    assert "cdn" not in page.lower()
    assert '"validatorUrl": null' in page
