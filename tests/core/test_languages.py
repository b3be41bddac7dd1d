"""solver.core.languages: every reply Django makes names both things that
chose its language in Vary, the header and the switcher's cookie."""

import pytest

PATHS = ["/index", "/jsi18n", "/api/validate?puzzle=" + "." * 81, "/api/no/such/operation"]


@pytest.mark.parametrize("path", PATHS)
def test_a_reply_varies_by_the_language_cookie_and_accept_language(client, path):
    reply = client.get(path, HTTP_ACCEPT_LANGUAGE="vi")
    vary = {name.strip() for name in reply["Vary"].split(",")}
    assert {"Accept-Language", "Cookie"} <= vary, reply["Vary"]


def test_the_cookie_chooses_the_apis_words(client):
    """Why Vary must name it: one address, two cookies, two languages."""
    path = "/api/validate?puzzle=" + "x" * 81
    messages = []
    for language in ("en", "vi"):
        client.cookies["django_language"] = language
        messages.append(client.get(path).json()["errors"][0]["message"])
    assert messages[0] != messages[1]
