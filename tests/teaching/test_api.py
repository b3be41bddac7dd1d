"""The teacher's operations: POST /api/steps and /api/hint read a person's
board (givens, progress, candidates), answer with the verdict, the steps and
their sentences, flag a board that departs from the solution, and fail as
/api/solve does. HoDoKu's regression cases, written other ways, pass through
them as through the engine."""

from __future__ import annotations

from random import Random

import pytest

from bench.sets import spread
from solver.engine import STANDARD, parse_puzzle
from solver.engine.links import read_link
from solver.engine.marks import Marks, digits_of
from solver.engine.steps import Pattern, Step
from solver.engine.symmetry import random_transform
from solver.engine.techniques import TECHNIQUES
from solver.teaching import lessons
from tests.support.puzzles import HARD, HARD_SOLUTION, NO_SOLUTION, load
from tests.support.reglib import TECHNIQUE_OF_CODE, cases_of, check, transformed
from tests.support.variants import first_of_each_kind

STEPS, HINT, CANDIDATES = "/api/steps", "/api/hint", "/api/candidates"
SOLUTION = parse_puzzle(HARD_SOLUTION)
IMPLEMENTED = sorted(set(TECHNIQUES) & set(TECHNIQUE_OF_CODE.values()))
CASES_PER_TECHNIQUE = 4


def post(client, path: str, **body):
    return client.post(path, body, content_type="application/json")


def ok(client, path: str, **body) -> dict:
    response = post(client, path, **body)
    assert response.status_code == 200, response.content
    return response.json()


def errors(client, path: str, **body) -> list[dict]:
    response = post(client, path, **body)
    assert response.status_code == 400, response.content
    assert response.json()["status"] == "invalid"
    return response.json()["errors"]


def pencilled(marks: Marks) -> list[str]:
    return ["".join(map(str, digits_of(mask))) for mask in marks.candidates]


def cell_of(pair: list[int]) -> int:
    row, column = pair
    return (row - 1) * 9 + column - 1


def as_step(shown: dict) -> Step:
    """A step of a reply as the engine writes it (cells from 0), for ``reglib.check``
    (which tells a technique's forms apart by the message, as the library does)."""

    def moves(key):
        return tuple((cell_of(move["cell"]), move["digit"]) for move in shown[key])

    digits = tuple(shown["pattern"]["digits"])
    return Step(
        shown["technique"],
        moves("placements"),
        moves("eliminations"),
        Pattern(digits=digits),
        message=shown["message"],
    )


def api_finder(client, technique: str):
    """A finder that asks POST /api/steps for every instance of ``technique`` on a board."""

    def find(marks: Marks):
        body = ok(
            client,
            STEPS,
            puzzle="".join(str(digit or ".") for digit in marks.digits),
            candidates=pencilled(marks),
            techniques=[technique],
            all=True,
        )
        assert {step["technique"] for step in body["steps"]} <= {technique}
        return [as_step(step) for step in body["steps"]]

    return find


@pytest.mark.parametrize("technique", IMPLEMENTED)
def test_regression_cases_written_other_ways_pass_through_the_api(client, technique):
    chosen = [case for _, case in spread(cases_of(technique), CASES_PER_TECHNIQUE)]
    copies = [transformed(c, random_transform(STANDARD, Random(c.line))) for c in chosen]
    problems = [p for case in copies if (p := check(case, api_finder(client, technique)))]
    assert not problems, "\n".join(problems)


# Steps


def test_the_steps_solve_the_puzzle_with_sentences_and_a_difficulty(client):
    body = ok(client, STEPS, puzzle=HARD)
    assert list(body) == [
        "status",
        "difficulty",
        "rules",
        "size",
        "box",
        "steps",
        "wrong",
        "warning",
    ]
    assert (body["size"], body["box"]) == (9, [3, 3])
    assert body["status"] == "unique"
    assert set(body["difficulty"]) == {"level", "score", "hardest"}
    assert body["difficulty"]["hardest"] in {step["technique"] for step in body["steps"]}
    grid = list(parse_puzzle(HARD))
    for number, step in enumerate(body["steps"], 1):
        assert step["number"] == number
        assert step["text"]
        assert step["look"].startswith(("Look at", "No technique"))
        for move in step["placements"]:
            grid[cell_of(move["cell"])] = move["digit"]
    assert tuple(grid) == SOLUTION
    assert (body["wrong"], body["warning"]) == ([], None)


def test_all_lists_instances_without_applying_them(client):
    progress = HARD_SOLUTION[:40] + "." * 41
    body = ok(client, STEPS, puzzle=HARD, progress=progress, techniques=["hidden-single"], all=True)
    marks = Marks.from_grid(parse_puzzle(HARD_SOLUTION[:40] + HARD[40:]), STANDARD)
    on_the_board = list(TECHNIQUES["hidden-single"](marks))
    assert len(on_the_board) > 1
    assert [as_step(step).placements for step in body["steps"]] == [
        step.placements for step in on_the_board
    ]
    assert {step["technique"] for step in body["steps"]} == {"hidden-single"}
    assert body["difficulty"] is None


def test_progress_continues_from_the_digits_placed(client):
    progress = HARD_SOLUTION[:30] + "." * 51
    body = ok(client, STEPS, puzzle=HARD, progress=progress)
    placed = [cell_of(m["cell"]) for step in body["steps"] for m in step["placements"]]
    assert placed
    assert min(placed) >= 30


def test_wrong_candidates_are_accepted_and_the_cells_named(client):
    marks = Marks.from_grid(parse_puzzle(HARD), STANDARD)
    candidates = pencilled(marks)
    candidates[1] = candidates[1].replace(str(SOLUTION[1]), "")  # r1c2 loses its digit
    body = ok(client, HINT, puzzle=HARD, candidates=candidates)
    assert body["wrong"] == [[1, 2]]
    assert "may be wrong" in body["warning"]
    assert len(body["steps"]) == 1


def test_a_cell_without_notes_null_keeps_what_the_rules_allow(client):
    everywhere = pencilled(Marks.from_grid(parse_puzzle(HARD), STANDARD))
    some = [None] * 81
    some[1] = everywhere[1]
    assert ok(client, HINT, puzzle=HARD, candidates=some) == ok(client, HINT, puzzle=HARD)
    some[1] = everywhere[1].replace(str(SOLUTION[1]), "")  # only the cell pencilled is judged
    assert ok(client, HINT, puzzle=HARD, candidates=some)["wrong"] == [[1, 2]]


def test_the_candidates_are_what_the_digits_placed_allow(client):
    progress = HARD_SOLUTION[:30] + "." * 51
    body = ok(client, CANDIDATES, puzzle=HARD, progress=progress)
    digits = parse_puzzle(HARD_SOLUTION[:30] + HARD[30:])
    assert body["candidates"] == pencilled(Marks.from_grid(digits, STANDARD))
    assert body["conflicts"] == []
    assert ok(client, CANDIDATES, puzzle=HARD)["candidates"] == pencilled(
        Marks.from_grid(parse_puzzle(HARD), STANDARD)
    )


def test_digits_that_clash_are_named_as_conflicts_and_still_get_candidates(client):
    cell = HARD.index(".")  # r1c2, beside the given 4 at r1c1
    progress = "." * cell + HARD[0] + "." * (80 - cell)
    body = ok(client, CANDIDATES, puzzle=HARD, progress=progress)
    [conflict] = body["conflicts"]
    assert conflict["code"] == "conflict"
    assert conflict["cells"] == [[1, 1], [1, 2]]
    assert len(body["candidates"]) == 81
    assert body["candidates"][cell] == ""


def test_givens_that_clash_are_conflicts_too_so_a_grid_being_typed_is_checked(client):
    body = ok(client, CANDIDATES, puzzle="5....5" + "." * 75)
    [conflict] = body["conflicts"]
    assert (conflict["code"], conflict["cells"]) == ("conflict", [[1, 1], [1, 6]])
    assert body["candidates"][1] == "12346789"
    assert errors(client, CANDIDATES, puzzle="5....x" + "." * 75)[0]["code"] != "conflict"


def test_candidates_of_unreadable_progress_name_the_cells(client):
    [error] = errors(client, CANDIDATES, puzzle=HARD, progress="x" + "." * 80)
    assert (error["code"], error["cells"]) == ("progress_not_a_digit", [[1, 1]])


def test_a_wrong_digit_placed_makes_the_board_unsolvable_and_is_named(client):
    marks = Marks.from_grid(parse_puzzle(HARD), STANDARD)
    cell, digit = next((c, d) for c, d in marks.pencilled() if d != SOLUTION[c])
    progress = "." * cell + str(digit) + "." * (80 - cell)
    body = ok(client, HINT, puzzle=HARD, progress=progress)
    assert (body["status"], body["steps"]) == ("none", [])
    assert body["wrong"] == [[cell // 9 + 1, cell % 9 + 1]]


def test_a_puzzle_without_solution_gets_no_steps(client):
    body = ok(client, STEPS, puzzle=NO_SOLUTION)
    assert (body["status"], body["steps"], body["difficulty"]) == ("none", [], None)


def test_a_hint_is_the_first_step_of_the_steps(client):
    hint = ok(client, HINT, puzzle=HARD)
    first = ok(client, STEPS, puzzle=HARD)["steps"][0]
    assert [{**hint["steps"][0], "drawing": None}] == [first]
    assert hint["difficulty"] is None


def test_only_a_hint_carries_its_steps_drawing(client):
    """The hint's step holds its SVG (decorative); the steps' list does not
    draw hundreds of them."""
    chain = load("top1465.txt")[0]
    board = lessons.read_board(chain)
    walked = lessons.lesson(board)
    before = next(view for view in walked.steps if view.technique == "aic").before
    candidates = ["".join(map(str, each)) for each in before.candidates]
    progress = "".join(str(digit or ".") for digit in before.digits)
    hint = ok(client, HINT, puzzle=chain, progress=progress, candidates=candidates)
    (step,) = hint["steps"]
    assert step["technique"] == "aic"
    assert step["drawing"].startswith('<svg class="step-drawing"')
    assert 'aria-hidden="true"' in step["drawing"]
    assert 'class="link strong"' in step["drawing"]
    assert 'class="link weak"' in step["drawing"]
    assert all(each["drawing"] is None for each in ok(client, STEPS, puzzle=HARD)["steps"])


def test_a_solved_board_gets_no_hint(client):
    body = ok(client, HINT, puzzle=HARD, progress=HARD_SOLUTION)
    assert (body["status"], body["steps"]) == ("unique", [])


# Errors, as /api/solve gives them


def test_givens_that_conflict_get_the_solve_operations_error(client):
    text = "5....5" + "." * 75
    solve = post(client, "/api/solve", puzzle=text).json()["errors"]
    assert errors(client, STEPS, puzzle=text) == solve


def test_progress_that_is_not_digits_names_the_cells(client):
    [error] = errors(client, HINT, puzzle=HARD, progress="x" + "." * 79 + "?")
    assert (error["code"], error["cells"]) == ("progress_not_a_digit", [[1, 1], [9, 9]])


def test_progress_of_the_wrong_length_is_refused(client):
    assert errors(client, STEPS, puzzle=HARD, progress="...")[0]["code"] == "progress_length"


def test_candidates_that_are_not_digits_name_the_cells(client):
    candidates = pencilled(Marks.from_grid(parse_puzzle(HARD), STANDARD))
    candidates[10] = "1x"
    [error] = errors(client, STEPS, puzzle=HARD, candidates=candidates)
    assert (error["code"], error["cells"]) == ("candidates_not_digits", [[2, 2]])


def test_candidates_of_the_wrong_shape_are_refused(client):
    assert errors(client, STEPS, puzzle=HARD, candidates=["1"])[0]["code"] == "candidates_length"


def test_unknown_technique_ids_are_named(client):
    [error] = errors(client, STEPS, puzzle=HARD, techniques=["x-wing", "magic", "trick"])
    assert error["code"] == "unknown_technique"
    assert "“magic”, “trick”" in error["message"]
    assert "x-wing" not in error["message"]


def test_unknown_fields_are_named(client):
    [error] = errors(client, HINT, puzzle=HARD, level=3)
    assert error["code"] == "unknown_field"
    assert "“level”" in error["message"]


def test_a_body_that_is_not_json_gets_415_and_a_large_one_413(client):
    response = client.post(STEPS, {"puzzle": HARD})
    assert response.status_code == 415
    large = '{"puzzle": "' + "." * 70_000 + '"}'
    assert client.post(HINT, large, content_type="application/json").status_code == 413


@pytest.mark.parametrize("path", ["/api/steps", "/api/hint", "/api/candidates"])
def test_every_reply_states_the_classic_rules_it_follows(client, path):
    assert ok(client, path, puzzle=HARD)["rules"] == ["classic"]


def candidates_of(client, grid: str, rules: str) -> dict:
    return ok(client, "/api/candidates", puzzle=grid, rules=rules)


EMPTY = "." * 81


def test_the_candidates_follow_a_pair_rule_given_in_the_rules_field(client):
    five = "5" + EMPTY[1:]  # r1c1
    knight = candidates_of(client, five, "antiknight")
    assert knight["rules"] == ["antiknight"]
    assert "5" not in knight["candidates"][cell_of([2, 3])]  # a knight's move away
    assert "5" in knight["candidates"][cell_of([2, 4])]
    apart = candidates_of(client, five, "nonconsecutive")["candidates"]
    assert apart[cell_of([1, 2])] == "123789"  # not 4 or 6 beside the 5, nor 5 in its row
    assert apart[cell_of([2, 2])] == "12346789"  # a box peer, not beside: only the 5 goes


def test_digits_that_break_a_pair_rule_are_conflicts_as_one_types(client):
    grid = list(EMPTY)
    grid[cell_of([1, 3])] = grid[cell_of([2, 5])] = "5"  # a knight's move apart
    body = candidates_of(client, "".join(grid), "antiknight")
    assert [c["cells"] for c in body["conflicts"]] == [[[1, 3], [2, 5]]]
    assert candidates_of(client, "".join(grid), "")["conflicts"] == []


def test_the_candidates_follow_a_links_regions(client):
    payload, _solution = first_of_each_kind()["jigsaw"]
    body = ok(client, "/api/candidates", puzzle="fpuzzles" + payload)
    puzzle = read_link("fpuzzles" + payload)
    assert body["rules"] == ["jigsaw"]
    geometry = puzzle.rules.geometry
    for cell, listed in enumerate(body["candidates"]):
        if not puzzle.grid[cell]:
            seen = {puzzle.grid[peer] for peer in geometry.peers[cell]}
            assert listed == "".join(str(d) for d in range(1, geometry.size + 1) if d not in seen)


def test_rules_that_do_not_read_are_refused_by_name(client):
    response = post(client, "/api/candidates", puzzle=EMPTY, rules="antibishop")
    assert [e["code"] for e in response.json()["errors"]] == ["unknown_rule"]


@pytest.mark.parametrize("kind", ["antiknight", "diagonal", "jigsaw", "nonconsecutive"])
def test_the_teacher_follows_a_links_rules_and_every_step_keeps_its_solution(client, kind):
    payload, solution = first_of_each_kind()[kind]
    body = ok(client, STEPS, puzzle="fpuzzles" + payload)
    assert body["rules"] == [kind]
    assert body["status"] == "unique"
    assert body["difficulty"] is None
    side = body["size"]
    for step in body["steps"]:
        for move in step["placements"]:
            row, column = move["cell"]
            assert solution[(row - 1) * side + column - 1] == move["digit"], step["text"]
        for move in step["eliminations"]:
            row, column = move["cell"]
            assert solution[(row - 1) * side + column - 1] != move["digit"], step["text"]


def test_the_teacher_takes_rules_given_beside_the_givens(client):
    payload, _solution = first_of_each_kind()["antiknight"]
    puzzle = read_link("fpuzzles" + payload)
    givens = "".join(str(digit or ".") for digit in puzzle.grid)
    body = ok(client, HINT, puzzle=givens, rules=puzzle.rules.key)
    assert body["rules"] == ["antiknight"]
    assert len(body["steps"]) == 1
    # Under classic rules alone the same givens say nothing of a knight's move.
    assert ok(client, HINT, puzzle=givens)["rules"] == ["classic"]


def test_a_step_names_the_variant_region_it_uses(client):
    payload, _solution = first_of_each_kind()["jigsaw"]
    body = ok(client, STEPS, puzzle="fpuzzles" + payload)
    jigsaw = [
        step
        for step in body["steps"]
        if any(unit["kind"] == "jigsaw" for unit in step["pattern"]["units"])
    ]
    assert jigsaw
    assert all("jigsaw region" in step["text"] for step in jigsaw)
