// What each of the player's moves changes (static/js/play/moves.js), as
// changes for one undo step.

import assert from "node:assert/strict";
import { test } from "node:test";

import { commit, layersOf, newGame } from "../../../static/js/play/game.js";
import {
  applyStep,
  erase,
  fillCandidates,
  place,
  toggleColour,
  toggleMark,
} from "../../../static/js/play/moves.js";
import { GIVENS } from "./support.js";

// The peers of a cell on the 4x4 board: its row's, column's and box's cells.
function peersOf(index) {
  const row = Math.floor(index / 4);
  const column = index % 4;
  const box = (cell) => Math.floor(cell / 8) * 2 + Math.floor((cell % 4) / 2);
  return Array.from({ length: 16 }, (_, cell) => cell).filter(
    (cell) => cell !== index && (Math.floor(cell / 4) === row || cell % 4 === column || box(cell) === box(index)),
  );
}

const indexOf = ([row, column]) => (row - 1) * 4 + column - 1;

function played(moves) {
  const game = newGame(GIVENS);
  for (const move of moves) commit(game, move(game));
  return game;
}

test("placing a digit takes the cell's own marks with it", () => {
  const game = played([(g) => toggleMark(g, 2, "3"), (g) => toggleMark(g, 2, "4", "corner")]);
  commit(game, place(game, 2, "3", { tidy: false, peersOf }));
  assert.deepEqual(layersOf(game, 2), ["3", "", "", ""]);
});

test("with tidying on, a placed digit leaves its peers' centre and corner marks in the same step", () => {
  const game = played([(g) => toggleMark(g, 3, "3"), (g) => toggleMark(g, 6, "3", "corner"), (g) => toggleMark(g, 8, "3")]);
  const step = commit(game, place(game, 2, "3", { tidy: true, peersOf }));
  assert.deepEqual([game.candidates[3], game.corners[6]], ["", ""]);
  assert.equal(game.candidates[8], "3"); // row 3, column 1: no peer of row 1, column 3
  assert.deepEqual(step.map(({ index }) => index).sort((a, b) => a - b), [2, 3, 6]);
});

test("with tidying off, the peers' marks stay", () => {
  const game = played([(g) => toggleMark(g, 3, "3")]);
  commit(game, place(game, 2, "3", { tidy: false, peersOf }));
  assert.equal(game.candidates[3], "3");
});

test("a given's digit is never placed over, nor the digit a cell holds placed again", () => {
  const game = played([(g) => place(g, 2, "3", { tidy: false, peersOf })]);
  assert.deepEqual(place(game, 0, "4", { tidy: true, peersOf }), []);
  assert.deepEqual(place(game, 2, "3", { tidy: true, peersOf }), []);
});

test("erasing takes a cell's digit first, then in normal mode both layers of marks", () => {
  const game = played([(g) => toggleMark(g, 2, "3"), (g) => toggleMark(g, 2, "4", "corner")]);
  commit(game, erase(game, 2));
  assert.deepEqual(layersOf(game, 2), ["", "", "", ""]);
  commit(game, place(game, 3, "4", { tidy: false, peersOf }));
  commit(game, erase(game, 3, "centre"));
  assert.equal(game.digits[3], "");
});

test("erasing in centre or corner mode takes that layer alone", () => {
  const game = played([(g) => toggleMark(g, 2, "3"), (g) => toggleMark(g, 2, "4", "corner")]);
  commit(game, erase(game, 2, "corner"));
  assert.deepEqual(layersOf(game, 2), ["", "3", "", ""]);
  commit(game, erase(game, 2, "centre"));
  assert.deepEqual(layersOf(game, 2), ["", "", "", ""]);
});

test("erasing in colour mode takes the colour, of a given too; a given's digit stays", () => {
  const game = played([(g) => toggleColour(g, 0, "5")]);
  commit(game, erase(game, 0, "colour"));
  assert.deepEqual(layersOf(game, 0), ["1", "", "", ""]);
  assert.deepEqual(erase(game, 0), []);
});

test("a mark toggles in its layer, and a cell holding a digit takes none", () => {
  const game = played([(g) => toggleMark(g, 2, "4"), (g) => toggleMark(g, 2, "3"), (g) => toggleMark(g, 2, "4")]);
  assert.equal(game.candidates[2], "3");
  commit(game, toggleMark(game, 2, "1", "corner"));
  assert.equal(game.corners[2], "1");
  assert.deepEqual(toggleMark(game, 0, "3"), []);
});

test("a colour goes on a cell and comes off again; colours are 1 to 8", () => {
  const game = played([(g) => toggleColour(g, 2, "8")]);
  assert.equal(game.colours[2], "8");
  commit(game, toggleColour(game, 2, "8"));
  assert.equal(game.colours[2], "");
  assert.deepEqual(toggleColour(game, 2, "9"), []);
  assert.deepEqual(toggleColour(game, 2, "0"), []);
});

test("fill candidates writes the server's candidates into every open cell's centre marks", () => {
  const game = newGame(GIVENS);
  const candidates = Array.from(GIVENS, (symbol) => (symbol === "." ? "34" : ""));
  commit(game, fillCandidates(game, candidates));
  assert.deepEqual([game.candidates[0], game.candidates[2]], ["", "34"]);
});

test("a hint's step places its digits, tidying their peers, and takes its eliminations out", () => {
  const game = played([(g) => toggleMark(g, 3, "34"), (g) => toggleMark(g, 6, "12")]);
  const step = { placements: [{ cell: [1, 3], digit: 3 }], eliminations: [{ cell: [2, 3], digit: 2 }] };
  commit(game, applyStep(game, step, { candidates: null, tidy: true, peersOf, indexOf }));
  assert.deepEqual([game.digits[2], game.candidates[3], game.candidates[6]], ["3", "4", "1"]);
});

test("a hint's elimination from a cell with no centre marks starts from the server's candidates", () => {
  const game = newGame(GIVENS);
  const candidates = Array.from(GIVENS, () => "12");
  const step = { eliminations: [{ cell: [2, 3], digit: 2 }] };
  commit(game, applyStep(game, step, { candidates, tidy: true, peersOf, indexOf }));
  assert.equal(game.candidates[6], "1");
});

test("a hint's step leaves the givens as they are", () => {
  const game = newGame(GIVENS);
  const step = { placements: [{ cell: [1, 1], digit: 4 }] };
  assert.deepEqual(applyStep(game, step, { candidates: null, tidy: true, peersOf, indexOf }).filter(Boolean), []);
});
