"""The rule for addresses: no page's address ends in a slash, and the other
spelling, with one, leads to the page with its query kept (a posted form
posted again); the API's addresses are exact."""

import uuid

import pytest
from django.urls import reverse

from solver.addresses import answer_url, batch_url, library_url, steps_url
from solver.engine import parse_puzzle
from tests.support.puzzles import HARD
from tests.support.stored import finished_batch

PAGES = ["index", "answer", "steps", "play", "new", "library", "daily", "batch", "ping"]


def test_no_address_the_site_writes_ends_in_a_slash():
    grid = parse_puzzle(HARD)
    written = [reverse(f"solver:{name}") for name in PAGES]
    written += [answer_url(grid), steps_url(grid, 3), library_url("hard", 2)]
    written += [batch_url(uuid.uuid4())]
    written += [reverse("set_language"), reverse("javascript-catalog")]
    assert [address for address in written if address.partition("?")[0].endswith("/")] == []


@pytest.mark.parametrize("name", PAGES)
def test_each_page_is_found_by_its_address_with_a_slash_too(client, name):
    address = reverse(f"solver:{name}")
    response = client.get(address + "/", {"level": "easy"})
    assert response.status_code == 301
    assert response["Location"] == address + "?level=easy"


@pytest.mark.django_db
def test_a_batchs_pages_are_found_with_a_slash_too(client):
    batch = finished_batch([HARD])
    response = client.get(f"/batch/{batch.pk}/", {"status": "unique"})
    assert (response.status_code, response["Location"]) == (301, f"/batch/{batch.pk}?status=unique")
    assert client.get(response["Location"]).status_code == 200


def test_a_form_posted_to_the_old_spelling_is_posted_again(client):
    response = client.post("/answer/", {"puzzle": HARD})
    assert (response.status_code, response["Location"]) == (308, "/answer")
    followed = client.post("/answer/", {"puzzle": HARD}, follow=True)
    assert followed.redirect_chain == [("/answer", 308), (answer_url(parse_puzzle(HARD)), 303)]
    assert followed.status_code == 200


def test_several_slashes_lead_to_the_page_at_once(client):
    assert client.get("/library//")["Location"] == "/library"


def test_an_address_that_is_no_page_with_or_without_its_slash_is_not_found(client):
    assert client.get("/nothing-here/").status_code == 404
    assert client.get("/batch/12345/").status_code == 404


def test_the_apis_addresses_are_exact(client):
    response = client.get("/api/solve/", {"puzzle": HARD})
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
