// The game's state and its undo history (static/js/play/game.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  change,
  commit,
  fromData,
  gridLine,
  isSolved,
  layersOf,
  newGame,
  progressLine,
  redo,
  replayed,
  startCells,
  toData,
  undo,
  used,
} from "../../../static/js/play/game.js";
import { GIVENS, SOLUTION } from "./support.js";

test("a new game holds the givens' digits and nothing else", () => {
  const game = newGame(GIVENS);
  assert.equal(gridLine(game), GIVENS);
  assert.deepEqual(layersOf(game, 0), ["1", "", "", ""]);
  assert.deepEqual(layersOf(game, 2), ["", "", "", ""]);
  assert.deepEqual([game.undo, game.redo, game.elapsed, game.finished], [[], [], 0, false]);
});

test("a game started from a position holds it, and its start is kept apart", () => {
  const start = newGame(GIVENS).digits.map((digit) => [digit, "", "", ""]);
  start[2] = ["3", "", "", "4"];
  const game = newGame(GIVENS, start);
  assert.deepEqual(layersOf(game, 2), ["3", "", "", "4"]);
  game.digits[2] = "";
  assert.deepEqual(startCells(game)[2], ["3", "", "", "4"]);
});

test("a change names a cell's layers before and after, marks sorted and each once", () => {
  const game = newGame(GIVENS);
  assert.deepEqual(change(game, 2, { centre: "431", corner: "22" }), {
    index: 2,
    from: ["", "", "", ""],
    to: ["", "134", "2", ""],
  });
});

test("a change to what a cell holds already is no change", () => {
  assert.equal(change(newGame(GIVENS), 2, { digit: "" }), null);
});

test("a committed step changes the board and carries the time it was made", () => {
  const game = newGame(GIVENS);
  const step = commit(game, [change(game, 2, { digit: "3" }), null], 1500);
  assert.equal(game.digits[2], "3");
  assert.equal(step.length, 1);
  assert.equal(step.at, 1500);
  assert.deepEqual(game.undo, [step]);
});

test("a step with nothing in it is not committed", () => {
  const game = newGame(GIVENS);
  assert.equal(commit(game, [null]), false);
  assert.deepEqual(game.undo, []);
});

test("undo takes a step back and redo makes it again", () => {
  const game = newGame(GIVENS);
  commit(game, [change(game, 2, { digit: "3" }), change(game, 3, { centre: "4" })]);
  assert.ok(undo(game));
  assert.deepEqual([game.digits[2], game.candidates[3]], ["", ""]);
  assert.ok(redo(game, 900));
  assert.deepEqual([game.digits[2], game.candidates[3]], ["3", "4"]);
  assert.equal(game.undo.at(-1).at, 900);
});

test("undo and redo with nothing to take back give null", () => {
  const game = newGame(GIVENS);
  assert.equal(undo(game), null);
  assert.equal(redo(game), null);
});

test("a new step clears what could be redone", () => {
  const game = newGame(GIVENS);
  commit(game, [change(game, 2, { digit: "3" })]);
  undo(game);
  commit(game, [change(game, 3, { digit: "4" })]);
  assert.deepEqual(game.redo, []);
});

test("a game replayed to a move stands as it stood then, with no history", () => {
  const game = newGame(GIVENS);
  commit(game, [change(game, 2, { digit: "3" })]);
  commit(game, [change(game, 3, { digit: "4" })]);
  const then = replayed(game, 1);
  assert.equal(gridLine(then), "123.34....43..21");
  assert.deepEqual(then.undo, []);
});

test("the progress line holds the player's digits only, the grid line every digit", () => {
  const game = newGame(GIVENS);
  commit(game, [change(game, 2, { digit: "3" })]);
  assert.equal(progressLine(game), "..3.............");
  assert.equal(gridLine(game), "123.34....43..21");
});

test("a game is solved when every cell holds the solution's digit", () => {
  const game = newGame(GIVENS);
  assert.equal(isSolved(game, SOLUTION), false);
  commit(
    game,
    Array.from(SOLUTION, (digit, index) => change(game, index, { digit })),
  );
  assert.equal(isSolved(game, SOLUTION), true);
});

test("used counts the cells holding a digit", () => {
  assert.equal(used(newGame(GIVENS), "1"), 2);
});

test("a game stored and read back is the same game", () => {
  const game = newGame(GIVENS);
  commit(game, [change(game, 2, { digit: "3", colour: "2" })], 700);
  commit(game, [change(game, 3, { corner: "4" })], 900);
  undo(game);
  const read = fromData(JSON.parse(JSON.stringify(toData(game))), GIVENS);
  assert.deepEqual([read.digits, read.candidates, read.corners, read.colours], [game.digits, game.candidates, game.corners, game.colours]);
  assert.deepEqual(read.undo.map((step) => [step.at, [...step]]), [[700, [...game.undo[0]]]]);
  assert.deepEqual(read.redo.map((step) => [step.at, [...step]]), [[900, [...game.redo[0]]]]);
});

test("a stored game of other givens, or broken, reads as null", () => {
  const data = toData(newGame(GIVENS));
  assert.equal(fromData(data, SOLUTION), null);
  assert.equal(fromData({ ...data, digits: ["1"] }, GIVENS), null);
  assert.equal(fromData({ ...data, undo: [[0, [1, 2, 3]]] }, GIVENS), null);
  assert.equal(fromData(null, GIVENS), null);
});

test("a game stored by the earlier version (notes, changes of five items, no times) resumes", () => {
  const blank = Array.from(GIVENS, () => "");
  const digits = Array.from(GIVENS, (symbol) => (symbol === "." ? "" : symbol));
  digits[2] = "3";
  const notes = [...blank];
  notes[3] = "4";
  const old = { givens: GIVENS, digits, notes, undo: [[[2, "", "", "3", ""]], [[3, "", "", "", "4"]]], redo: [] };
  const game = fromData(old, GIVENS);
  assert.deepEqual([game.digits[2], game.candidates[3], game.corners[3], game.colours[3]], ["3", "4", "", ""]);
  assert.deepEqual(game.undo[0][0], { index: 2, from: ["", "", "", ""], to: ["3", "", "", ""] });
  assert.equal(game.undo[0].at, 0);
  undo(game);
  assert.equal(game.candidates[3], "");
});
