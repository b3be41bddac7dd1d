"""The stock of big boards: boards of 20x20 and up are never made inside a
request, only handed out from stock; an empty stock answers at once that the
size is being prepared and asks for a top-up; a seed picks the same stocked
puzzle again; the command and the queue's task fill it."""

from __future__ import annotations

import io
from random import Random
from types import SimpleNamespace
from urllib.parse import parse_qs, urlsplit

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from solver.core.boards import BOARDS
from solver.engine import Status, format_grid, parse_puzzle, shape, shape_of_grid, solve
from solver.engine.generate import Generated, solved_grid
from solver.library import stock, tasks
from solver.library.models import Stocked
from tests.support.budgets import BY_GUESSES
from tests.support.pages import text_of
from tests.support.puzzles import SIZED
from tests.support.stored import store_puzzles

pytestmark = pytest.mark.django_db

NEW = reverse("solver:new")
TWENTY_FIVE = shape(5, 5)


@pytest.fixture
def never_made(monkeypatch):
    """A request that generated anything fails the test."""

    def refuse(*args, **kwargs):
        raise AssertionError("a big board was generated inside a request")

    monkeypatch.setattr(stock.generator, "generate", refuse)
    monkeypatch.setattr("solver.library.picks.generator.generate", refuse)


@pytest.fixture
def cheap_making(monkeypatch):
    """``stock.make`` gives a whole solved grid of the board at once (a
    puzzle with one solution, its givens every cell): the command's and the
    task's work, not the minute a real one takes, is what is tested."""
    made = []

    def solved(board, seed, max_seconds):
        made.append(board.size)
        return solved_grid(board, Random(seed))

    monkeypatch.setattr(stock, "make", solved)
    return made


def played(response) -> str:
    """The puzzle a See Other to its game names."""
    assert response.status_code == 303
    location = urlsplit(response["Location"])
    assert location.path == reverse("solver:play")
    return parse_qs(location.query)["puzzle"][0]


def test_boards_from_twenty_by_twenty_up_are_stocked_by_their_cells():
    assert [board.size for board in stock.STOCKED] == [20, 21, 22, 24, 25]
    assert all(stock.stocked(board) == (board.cells >= 400) for board in BOARDS)
    assert not stock.stocked(shape(4, 4))


def test_an_empty_stock_answers_at_once_and_asks_for_a_top_up(
    client, settings, monkeypatch, never_made
):
    settings.SUDOKU_BATCH_RUNNER = "celery"
    sent = []
    monkeypatch.setattr(stock.queue, "send", lambda task, *args, **kw: sent.append(task))
    for _ in range(2):
        response = client.get(NEW, {"size": 25, "seed": 18})
        assert response.status_code == 503
        assert response["Retry-After"] == str(stock.RETRY_SECONDS)
        assert "25×25 puzzles are being prepared" in text_of(response)
    assert sent == [stock.TOP_UP_TASK]  # once: the second ask finds it queued


def test_without_a_queue_nothing_is_sent(client, monkeypatch, never_made):
    monkeypatch.setattr(stock.queue, "send", lambda *a, **k: pytest.fail("sent"))
    assert client.get(NEW, {"size": 20}).status_code == 503


def test_a_seed_picks_the_same_stocked_puzzle_again(client, never_made):
    for seed in range(4):
        stock.add(TWENTY_FIVE, solved_grid(TWENTY_FIVE, Random(seed)))
    stock.add(TWENTY_FIVE, parse_puzzle(SIZED["25x25"]))
    picks = {played(client.get(NEW, {"size": 25, "seed": seed})) for seed in range(40)}
    assert picks <= set(Stocked.objects.values_list("givens", flat=True))
    assert len(picks) > 1  # the seeds spread over the stock
    one = played(client.get(NEW, {"size": 25, "seed": 18}))
    assert played(client.get(NEW, {"size": 25, "seed": 18})) == one
    assert shape_of_grid(parse_puzzle(played(client.get(NEW, {"size": 25})))).size == 25


def test_a_stocked_puzzle_is_stored_once():
    puzzle = parse_puzzle(SIZED["25x25"])
    assert stock.add(TWENTY_FIVE, puzzle)
    assert not stock.add(TWENTY_FIVE, puzzle)
    stocked = Stocked.objects.get()
    assert (stocked.size, stocked.givens) == (25, format_grid(puzzle))
    assert stock.count(TWENTY_FIVE) == 1


def test_a_made_puzzle_gets_givens_back_until_the_proof_fits_in_its_guesses(monkeypatch):
    """The game must say a stocked puzzle is solved: one whose proof would
    need more than ``PROOF``'s guesses gets givens from its solution."""
    board = shape(2, 3)
    solution = parse_puzzle("123456456123231564564231312645645312")
    dug = tuple(digit if cell < 6 else 0 for cell, digit in enumerate(solution))
    monkeypatch.setattr(
        stock.generator, "generate", lambda *a, **k: Generated(dug, solution, None, "none", 1)
    )
    proofs = []

    def proved_from_twenty_givens(puzzle, shape, budget):
        assert budget == stock.PROOF
        proofs.append(sum(1 for digit in puzzle if digit))
        return SimpleNamespace(status=Status.UNIQUE if proofs[-1] >= 20 else Status.GAVE_UP)

    monkeypatch.setattr(stock, "solve", proved_from_twenty_givens)
    puzzle = stock.make(board, 5, None)
    assert proofs == list(range(6, 21))  # a given at a time on 6x6
    assert all(digit in (0, solution[cell]) for cell, digit in enumerate(puzzle))


def test_a_real_made_puzzle_is_unique_within_the_proof():
    """On a board small enough to make here (the rule is the same at 25x25)."""
    board = shape(4, 4)
    puzzle = stock.make(board, 3, None)
    assert solve(puzzle, board, stock.PROOF).status is Status.UNIQUE
    assert solve(puzzle, board, BY_GUESSES).status is Status.UNIQUE


def test_the_command_tops_every_stocked_size_up(settings, cheap_making):
    settings.SUDOKU_STOCK_PER_SIZE = 2
    stock.add(TWENTY_FIVE, parse_puzzle(SIZED["25x25"]))
    out = io.StringIO()
    call_command("generate", "--stock", "--seed", "7", stdout=out, stderr=io.StringIO())
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("20x20: 2 stored, 0 skipped (duplicates); seeds 7 to 8")
    assert lines[-1].startswith("25x25: 1 stored")
    assert {board.size: stock.count(board) for board in stock.STOCKED} == dict.fromkeys(
        [20, 21, 22, 24, 25], 2
    )
    out = io.StringIO()
    call_command("generate", "--stock", stdout=out, stderr=io.StringIO())
    assert "25x25: 0 stored: the stock holds 2 already." in out.getvalue()


def test_the_command_takes_no_level_or_size_with_stock():
    with pytest.raises(CommandError, match="--stock"):
        call_command("generate", "--stock", "--level", "easy", stdout=io.StringIO())


def test_the_task_makes_one_puzzle_a_run_and_sends_the_next(settings, monkeypatch, cheap_making):
    settings.SUDOKU_STOCK_PER_SIZE = 1
    settings.SUDOKU_BATCH_RUNNER = "celery"
    sent = []
    monkeypatch.setattr(stock.queue, "send", lambda task, *a, **k: sent.append(task))
    assert tasks.top_up_stock.apply().get() == 1
    assert cheap_making == [20]
    assert sent == [stock.TOP_UP_TASK]
    for _ in stock.STOCKED[1:]:
        assert tasks.top_up_stock.apply().get() == 1
    assert tasks.top_up_stock.apply().get() == 0  # full: nothing made, nothing sent
    assert cheap_making == [20, 21, 22, 24, 25]
    assert len(sent) == 5


def test_the_levels_top_up_and_the_stock_in_one_run(settings, cheap_making, never_generated):
    """make library's line: --until for the levels (here all held), then --stock."""
    settings.SUDOKU_STOCK_PER_SIZE = 1
    for level in ("easy", "medium", "hard", "expert", "extreme"):
        store_puzzles(level)
    out = io.StringIO()
    call_command("generate", "--until", "1", "--stock", stdout=out, stderr=io.StringIO())
    lines = out.getvalue().splitlines()
    assert lines[0] == "easy: 0 stored: the library holds 1 easy already."
    assert [line.split(":")[0] for line in lines[5:]] == [
        "20x20",
        "21x21",
        "22x22",
        "24x24",
        "25x25",
    ]
    assert cheap_making == [20, 21, 22, 24, 25]
