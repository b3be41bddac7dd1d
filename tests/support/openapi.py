"""The API's OpenAPI schema, read by the tests that check replies against it."""

from __future__ import annotations

import jsonschema_rs

OPENAPI = "/api/openapi.json"


def reply_schema(schema: dict, path: str, method: str, status: int) -> jsonschema_rs.Validator:
    """A validator for the JSON the schema promises for ``method path`` and ``status``."""
    response = schema["paths"][path][method]["responses"][str(status)]
    shape = response["content"]["application/json"]["schema"]
    return jsonschema_rs.validator_for({**shape, "components": schema["components"]})
