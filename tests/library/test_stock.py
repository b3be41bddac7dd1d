"""The stock: every board but 9x9 is handed out from it at once; boards above
16x16 are never made inside a request, and a new site starts with puzzles of
them shipped; an empty stock of those answers at once that the size is being
prepared, with the sizes ready, and asks for a top-up; a seed picks the same
stocked puzzle again; the command and the queue's task fill it."""

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
from solver.engine.symmetry import canonical, random_transform
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
def empty_stock():
    """A stock that holds nothing: not even what a new site is shipped."""
    Stocked.objects.all().delete()


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
    # A whole solved grid's canonical writing can take seconds (a puzzle's,
    # with its empty cells, takes milliseconds): each writing is its own here.
    monkeypatch.setattr(stock, "canonical", lambda grid, board: grid)
    return made


def played(response) -> str:
    """The puzzle a See Other to its game names."""
    assert response.status_code == 303
    location = urlsplit(response["Location"])
    assert location.path == reverse("solver:play")
    return parse_qs(location.query)["puzzle"][0]


STOCKED_SIZES = [4, 6, 8, 10, 12, 14, 15, 16, 18, 20, 21, 22, 24, 25]
MADE_AHEAD_SIZES = [18, 20, 21, 22, 24, 25]


def test_every_board_but_nine_by_nine_is_stocked_and_those_above_sixteen_made_ahead():
    assert [board.size for board in stock.STOCKED] == STOCKED_SIZES
    assert all(stock.made_ahead(board) == (board.cells > 256) for board in BOARDS)
    assert [board.size for board in BOARDS if stock.made_ahead(board)] == MADE_AHEAD_SIZES


def test_a_new_site_holds_the_shipped_puzzles_of_every_stocked_board():
    """The test database was migrated as a new site's is."""
    held = {board.size: stock.count(board) for board in stock.STOCKED}
    assert held == dict.fromkeys(STOCKED_SIZES, 2)


def test_the_shipped_puzzles_are_loaded_into_an_empty_stock_only(empty_stock):
    assert stock.load() == 2 * len(STOCKED_SIZES)
    assert stock.load() == 0
    Stocked.objects.filter(size=25).delete()
    assert stock.load() == 2  # only the size it lacks


def test_each_shipped_puzzle_is_unique_within_the_games_proof():
    for line in stock.SHIPPED.read_text().splitlines():
        side, givens = line.split()
        board = next(board for board in BOARDS if board.size == int(side))
        puzzle = parse_puzzle(givens, board)
        assert solve(puzzle, board, stock.PROOF).status is Status.UNIQUE, side


def test_the_shipped_text_is_made_from_the_seeds_one_on(cheap_making):
    text = stock.ship([shape(2, 2), TWENTY_FIVE], 2)
    lines = text.splitlines()
    assert [line.split()[0] for line in lines] == ["4", "4", "25", "25"]
    assert lines[0].split()[1] == format_grid(solved_grid(shape(2, 2), Random(1)))
    assert text == stock.ship([shape(2, 2), TWENTY_FIVE], 2)


def test_the_command_ships_every_stocked_board(monkeypatch, tmp_path, cheap_making):
    monkeypatch.setattr(stock, "SHIPPED", tmp_path / "shipped.txt")
    out = io.StringIO()
    call_command("generate", "--ship", stdout=out)
    sides = [line.split()[0] for line in stock.SHIPPED.read_text().splitlines()]
    assert sides == [str(size) for size in STOCKED_SIZES for _ in range(2)]
    assert out.getvalue().startswith("28 puzzles written to")


def test_a_small_board_comes_from_the_stock_when_it_holds_some(
    client, never_generated, empty_stock
):
    six = shape(2, 3)
    stock.add(six, parse_puzzle(SIZED["6x6"]))
    assert played(client.get(NEW, {"size": 6})) == format_grid(parse_puzzle(SIZED["6x6"]))


def test_a_small_board_the_stock_lacks_is_made_in_the_request(client, empty_stock):
    assert shape_of_grid(parse_puzzle(played(client.get(NEW, {"size": 6})))).size == 6


def test_an_eighteen_by_eighteen_is_never_generated_in_a_request(client, never_generated):
    assert shape_of_grid(parse_puzzle(played(client.get(NEW, {"size": 18})))).size == 18


def test_an_empty_stock_answers_at_once_and_asks_for_a_top_up(
    client, settings, monkeypatch, never_generated, empty_stock
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


def test_a_size_not_ready_names_the_sizes_that_are(client, empty_stock):
    stock.add(TWENTY_FIVE, parse_puzzle(SIZED["25x25"]))
    response = client.get(NEW, {"size": 20})
    assert response.status_code == 503
    ready = text_of(response).split("Sizes ready now:")[1]
    assert [name for name in ("4×4", "16×16", "18×18", "20×20", "25×25") if name in ready] == [
        "4×4",
        "16×16",
        "25×25",
    ]
    assert f'href="{NEW}?size=25"' in response.content.decode()


def test_without_a_queue_nothing_is_sent(client, monkeypatch, never_generated, empty_stock):
    monkeypatch.setattr(stock.queue, "send", lambda *a, **k: pytest.fail("sent"))
    assert client.get(NEW, {"size": 20}).status_code == 503


def test_a_seed_picks_the_same_stocked_puzzle_again(client, never_generated, empty_stock):
    for seed in range(4):
        stock.add(TWENTY_FIVE, solved_grid(TWENTY_FIVE, Random(seed)))
    stock.add(TWENTY_FIVE, parse_puzzle(SIZED["25x25"]))
    picks = {played(client.get(NEW, {"size": 25, "seed": seed})) for seed in range(40)}
    assert picks <= set(Stocked.objects.values_list("givens", flat=True))
    assert len(picks) > 1  # the seeds spread over the stock
    one = played(client.get(NEW, {"size": 25, "seed": 18}))
    assert played(client.get(NEW, {"size": 25, "seed": 18})) == one
    assert shape_of_grid(parse_puzzle(played(client.get(NEW, {"size": 25})))).size == 25


def test_a_stocked_puzzle_is_stored_once(empty_stock):
    puzzle = parse_puzzle(SIZED["25x25"])
    assert stock.add(TWENTY_FIVE, puzzle)
    assert not stock.add(TWENTY_FIVE, puzzle)
    stocked = Stocked.objects.get()
    assert (stocked.size, stocked.givens) == (25, format_grid(puzzle))
    assert stock.count(TWENTY_FIVE) == 1


def test_a_puzzle_in_another_writing_is_not_stocked_again(empty_stock):
    """Rows swapped in their bands, stacks moved, digits relabelled: the same puzzle."""
    puzzle = parse_puzzle(SIZED["25x25"])
    rewritten = random_transform(TWENTY_FIVE, Random(3)).apply(puzzle)
    assert rewritten != puzzle
    assert stock.add(TWENTY_FIVE, puzzle)
    assert not stock.add(TWENTY_FIVE, rewritten)
    assert Stocked.objects.get().canonical == format_grid(canonical(puzzle, TWENTY_FIVE))


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


def test_the_command_tops_every_stocked_size_up(settings, cheap_making, empty_stock):
    settings.SUDOKU_STOCK_PER_SIZE = 2
    stock.add(TWENTY_FIVE, parse_puzzle(SIZED["25x25"]))
    out = io.StringIO()
    call_command("generate", "--stock", "--seed", "7", stdout=out, stderr=io.StringIO())
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("4x4: 2 stored, 0 skipped (duplicates); seeds 7 to 8")
    assert lines[-1].startswith("25x25: 1 stored")
    assert {board.size: stock.count(board) for board in stock.STOCKED} == dict.fromkeys(
        STOCKED_SIZES, 2
    )
    out = io.StringIO()
    call_command("generate", "--stock", stdout=out, stderr=io.StringIO())
    assert "25x25: 0 stored: the stock holds 2 already." in out.getvalue()


def test_the_command_takes_no_level_or_size_with_stock():
    with pytest.raises(CommandError, match="--stock"):
        call_command("generate", "--stock", "--level", "easy", stdout=io.StringIO())


def test_the_task_makes_one_puzzle_a_run_and_sends_the_next(
    settings, monkeypatch, cheap_making, empty_stock
):
    settings.SUDOKU_STOCK_PER_SIZE = 1
    settings.SUDOKU_BATCH_RUNNER = "celery"
    sent = []
    monkeypatch.setattr(stock.queue, "send", lambda task, *a, **k: sent.append(task))
    assert tasks.top_up_stock.apply().get() == 1
    assert cheap_making == [4]  # the smallest first
    assert sent == [stock.TOP_UP_TASK]
    for _ in stock.STOCKED[1:]:
        assert tasks.top_up_stock.apply().get() == 1
    assert tasks.top_up_stock.apply().get() == 0  # full: nothing made, nothing sent
    assert cheap_making == STOCKED_SIZES
    assert len(sent) == len(STOCKED_SIZES)


def test_the_levels_top_up_and_the_stock_in_one_run(
    settings, cheap_making, never_generated, empty_stock
):
    """make library's line: --until for the levels (here all held), then --stock."""
    settings.SUDOKU_STOCK_PER_SIZE = 1
    for level in ("easy", "medium", "hard", "expert", "extreme"):
        store_puzzles(level)
    out = io.StringIO()
    call_command("generate", "--until", "1", "--stock", stdout=out, stderr=io.StringIO())
    lines = out.getvalue().splitlines()
    assert lines[0] == "easy: 0 stored: the library holds 1 easy already."
    assert [line.split(":")[0] for line in lines[5:]] == [f"{n}x{n}" for n in STOCKED_SIZES]
    assert cheap_making == STOCKED_SIZES
