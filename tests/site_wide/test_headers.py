"""Every reply carries the security headers and the strict Content-Security-Policy:
pages, API replies, the API's JSON errors, and the HTML error pages (400, 403,
404, 500), which show no traceback and need no inline code.

Static files are nginx's in production: tests/deployment/test_stack.py checks their headers.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import PermissionDenied
from django.test import Client
from django.urls import path

from solver.batches.models import PASTED
from solver.batches.store import create_batch, run_slice
from sudoku_site import urls as site_urls
from tests.support.puzzles import HARD

POLICY = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self' data:",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}
HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
}
SECRET = "a detail of the failure no visitor may see"


def fails(request):
    raise RuntimeError(SECRET)


def forbidden(request):
    raise PermissionDenied(SECRET)


# This module is also the URLconf of the tests marked with it: the site's
# addresses, and three that fail.
urlpatterns = [
    path("fails", fails),
    path("forbidden", forbidden),
    path("api/fails", fails),
    *site_urls.urlpatterns,
]


def policy_of(response) -> dict[str, str]:
    """The Content-Security-Policy header as {directive: sources}."""
    header = response.headers.get("Content-Security-Policy", "")
    pairs = (part.strip().split(" ", 1) for part in header.split(";") if part.strip())
    return {name: sources for name, sources in pairs}


def assert_secured(response) -> None:
    """The reply has the strict policy and every other security header."""
    assert policy_of(response) == POLICY
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value, name
    # The site is plain HTTP in the tests: HSTS belongs to HTTPS (test_settings.py).
    assert "Strict-Transport-Security" not in response.headers


def assert_plain_error_page(response, status: int, heading: str) -> None:
    """An HTML error page with its own heading, no traceback, and no inline code."""
    assert response.status_code == status
    assert response["Content-Type"].startswith("text/html")
    body = response.content.decode()
    assert f"<h1>{heading}</h1>" in body
    assert "Traceback" not in body
    assert SECRET not in body
    assert "<style" not in body
    assert "style=" not in body
    assert "<script" not in body
    assert_secured(response)


@pytest.fixture
def failing_client() -> Client:
    """A client that gets the 500 page, as a browser would, instead of the exception."""
    return Client(raise_request_exception=False)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "address", ["/index", f"/index?puzzle={HARD}", f"/answer?puzzle={HARD}", "/batch"]
)
def test_pages_carry_the_headers(client, address):
    response = client.get(address)
    assert response.status_code == 200
    assert_secured(response)


@pytest.mark.django_db
def test_a_batch_batchs_pages_and_csv_carry_the_headers(client):
    batch = create_batch(PASTED, "\n".join([HARD] * 3))
    assert_secured(client.get(f"/batch/{batch.pk}"))
    step = client.post(f"/batch/{batch.pk}/step", HTTP_ACCEPT="application/json")
    assert step.status_code == 200
    assert_secured(step)
    run_slice(batch, 10.0)
    assert_secured(client.get(f"/batch/{batch.pk}"))
    assert_secured(client.get(f"/batch/{batch.pk}.csv"))


def test_the_csrf_cookie_is_http_only_and_same_site_strict(client):
    cookie = client.get("/index").cookies["csrftoken"]
    assert cookie["httponly"] is True
    assert cookie["samesite"] == "Strict"
    assert not cookie["secure"]  # plain HTTP here; test_settings.py checks HTTPS


@pytest.mark.parametrize("address", ["/api/docs", "/api/openapi.json", f"/api/solve?puzzle={HARD}"])
def test_api_replies_carry_the_headers(client, address):
    response = client.get(address)
    assert response.status_code == 200
    assert_secured(response)


def test_an_api_post_carries_the_headers(client):
    response = client.post("/api/validate", {"puzzle": HARD}, content_type="application/json")
    assert response.status_code == 200
    assert_secured(response)


@pytest.mark.parametrize(
    ("method", "address", "status"),
    [
        ("post", "/api/solve", 400),  # no body
        ("get", "/api/solve?puzzle=5", 400),
        ("get", "/api/no-such-operation", 404),
        ("put", "/api/solve", 405),
        ("post_text", "/api/solve", 415),
    ],
)
def test_api_json_errors_carry_the_headers(client, method, address, status):
    if method == "post_text":
        response = client.post(address, "puzzle", content_type="text/plain")
    else:
        response = getattr(client, method)(address, content_type="application/json")
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    assert_secured(response)


def test_a_missing_page_is_the_sites_404(client):
    assert_plain_error_page(client.get("/no/such/page"), 404, "Page not found")


def test_a_host_not_allowed_is_the_sites_400(client):
    response = client.get("/index", HTTP_HOST="evil.example")
    assert_plain_error_page(response, 400, "Bad request")


def test_a_host_not_allowed_under_the_api_is_json(client):
    response = client.get(f"/api/solve?puzzle={HARD}", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert_secured(response)


def test_a_form_without_its_csrf_token_is_the_sites_403():
    client = Client(enforce_csrf_checks=True)
    response = client.post("/answer", {"paste": HARD})
    assert_plain_error_page(response, 403, "Not allowed")
    body = response.content.decode()
    assert "The form could not be checked" in body
    assert "CSRF verification failed" not in body  # Django's own page, with its inline style


@pytest.mark.urls("tests.site_wide.test_headers")
def test_a_refusal_is_the_sites_403(client):
    assert_plain_error_page(client.get("/forbidden"), 403, "Not allowed")


@pytest.mark.urls("tests.site_wide.test_headers")
def test_a_failing_view_is_the_sites_500_without_a_traceback(failing_client, caplog):
    response = failing_client.get("/fails")
    assert_plain_error_page(response, 500, "Server error")
    assert SECRET in caplog.text  # logged for the operator, never shown


@pytest.mark.urls("tests.site_wide.test_headers")
def test_a_failing_api_view_is_a_json_500_with_the_headers(failing_client):
    response = failing_client.get("/api/fails")
    assert response.status_code == 500
    assert response["Content-Type"] == "application/json"
    assert SECRET not in response.content.decode()
    assert_secured(response)
