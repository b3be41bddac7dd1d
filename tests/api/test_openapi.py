"""solver.api.openapi: the schema lists, for every operation, the refusals the
stack in front may give it (429, 503; 414 for a GET), each a Failure, as
nginx's own replies and Django's busy database's are."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.utils import translation

from deploy import render
from tests.support.openapi import OPENAPI, reply_schema


@pytest.fixture(scope="module")
def schema() -> dict:
    return Client().get(OPENAPI).json()


def operations(schema: dict) -> list[tuple[str, str]]:
    return [(path, method) for path, methods in schema["paths"].items() for method in methods]


def test_every_operation_lists_429_and_503_and_every_get_414(schema):
    assert len(operations(schema)) == 14
    for path, method in operations(schema):
        responses = schema["paths"][path][method]["responses"]
        expected = {"429", "503"} | ({"414"} if method == "get" else set())
        assert expected <= set(responses), (path, method)
        for status in ("429", "503"):
            assert "Retry-After" in responses[status]["headers"], (path, method, status)


@pytest.mark.parametrize(("status", "name"), [(429, "429"), (503, "503"), (414, "414")])
def test_nginxs_own_replies_match_the_schema_in_every_language(schema, settings, status, name):
    """The JSON deploy/render.py writes for nginx's refusals, in each language."""
    page = (render.ERRORS / "page.html").read_text(encoding="utf-8")

    for code, _ in settings.LANGUAGES:
        with translation.override(code):
            reply = json.loads(render.error_pages(page, code)[f"{name}.{code}.json"])
        for path, method in operations(schema):
            if str(status) in schema["paths"][path][method]["responses"]:
                assert reply_schema(schema, path, method, status).is_valid(reply), (path, code)


def test_an_operations_own_503_keeps_its_words_before_the_refusals(schema):
    """/api/generate's 503 (a puzzle not made in time) keeps its schema, Failure."""
    response = schema["paths"]["/api/generate"]["post"]["responses"]["503"]
    assert response["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/Failure"
    }
    assert "`busy`" in response["description"]
    assert "`out_of_time`" in response["description"]
