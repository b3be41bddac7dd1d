"""The API's docs page in a browser: trying an operation as a person would."""

from __future__ import annotations

import json

from playwright.sync_api import Locator, Page


def try_solving_in_the_api_docs(page: Page, base_url: str, puzzle: str) -> tuple[Locator, dict]:
    """On the open API docs page, "Try it out" POST /api/solve with ``puzzle``:
    the operation's block, and the reply's JSON (the reply must be a 200)."""
    operation = page.locator("#operations-puzzles-solve")
    operation.locator(".opblock-summary").click()
    operation.get_by_role("button", name="Try it out").click()
    operation.locator("textarea.body-param__text").fill(json.dumps({"puzzle": puzzle}))
    with page.expect_response(f"{base_url}/api/solve") as reply:
        operation.get_by_role("button", name="Execute").click()
    assert reply.value.status == 200
    return operation, reply.value.json()
