// Several cells selected (static/js/play/selection.js) and the moves that go
// to all of them as one undo step (moves.js's group moves).

import assert from "node:assert/strict";
import { test } from "node:test";

import { commit, layersOf, newGame, undo } from "../../../static/js/play/game.js";
import { eraseAll, placeAll, toggleColours, toggleMarks } from "../../../static/js/play/moves.js";
import { createSelection } from "../../../static/js/play/selection.js";
import { GIVENS } from "./support.js";

// The peers of a cell on the 4x4 board (boxes 2x2).
function peersOf(index) {
  const row = Math.floor(index / 4);
  const column = index % 4;
  const box = (cell) => Math.floor(cell / 8) * 2 + Math.floor((cell % 4) / 2);
  return Array.from({ length: 16 }, (_, cell) => cell).filter(
    (cell) => cell !== index && (Math.floor(cell / 4) === row || cell % 4 === column || box(cell) === box(index)),
  );
}

test("a selection starts with one cell, and a plain press selects one cell again", () => {
  const chosen = createSelection(5);
  assert.deepEqual(chosen.cells(5), [5]);
  chosen.add(9);
  chosen.add(2);
  assert.deepEqual(chosen.cells(9), [2, 5, 9]);
  chosen.only(7);
  assert.deepEqual(chosen.cells(7), [7]);
});

test("Ctrl+click adds a cell or takes it out, and with none left the focused cell is the target", () => {
  const chosen = createSelection(1);
  chosen.toggle(4);
  assert.deepEqual(chosen.cells(4), [1, 4]);
  chosen.toggle(1);
  assert.equal(chosen.has(1), false);
  assert.deepEqual(chosen.cells(4), [4]);
  chosen.toggle(4);
  assert.deepEqual(chosen.cells(4), [4]);
});

test("a digit placed in three cells is one step, and one undo takes all three back", () => {
  const game = newGame(GIVENS);
  const cells = [2, 3, 6];
  commit(game, toggleMarks(game, [7], "4"));
  commit(game, placeAll(game, cells, "4", { tidy: true, peersOf }));
  assert.deepEqual(
    cells.map((index) => game.digits[index]),
    ["4", "4", "4"],
  );
  assert.equal(game.candidates[7], "", "a peer's mark tidied in the same step");
  assert.equal(game.undo.length, 2);
  undo(game);
  assert.deepEqual(
    cells.map((index) => game.digits[index]),
    ["", "", ""],
  );
  assert.equal(game.candidates[7], "4");
});

test("placing in several cells never touches a given, and tidying between them keeps each digit", () => {
  const game = newGame(GIVENS);
  const changes = placeAll(game, [0, 2, 3], "4", { tidy: true, peersOf });
  commit(game, changes);
  assert.equal(game.digits[0], "1");
  assert.deepEqual([game.digits[2], game.digits[3]], ["4", "4"]);
  assert.equal(new Set(changes.map((item) => item.index)).size, changes.length, "one change a cell");
});

test("a mark goes to every open cell, or leaves all when every one has it", () => {
  const game = newGame(GIVENS);
  commit(game, toggleMarks(game, [2], "3"));
  commit(game, toggleMarks(game, [0, 2, 3], "3"));
  assert.deepEqual([game.candidates[2], game.candidates[3], game.candidates[0]], ["3", "3", ""]);
  commit(game, toggleMarks(game, [2, 3], "3"));
  assert.deepEqual([game.candidates[2], game.candidates[3]], ["", ""]);
  commit(game, toggleMarks(game, [2, 3], "2", "corner"));
  assert.deepEqual([game.corners[2], game.corners[3]], ["2", "2"]);
});

test("a colour goes to every cell, givens too, and leaves all when every one has it", () => {
  const game = newGame(GIVENS);
  commit(game, toggleColours(game, [0, 2], "3"));
  assert.deepEqual([game.colours[0], game.colours[2]], ["3", "3"]);
  commit(game, toggleColours(game, [0, 2], "3"));
  assert.deepEqual([game.colours[0], game.colours[2]], ["", ""]);
  assert.deepEqual(toggleColours(game, [2], "9"), []);
});

test("an erase empties every selected cell in one step", () => {
  const game = newGame(GIVENS);
  commit(game, placeAll(game, [2, 6], "4", { tidy: false, peersOf }));
  commit(game, eraseAll(game, [2, 6, 0]));
  assert.deepEqual([layersOf(game, 2), layersOf(game, 6)], [["", "", "", ""], ["", "", "", ""]]);
  assert.equal(game.digits[0], "1");
  undo(game);
  assert.deepEqual([game.digits[2], game.digits[6]], ["4", "4"]);
});
