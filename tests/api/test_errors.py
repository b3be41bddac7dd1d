"""Every failure under /api/ is JSON with the right status code, never an HTML page or a 500."""

from __future__ import annotations

import pytest
from django.db import InterfaceError, OperationalError
from django.test import Client

from solver.core.reading import PASTE_MAX_LENGTH
from tests.support.puzzles import HARD

SOLVE = "/api/solve"


def failure(response, status: int) -> list[dict]:
    """The errors of a JSON failure with ``status``; fails if it is anything else."""
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    body = response.json()
    assert body["status"] == ("invalid" if status == 400 else "error")
    assert body["errors"]
    for error in body["errors"]:
        assert set(error) == {"code", "message", "cells"}
        assert error["message"]
    return body["errors"]


def codes(response, status: int) -> list[str]:
    return [error["code"] for error in failure(response, status)]


@pytest.mark.parametrize(
    "content_type", ["text/plain", "application/x-www-form-urlencoded", "application/xml"]
)
def test_a_body_that_is_not_json_gets_415(client, content_type):
    response = client.post(SOLVE, f'{{"puzzle": "{HARD}"}}', content_type=content_type)
    assert codes(response, 415) == ["unsupported_media_type"]
    assert content_type in failure(response, 415)[0]["message"]


def test_a_form_post_gets_415(client):
    response = client.post(SOLVE, {"puzzle": HARD})  # multipart/form-data
    assert codes(response, 415) == ["unsupported_media_type"]


def test_json_with_a_charset_or_a_json_suffix_is_accepted(client):
    for kind in ("application/json; charset=utf-8", "application/problem+json", "Application/JSON"):
        response = client.post(SOLVE, f'{{"puzzle": "{HARD}"}}', content_type=kind)
        assert response.status_code == 200, kind


@pytest.mark.parametrize(
    "body", ['{"puzzle": ', "{'puzzle': '1'}", "puzzle=1", "\xff\xfe", "[" * 5000]
)
def test_malformed_json_gets_400(client, body):
    response = client.post(SOLVE, body, content_type="application/json")
    assert codes(response, 400) == ["malformed_json"]


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("{}", ["required"]),
        ('{"puzzle": 5}', ["not_a_string"]),
        ('{"puzzle": null}', ["not_a_string"]),
        ('{"puzzle": ["1"]}', ["not_a_string"]),
        ('["' + HARD + '"]', ["not_an_object"]),
        ('"' + HARD + '"', ["not_an_object"]),
        ('{"puzzle": "' + HARD + '", "level": 3}', ["unknown_field"]),
        ('{"puzzle": "' + "1" * (PASTE_MAX_LENGTH + 1) + '"}', ["max_length"]),
    ],
)
def test_a_body_that_does_not_match_the_schema_gets_400(client, body, expected):
    response = client.post(SOLVE, body, content_type="application/json")
    assert codes(response, 400) == expected


def test_an_empty_json_body_gets_400(client):
    # The test client names no type for an empty body unless told to.
    response = client.generic("POST", SOLVE, b"", CONTENT_TYPE="application/json")
    assert codes(response, 400) == ["required"]


def test_a_post_with_no_body_and_no_type_is_told_to_send_json(client):
    [error] = failure(client.generic("POST", SOLVE), 415)
    assert "application/json" in error["message"]
    assert "named no type" in error["message"]


def test_a_too_long_puzzle_names_the_limit(client):
    puzzle = "1" * (PASTE_MAX_LENGTH + 345)
    response = client.post(SOLVE, {"puzzle": puzzle}, content_type="application/json")
    assert f"at most {PASTE_MAX_LENGTH} characters" in failure(response, 400)[0]["message"]


def test_the_link_form_without_a_puzzle_gets_400(client):
    assert codes(client.get(SOLVE), 400) == ["required"]
    assert codes(client.get(SOLVE, {"puzzle": "1" * (PASTE_MAX_LENGTH + 1)}), 400) == ["max_length"]


def test_an_oversized_body_gets_413_before_it_is_read(client, settings):
    body = '{"puzzle": "' + "." * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1) + '"}'
    response = client.post(SOLVE, body, content_type="application/json")
    assert codes(response, 413) == ["too_large"]


@pytest.mark.parametrize("method", ["put", "patch", "delete", "options", "head"])
def test_a_wrong_method_gets_405_naming_the_allowed_ones(client, method):
    response = getattr(client, method)(SOLVE)
    assert response.status_code == 405
    assert sorted(response["Allow"].split(", ")) == ["GET", "POST"]
    if method != "head":  # a HEAD reply has no body
        [error] = failure(response, 405)
        assert error["code"] == "method_not_allowed"
        assert response["Allow"] in error["message"]


@pytest.mark.parametrize("path", ["/api/", "/api/solver", "/api/solve/", "/api/docs/x"])
def test_an_unknown_address_gets_a_json_404(client, path):
    assert codes(client.get(path), 404) == ["not_found"]


@pytest.mark.django_db
def test_the_api_needs_no_csrf_token():
    client = Client(enforce_csrf_checks=True)
    response = client.post(SOLVE, {"puzzle": HARD}, content_type="application/json")
    assert response.status_code == 200


def test_an_unexpected_failure_is_a_json_500_and_is_logged(client, monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise RuntimeError("engine on fire")

    monkeypatch.setattr("solver.core.slots.solve", broken)
    client.raise_request_exception = False
    response = client.post(SOLVE, {"puzzle": HARD}, content_type="application/json")
    assert codes(response, 500) == ["server_error"]
    assert "engine on fire" not in response.content.decode()
    assert "engine on fire" in caplog.text


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize(
    "error", [OperationalError("database is locked"), InterfaceError("connection already closed")]
)
def test_a_database_too_busy_or_lost_is_a_json_503_saying_when_to_ask_again(
    client, monkeypatch, settings, error, debug
):
    """Debug or not (ninja would answer an unknown failure in debug with its traceback)."""

    def busy(*args, **kwargs):
        raise error

    settings.DEBUG = debug
    monkeypatch.setattr("solver.teaching.ratings.known", busy)
    response = client.post(SOLVE, {"puzzle": HARD}, content_type="application/json")
    assert codes(response, 503) == ["busy"]
    assert response["Retry-After"] == "2"


def test_error_replies_keep_the_security_headers(client):
    response = client.put(SOLVE)
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"


def test_the_length_header_matches_the_rewritten_body(client):
    response = client.delete(SOLVE)
    if response.has_header("Content-Length"):
        assert int(response["Content-Length"]) == len(response.content)


def test_pages_outside_the_api_keep_their_html_errors(client):
    response = client.get("/no-such-page")
    assert response.status_code == 404
    assert "application/json" not in response["Content-Type"]


@pytest.mark.parametrize("debug", [False, True])
def test_too_many_query_fields_get_a_named_400(client, settings, debug):
    settings.DEBUG = debug
    query = "&".join(f"a{i}=1" for i in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 50))
    [error] = failure(client.get(f"{SOLVE}?puzzle=1&{query}"), 400)
    assert error["code"] == "too_many_fields"
    limit = settings.DATA_UPLOAD_MAX_NUMBER_FIELDS
    assert error["message"] == f"The request has too many fields (at most {limit})."


@pytest.mark.parametrize("path", ["/api/openapi.json", "/api/docs"])
def test_the_schema_and_docs_are_read_only(client, path):
    response = Client(enforce_csrf_checks=True).post(path)
    assert codes(response, 405) == ["method_not_allowed"]
    assert client.head(path).status_code == 200


def test_a_body_of_many_unknown_fields_gets_a_short_answer(client):
    body = {"puzzle": HARD} | {f"x{i}": i for i in range(500)}
    errors = failure(client.post(SOLVE, body, content_type="application/json"), 400)
    assert len(errors) == 11
    assert errors[-1]["code"] == "more_problems"
    assert "490 more" in errors[-1]["message"]
