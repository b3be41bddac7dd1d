"""Short solves and dear ones: a solve within its short share never needs a
slot; one past it goes on in a dear slot, or is refused at once (503 busy,
with Retry-After) when every slot is taken; a slot is let go when its work
ends, and when the process holding it dies."""

from __future__ import annotations

import json
import os
import signal
from contextlib import ExitStack

import pytest
from django.urls import reverse

from deploy import limits
from solver.core import slots
from solver.core.slots import Busy, dear_slot, short_budget, solve_fairly
from solver.engine import STANDARD, Status, parse_puzzle, shape_of_grid
from tests.support.puzzles import HARD, HARD_SOLUTION, IMPOSSIBLE, sample
from tests.support.sized import BOARDS

pytestmark = pytest.mark.django_db


def every_slot_taken() -> ExitStack:
    """All of this machine's dear slots held, until the stack is closed."""
    stack = ExitStack()
    for _ in range(limits.dear_workers()):
        stack.enter_context(dear_slot())
    return stack


def test_the_slots_are_as_many_as_the_limits_say_and_each_is_let_go_after_its_work(settings):
    settings.SUDOKU_DEAR_WORKERS = 2
    with dear_slot(), dear_slot(), pytest.raises(Busy), dear_slot():
        pass  # never reached: the third is refused as it is asked for
    with every_slot_taken():
        pass
    with dear_slot(), dear_slot():
        pass  # both free again


def test_a_slot_held_by_a_process_that_dies_is_free_again(settings):
    settings.SUDOKU_DEAR_WORKERS = 1
    ready_read, ready_write = os.pipe()
    child = os.fork()
    if child == 0:  # the child holds the slot until it is killed
        with dear_slot():
            os.write(ready_write, b"1")
            signal.pause()
        os._exit(0)
    os.read(ready_read, 1)
    with pytest.raises(Busy), dear_slot():
        pass  # never reached
    os.kill(child, signal.SIGKILL)
    os.waitpid(child, 0)
    with dear_slot():
        pass


def test_the_hardest_known_puzzles_are_short_on_every_machine():
    """By guesses, not seconds: the short share holds the worst known 9x9
    puzzles, Norvig's impossible one included, twice over."""
    puzzles = [*sample("forum_hardest_1106.txt", 40), IMPOSSIBLE]
    with every_slot_taken():
        for text in puzzles:
            result = solve_fairly(parse_puzzle(text))
            assert result.status is not Status.GAVE_UP
            assert result.guesses * 81 * 9 * 2 <= slots.SHORT_WORK


def test_the_short_share_is_priced_on_the_boards_cells_and_units():
    assert short_budget(STANDARD).max_guesses == slots.SHORT_WORK // (81 * 9)
    big = shape_of_grid(parse_puzzle(BOARDS["25x25"]))
    assert short_budget(big).max_guesses == slots.SHORT_WORK // (625 * 25)


def test_a_search_past_its_short_share_goes_on_in_a_slot(long_search):
    result = solve_fairly(parse_puzzle(long_search))
    assert result.status is Status.UNIQUE
    assert "".join(map(str, result.solution)) == HARD_SOLUTION


@pytest.fixture
def long_search(monkeypatch) -> str:
    """A puzzle whose search runs past its short share: HARD, with a share of
    one guess (no known 9x9 needs more than a fifth of the real one: above)."""
    monkeypatch.setattr(slots, "SHORT_WORK", 81 * 9)
    return HARD


def test_a_long_search_with_every_slot_taken_is_refused_at_once(long_search):
    with every_slot_taken(), pytest.raises(Busy):
        solve_fairly(parse_puzzle(long_search))


@pytest.mark.parametrize("name", ["solver:answer", "solver:play"])
def test_a_page_whose_search_finds_no_slot_says_the_server_is_busy(client, name, long_search):
    with every_slot_taken():
        response = client.get(reverse(name), {"puzzle": long_search})
    assert response.status_code == 503
    assert response["Retry-After"] == str(slots.RETRY_SECONDS)
    assert str(slots.BUSY_MESSAGE) in response.content.decode()


def test_the_apis_solve_with_no_slot_answers_json_busy(client, long_search):
    with every_slot_taken():
        response = client.post(
            "/api/solve", json.dumps({"puzzle": long_search}), content_type="application/json"
        )
    assert response.status_code == 503
    assert response["Retry-After"] == str(slots.RETRY_SECONDS)
    assert [error["code"] for error in response.json()["errors"]] == ["busy"]


def test_a_short_solve_is_answered_with_every_slot_taken(client):
    with every_slot_taken():
        response = client.get(reverse("solver:answer"), {"puzzle": HARD})
    assert response.status_code == 200
