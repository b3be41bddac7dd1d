"""The library's operations: POST /api/generate, GET /api/puzzles/random,
GET /api/puzzles/{id}, GET /api/daily. Every reply, success or failure,
matches the schema, and failures follow the API's error contract. A puzzle
made for /api/generate is stored only when its url is opened; expert and
extreme come from the library, never from the generator inside a request."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from solver.choices import level_name
from solver.core.database import Lock
from solver.engine import is_valid_solution, parse_puzzle
from solver.engine.levels import LEVELS
from solver.library.models import Puzzle
from tests.support.database import held, postgres_only, taken, waits_briefly
from tests.support.openapi import OPENAPI, reply_schema
from tests.support.stored import store_puzzles

pytestmark = pytest.mark.django_db

GENERATE = "/api/generate"
RANDOM = "/api/puzzles/random"
DAILY = "/api/daily"
FIELDS = {"id", "puzzle", "solution", "level", "score", "hardest", "symmetry", "source", "created"}


@pytest.fixture(scope="module")
def schema(django_db_blocker) -> dict:
    with django_db_blocker.unblock():
        return Client().get(OPENAPI).json()


def generate(client, body: dict, **headers):
    return client.post(GENERATE, body, content_type="application/json", **headers)


def checked(schema: dict, response, path: str, method: str = "get") -> dict:
    """The reply's JSON, once checked against the schema for its path and status."""
    reply = response.json()
    reply_schema(schema, path, method, response.status_code).validate(reply)
    return reply


def assert_out_of_time(reply: dict, *words: str) -> None:
    assert reply["status"] == "error"
    (error,) = reply["errors"]
    assert (error["code"], error["cells"]) == ("out_of_time", [])
    for word in words:
        assert word in error["message"]


# POST /api/generate


def test_generate_makes_a_puzzle_of_the_level_and_stores_nothing(client, schema, time_to_generate):
    response = generate(client, {"level": "easy"})
    assert response.status_code == 200
    reply = checked(schema, response, GENERATE, "post")
    assert set(reply) == FIELDS | {"url", "seed"}
    assert (reply["level"], reply["source"], reply["created"]) == ("easy", "generated", None)
    assert reply["symmetry"] == "rotational"
    assert is_valid_solution(parse_puzzle(reply["puzzle"]), parse_puzzle(reply["solution"]))
    assert reply["url"] == (
        f"http://testserver/new?level=easy&symmetry=rotational&seed={reply['seed']}"
    )
    assert not Puzzle.objects.exists()


def test_opening_a_generated_puzzles_url_stores_it_and_leads_to_its_page(client, time_to_generate):
    reply = generate(client, {"level": "hard", "symmetry": "mirror", "seed": 42}).json()
    opened = client.get(reply["url"])
    assert opened.status_code == 303
    assert opened["Location"] == f"/p/{reply['id']}"
    stored = Puzzle.objects.get()
    assert (stored.pk, stored.givens, stored.source) == (reply["id"], reply["puzzle"], "generated")
    assert client.get(opened["Location"]).status_code == 200
    # Once stored, the same seed gives the stored puzzle and its page.
    again = generate(client, {"level": "hard", "symmetry": "mirror", "seed": 42}).json()
    assert again["url"] == f"http://testserver/p/{stored.pk}"
    assert again["created"] is not None


def test_opening_generate_without_visiting_stores_nothing(client, time_to_generate):
    for seed in range(5):
        assert generate(client, {"level": "easy", "seed": seed}).status_code == 200
    assert not Puzzle.objects.exists()


def test_generate_with_the_same_seed_gives_the_same_puzzle(client, time_to_generate):
    body = {"level": "easy", "symmetry": "mirror", "seed": 2024}
    first, second = generate(client, body).json(), generate(client, body).json()
    assert first["seed"] == second["seed"] == 2024
    assert (first["id"], first["puzzle"]) == (second["id"], second["puzzle"])
    assert first["symmetry"] == "mirror"


def test_a_seed_written_as_a_whole_number_with_a_point_is_that_integer(client, time_to_generate):
    """JSON Schema calls 2024.0 an integer, so the API takes it as 2024."""
    whole = generate(client, {"level": "easy", "seed": 2024}).json()
    pointed = generate(client, {"level": "easy", "seed": 2024.0}).json()
    assert pointed["seed"] == 2024
    assert pointed["puzzle"] == whole["puzzle"]


def test_generate_out_of_time_is_a_503_naming_the_level_and_the_library(
    client, schema, out_of_time
):
    response = generate(client, {"level": "hard"})
    assert response.status_code == 503
    reply = checked(schema, response, GENERATE, "post")
    assert_out_of_time(reply, "No Hard puzzle", "GET /api/puzzles/random?level=hard")
    assert not Puzzle.objects.exists()


def test_generate_within_a_budget_far_too_small_gives_up_at_once(client, settings):
    """The real generator, with no time at all: a 503, not a request that runs on."""
    settings.SUDOKU_GENERATE_SECONDS = 0.000001
    response = generate(client, {"level": "hard"})
    assert response.status_code == 503
    assert_out_of_time(response.json(), "hard")


# Expert and extreme: from the library, never made in a request


@pytest.mark.parametrize("level", ["expert", "extreme"])
def test_an_expert_or_extreme_puzzle_is_never_generated_inside_a_request(
    client, schema, never_generated, level
):
    stored = set(store_puzzles(level, 20, symmetry="rotational"))
    response = generate(client, {"level": level, "seed": 36})
    assert response.status_code == 200
    reply = checked(schema, response, GENERATE, "post")
    assert reply["id"] in {puzzle.pk for puzzle in stored}
    assert reply["seed"] == 36
    assert reply["url"] == f"http://testserver/p/{reply['id']}"
    assert reply["created"] is not None


def test_the_same_seed_gives_the_same_library_puzzle(client, never_generated):
    store_puzzles("extreme", 20, symmetry="rotational")
    replies = [generate(client, {"level": "extreme", "seed": seed}).json() for seed in range(10)]
    again = [generate(client, {"level": "extreme", "seed": seed}).json() for seed in range(10)]
    assert [reply["id"] for reply in again] == [reply["id"] for reply in replies]
    assert len({reply["id"] for reply in replies}) > 1
    drawn = generate(client, {"level": "extreme"}).json()  # a seed drawn, and given back
    assert generate(client, {"level": "extreme", "seed": drawn["seed"]}).json()["id"] == drawn["id"]


def test_a_seeds_pick_keeps_to_the_symmetry_asked_for(client, never_generated):
    store_puzzles("expert", 5, symmetry="rotational")
    mirrored = {puzzle.pk for puzzle in store_puzzles("expert", 5, symmetry="mirror")}
    for seed in range(5):
        reply = generate(client, {"level": "expert", "symmetry": "mirror", "seed": seed}).json()
        assert reply["id"] in mirrored


@pytest.mark.parametrize(
    ("method", "path", "level"),
    [
        ("post", GENERATE, "extreme"),
        ("get", RANDOM, "expert"),
        ("get", DAILY, "extreme"),
    ],
)
def test_an_empty_library_at_the_top_levels_answers_503_not_ready(
    client, schema, never_generated, method, path, level
):
    if method == "post":
        response = generate(client, {"level": level, "seed": 36})
    else:
        response = client.get(f"{path}?level={level}")
    assert response.status_code == 503
    assert response["Retry-After"] == "60"
    (error,) = checked(schema, response, path, method)["errors"]
    assert error["code"] == "not_ready"
    assert f"No {level_name(level)} puzzle is ready yet" in error["message"]
    assert "made ahead of time, never on demand" in error["message"]
    assert not Puzzle.objects.exists()


@pytest.mark.parametrize(
    ("language", "words"),
    [("zh-hans", "极限"), ("zh-hant", "極限"), ("vi", "Cực khó")],
)
def test_an_empty_library_at_extreme_answers_503_in_the_readers_language(
    client, never_generated, language, words
):
    response = generate(client, {"level": "extreme"}, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 503
    message = response.json()["errors"][0]["message"]
    assert words in message
    assert "ready yet" not in message


@pytest.mark.parametrize(
    ("body", "code", "field"),
    [
        ({"level": "impossible"}, "not_a_choice", "level"),
        ({"level": 3}, "not_a_choice", "level"),
        ({"symmetry": "spiral"}, "not_a_choice", "symmetry"),
        ({"seed": -1}, "out_of_range", "seed"),
        ({"seed": 2**63}, "out_of_range", "seed"),
        ({"seed": "12"}, "not_an_integer", "seed"),
        ({"seed": 1.5}, "not_an_integer", "seed"),
        ({"seed": True}, "not_an_integer", "seed"),
        ({"colour": "red"}, "unknown_field", "colour"),
    ],
)
def test_generate_names_a_bad_field(client, schema, body, code, field):
    response = generate(client, body)
    assert response.status_code == 400
    reply = checked(schema, response, GENERATE, "post")
    assert reply["status"] == "invalid"
    (error,) = reply["errors"]
    assert error["code"] == code
    assert f"“{field}”" in error["message"]


def test_generate_wants_a_json_object(client, schema):
    response = client.post(GENERATE, [], content_type="application/json")
    assert response.status_code == 400
    (error,) = checked(schema, response, GENERATE, "post")["errors"]
    assert error["code"] == "not_an_object"
    assert "/api/docs" in error["message"]


def test_generate_reads_only_json(client, schema):
    response = client.post(GENERATE, "level=easy", content_type="application/x-www-form-urlencoded")
    assert response.status_code == 415
    checked(schema, response, GENERATE, "post")


def test_generate_is_post_only(client):
    response = client.get(GENERATE)
    assert response.status_code == 405
    assert response.json()["errors"][0]["code"] == "method_not_allowed"


# GET /api/puzzles/random and /api/puzzles/{id}


def test_random_gives_a_stored_puzzle_of_the_level(client, schema):
    store_puzzles("easy", 5)
    hard = {puzzle.pk for puzzle in store_puzzles("hard", 5)}
    for _ in range(5):
        response = client.get(RANDOM + "?level=hard")
        assert response.status_code == 200
        reply = checked(schema, response, RANDOM)
        assert set(reply) == FIELDS | {"url"}
        assert reply["id"] in hard
    assert Puzzle.objects.count() == 10  # nothing generated


def test_random_without_a_level_gives_a_medium_puzzle(client):
    (medium,) = store_puzzles("medium")
    store_puzzles("easy")
    assert client.get(RANDOM).json()["id"] == medium.pk


def test_random_generates_one_when_the_library_has_none_of_the_level(client, time_to_generate):
    store_puzzles("hard")
    reply = client.get(RANDOM + "?level=easy").json()
    assert (reply["level"], reply["source"]) == ("easy", "generated")
    assert Puzzle.objects.filter(level="easy").count() == 1


@postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_pick_kept_waiting_for_the_library_is_a_503_busy(client, schema, time_to_generate):
    """On PostgreSQL, another worker storing a puzzle holds the library's lock
    past the wait: the puzzle made for the pick cannot be stored yet."""
    with held(taken(Lock.LIBRARY)), waits_briefly():
        response = client.get(RANDOM + "?level=easy")
    assert response.status_code == 503
    assert response["Retry-After"] == "2"
    reply = checked(schema, response, "/api/puzzles/random")
    assert [error["code"] for error in reply["errors"]] == ["busy"]
    assert not Puzzle.objects.exists()


@pytest.mark.parametrize(("path", "level"), [(RANDOM, "hard"), (DAILY, "medium")])
def test_a_pick_the_library_lacks_and_out_of_time_is_a_503(
    client, schema, out_of_time, path, level
):
    response = client.get(f"{path}?level={level}")
    assert response.status_code == 503
    assert_out_of_time(checked(schema, response, path), f"no {level_name(level)} puzzle")


def test_out_of_time_names_the_level_in_the_readers_language_and_its_id_in_the_address(
    client, out_of_time
):
    reply = generate(client, {"level": "hard"}, HTTP_ACCEPT_LANGUAGE="zh-hant").json()
    message = reply["errors"][0]["message"]
    assert "困難" in message
    assert "?level=hard" in message
    assert "hard題目" not in message


def test_random_names_an_unknown_level(client, schema):
    response = client.get(RANDOM + "?level=tricky")
    assert response.status_code == 400
    (error,) = checked(schema, response, RANDOM)["errors"]
    assert error["code"] == "not_a_choice"
    assert "“level”" in error["message"]


def test_a_stored_puzzle_is_read_by_its_id(client, schema):
    (puzzle,) = store_puzzles("expert", source="serg")
    response = client.get(f"/api/puzzles/{puzzle.pk}")
    assert response.status_code == 200
    reply = checked(schema, response, "/api/puzzles/{puzzle_id}")
    assert reply["id"] == puzzle.pk
    assert (reply["puzzle"], reply["solution"]) == (puzzle.givens, puzzle.solution)
    assert (reply["level"], reply["score"]) == ("expert", puzzle.score)
    assert reply["hardest"] == "xy-chain"
    assert (reply["symmetry"], reply["source"]) == ("none", "serg")


@pytest.mark.parametrize("puzzle_id", ["nope", "a" * 12, "x" * 300])
def test_an_unknown_id_is_a_404_in_the_contract(client, schema, puzzle_id):
    response = client.get(f"/api/puzzles/{puzzle_id}")
    assert response.status_code == 404
    reply = checked(schema, response, "/api/puzzles/{puzzle_id}")
    assert reply["status"] == "error"
    assert reply["errors"][0]["code"] == "not_found"


# GET /api/daily


def test_daily_gives_the_days_puzzle_and_the_day(client, schema):
    for level in LEVELS:
        store_puzzles(level, 10)
    response = client.get(DAILY + "?level=hard")
    assert response.status_code == 200
    reply = checked(schema, response, DAILY)
    assert set(reply) == FIELDS | {"url", "day"}
    assert reply["day"] == timezone.localdate().isoformat()
    assert reply["level"] == "hard"


def test_daily_is_the_same_all_day_and_the_same_as_the_page(client):
    for level in LEVELS:
        store_puzzles(level, 10)
    first = client.get(DAILY + "?level=medium").json()
    store_puzzles("medium", 10)
    assert client.get(DAILY + "?level=medium").json()["id"] == first["id"]
    assert f"/p/{first['id']}" in client.get("/daily").content.decode()


def test_daily_names_an_unknown_level(client, schema):
    response = client.get(DAILY + "?level=tricky")
    assert response.status_code == 400
    assert checked(schema, response, DAILY)["errors"][0]["code"] == "not_a_choice"


# The schema


def test_the_library_operations_are_in_the_schema_with_examples(schema):
    paths = schema["paths"]
    assert set(paths[GENERATE]) == {"post"}
    # With the refusals every operation lists (solver/api/openapi.py): 429, 503; a GET's 414.
    assert set(paths[GENERATE]["post"]["responses"]) == {"200", "400", "413", "415", "429", "503"}
    assert set(paths[RANDOM]["get"]["responses"]) == {"200", "400", "414", "429", "503"}
    assert set(paths["/api/puzzles/{puzzle_id}"]["get"]["responses"]) == {
        "200", "404", "414", "429", "503",
    }  # fmt: skip
    assert set(paths[DAILY]["get"]["responses"]) == {"200", "400", "414", "429", "503"}
    made = schema["components"]["schemas"]["GeneratedOut"]["properties"]["created"]
    assert {"type": "null"} in made["anyOf"]  # a puzzle made for the reply is not stored
    body = schema["components"]["schemas"]["GenerateIn"]
    assert body["additionalProperties"] is False
    assert body.get("required", []) == []
    assert body["examples"] == [{"level": "hard", "symmetry": "rotational", "seed": 2024}]
    integer, null = body["properties"]["seed"]["anyOf"]
    assert integer == {"type": "integer", "minimum": 0, "maximum": 2**63 - 1}
    assert null == {"type": "null"}
    level = next(p for p in paths[RANDOM]["get"]["parameters"] if p["name"] == "level")
    assert level["in"] == "query"
    assert level["required"] is False
