"""The API's operations: each verdict, right, with the givens kept and the same
codes and messages as the pages."""

from __future__ import annotations

import pytest

from solver.engine import is_valid_solution, parse_puzzle
from tests.support.puzzles import (
    FAMOUS_UNIQUE,
    HARD,
    HARD1,
    HARD_SOLUTION,
    IMPOSSIBLE,
    NO_SOLUTION,
    NO_SOLUTION_AFTER_SEARCH,
    sample,
    tiered,
)

SOLVE, VALIDATE = "/api/solve", "/api/validate"


def post(client, path: str, puzzle) -> object:
    return client.post(path, {"puzzle": puzzle}, content_type="application/json")


def grid(line: str) -> tuple[int, ...]:
    return parse_puzzle(line)


def test_a_unique_puzzle_gets_its_solution_and_figures(client):
    response = post(client, SOLVE, HARD)
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "unique"
    assert body["solution"] == HARD_SOLUTION
    assert body["solutions"] == 1
    assert body["givens"] == HARD
    assert body["guesses"] >= 0
    assert body["elapsed_ms"] > 0
    assert list(body) == [
        "status",
        "solutions",
        "givens",
        "guesses",
        "elapsed_ms",
        "size",
        "box",
        "rules",
        "rules_text",
        "fpuzzles",
        "solution",
        "difficulty",
    ]
    assert body["rules"] == ["classic"]
    assert body["rules_text"] == ""


def test_a_unique_puzzle_is_rated_as_the_teacher_rates_its_steps(client):
    # A puzzle the search needs guesses for is rated off the answer's path...
    assert post(client, SOLVE, HARD).json()["difficulty"] is None
    rated = client.get("/api/rating", {"puzzle": HARD}).json()
    steps = client.post("/api/steps", {"puzzle": HARD}, content_type="application/json")
    assert rated["difficulty"] == steps.json()["difficulty"]
    assert rated["difficulty"]["level"] in ("easy", "medium", "hard", "expert", "extreme")
    # ...and its rating, once kept, comes with every answer at once.
    assert post(client, SOLVE, HARD).json()["difficulty"] == rated["difficulty"]


def test_an_easy_puzzle_is_rated_easy_by_its_singles(client):
    easy = "." * 10 + HARD_SOLUTION[10:]  # a full house in each column, then in row 2
    body = post(client, SOLVE, easy).json()
    assert body["difficulty"]["level"] == "easy"
    assert body["difficulty"]["hardest"] in ("full-house", "hidden-single", "naked-single")


def test_a_puzzle_without_one_solution_has_no_difficulty(client):
    for puzzle in (NO_SOLUTION, "." * 81):
        assert post(client, SOLVE, puzzle).json()["difficulty"] is None
    assert "difficulty" not in post(client, VALIDATE, HARD).json()


# Each reply rates its puzzle by the teacher's whole walk: a few in the fast tier.
@pytest.mark.parametrize(
    "puzzle",
    tiered(sample("top1465.txt", 12), fast=2) + tiered(sample("seventeen_clue.txt", 12), fast=2),
)
def test_every_solution_from_the_shared_sets_is_valid_and_keeps_the_givens(client, puzzle):
    body = post(client, SOLVE, puzzle).json()
    assert body["status"] == "unique"
    assert is_valid_solution(grid(puzzle), grid(body["solution"]))


@pytest.mark.parametrize("puzzle", sample("serg_multi.txt", 6))
def test_a_puzzle_with_several_solutions_is_multiple_and_shows_one(client, puzzle):
    body = post(client, SOLVE, puzzle).json()
    assert (body["status"], body["solutions"]) == ("multiple", 2)
    assert is_valid_solution(grid(puzzle), grid(body["solution"]))


def test_norvigs_hard1_is_multiple_within_the_guess_budget(client):
    body = post(client, SOLVE, HARD1).json()
    assert (body["status"], body["solutions"]) == ("multiple", 2)
    assert is_valid_solution(grid(HARD1), grid(body["solution"]))


@pytest.mark.slow  # each reply rates its puzzle: seconds of the teacher's chains
@pytest.mark.parametrize("name", list(FAMOUS_UNIQUE))
def test_famous_hard_puzzles_are_unique(client, name):
    body = post(client, SOLVE, FAMOUS_UNIQUE[name]).json()
    assert body["status"] == "unique"
    assert is_valid_solution(grid(FAMOUS_UNIQUE[name]), grid(body["solution"]))


@pytest.mark.parametrize("puzzle", [NO_SOLUTION, NO_SOLUTION_AFTER_SEARCH, IMPOSSIBLE])
def test_a_puzzle_without_a_solution_is_none(client, puzzle):
    body = post(client, SOLVE, puzzle).json()
    assert (body["status"], body["solutions"], body["solution"]) == ("none", 0, None)


def test_a_search_out_of_time_gave_up(client, settings):
    settings.SUDOKU_SOLVE_SECONDS = 0.0
    body = post(client, SOLVE, sample("forum_hardest_1106.txt", 1)[0]).json()
    assert body["status"] == "gave_up"
    assert body["solutions"] in (0, 1)


def test_the_empty_grid_has_many_solutions(client):
    body = post(client, SOLVE, "." * 81).json()
    assert body["status"] == "multiple"


def test_any_format_the_site_reads_is_read(client):
    drawn = "\n".join(" ".join(HARD[row * 9 : row * 9 + 9]).replace(".", "0") for row in range(9))
    link = f"https://example.org/?bd={HARD.replace('.', '0')}"
    for text in (drawn, link, HARD.replace(".", "_")):
        assert post(client, SOLVE, text).json()["solution"] == HARD_SOLUTION


def test_the_link_form_answers_as_the_post(client):
    response = client.get(SOLVE, {"puzzle": HARD})
    assert response.status_code == 200
    assert response.json()["solution"] == HARD_SOLUTION


def test_validate_gives_the_verdict_without_the_solution(client):
    for response in (post(client, VALIDATE, HARD), client.get(VALIDATE, {"puzzle": HARD})):
        body = response.json()
        assert response.status_code == 200
        assert body["status"] == "unique"
        assert "solution" not in body
        assert body["givens"] == HARD


def test_conflicting_givens_are_invalid_with_the_cells_at_fault(client):
    response = post(client, SOLVE, "5....5" + "." * 75)
    assert response.status_code == 400
    assert response.json() == {
        "status": "invalid",
        "errors": [
            {
                "code": "conflict",
                "message": "Two 5s in row 1 (columns 1 and 6).",
                "cells": [[1, 1], [1, 6]],
            }
        ],
    }


def test_unreadable_text_gets_the_parsers_codes_and_messages(client):
    body = post(client, VALIDATE, "12x" + "." * 78).json()
    assert body["status"] == "invalid"
    [error] = body["errors"]
    assert error["code"] == "bad_character"
    assert "“x” at position 3" in error["message"]
    assert error["cells"] == []


@pytest.mark.parametrize(
    ("text", "code"),
    [("", "too_few_cells"), ("1" * 80, "too_few_cells"), ("1" * 82, "too_many_cells")],
)
def test_a_wrong_number_of_cells_is_named(client, text, code):
    body = post(client, SOLVE, text).json()
    assert [error["code"] for error in body["errors"]] == [code]


def test_the_api_and_the_page_give_the_same_message(client):
    text = "5....5" + "." * 75
    page = client.post("/answer", {"puzzle": text}).content.decode()
    message = post(client, SOLVE, text).json()["errors"][0]["message"]
    assert message in page
