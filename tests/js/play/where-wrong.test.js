// "Where did I go wrong?" (static/js/play/where-wrong.js): the move since
// which the board has never agreed with the solution, found by replaying
// the game's history from its start; how many moves ago it was, the sentence
// naming it (never the solution's digit), and the one step that goes back
// to just before it.

import assert from "node:assert/strict";
import { test } from "node:test";

import { readGrid } from "../../../static/js/play/cell-buttons.js";
import { change, commit, layersOf, newGame, replayed, undo } from "../../../static/js/play/game.js";
import { backChanges, movesAgo, slipLayers, slipOf, slipText } from "../../../static/js/play/where-wrong.js";
import { GIVENS, SOLUTION, fakePage } from "./support.js";

readGrid(fakePage()); // cells are named by their row and column on the 4x4 board

function played(moves, start = null) {
  const game = newGame(GIVENS, start);
  for (const [index, layers] of moves) commit(game, [change(game, index, layers)]);
  return game;
}

test("a board that agrees with the solution has no slip", () => {
  assert.equal(slipOf(played([[2, { digit: "3" }], [3, { centre: "14" }]]), SOLUTION), null);
});

test("the slip is the first move after which the board never agreed again", () => {
  const game = played([
    [2, { digit: "3" }],
    [3, { digit: "1" }], // wrong: the solution has 4
    [6, { digit: "1" }],
  ]);
  assert.deepEqual(slipOf(game, SOLUTION), { agreed: 1, cell: 3 });
});

test("a wrong digit put right again is no slip", () => {
  const game = played([
    [3, { digit: "1" }],
    [3, { digit: "4" }],
    [6, { digit: "2" }], // wrong: the solution has 1
  ]);
  assert.deepEqual(slipOf(game, SOLUTION), { agreed: 2, cell: 6 });
});

test("centre marks without the solution's digit are a slip; corner marks without it are not", () => {
  assert.deepEqual(slipOf(played([[2, { corner: "12" }], [3, { centre: "12" }]]), SOLUTION), { agreed: 1, cell: 3 });
});

test("a start that already departs from the solution is named as such", () => {
  const start = newGame(GIVENS).digits.map((digit) => [digit, "", "", ""]);
  start[2] = ["4", "", "", ""];
  assert.deepEqual(slipOf(played([], start), SOLUTION), { agreed: -1, cell: 2 });
});

// A wrong 2 at row 2, column 3 (the solution has 1), then ``after`` right moves.
function wrongThenRight(after) {
  const right = [
    [2, { digit: "3" }],
    [3, { digit: "4" }],
    [7, { digit: "2" }],
    [8, { digit: "2" }],
    [9, { digit: "1" }],
    [12, { digit: "4" }],
    [13, { digit: "3" }],
  ];
  return played([[6, { digit: "2" }], ...right.slice(0, after)]);
}

test("a move is counted back on the undo history: the last move is 1 move ago", () => {
  assert.equal(movesAgo(wrongThenRight(0), slipOf(wrongThenRight(0), SOLUTION)), 1);
  const game = wrongThenRight(7);
  assert.equal(movesAgo(game, slipOf(game, SOLUTION)), 8);
});

test("the slip's sentence names the player's digit, its cell and how long ago, never the solution's digit", () => {
  const game = wrongThenRight(7);
  const text = slipText(game, slipOf(game, SOLUTION));
  assert.equal(text, "Your first wrong move is marked on the grid: your 2 in row 2, column 3, 8 moves ago.");
  assert.doesNotMatch(text, /\b1\b/);
});

test("one move ago is said in the singular", () => {
  const game = wrongThenRight(0);
  assert.match(slipText(game, slipOf(game, SOLUTION)), /, 1 move ago\.$/);
});

test("centre marks that leave out the solution's digit are named without it", () => {
  const game = played([[2, { digit: "3" }], [13, { centre: "12" }], [6, { digit: "1" }]]);
  const text = slipText(game, slipOf(game, SOLUTION));
  assert.match(text, /your centre marks in row 4, column 2, 2 moves ago, which leave out a digit/);
  assert.doesNotMatch(text, /3/);
});

test("what the slip's move left in its cell is read from that move, not from the cell now", () => {
  const game = wrongThenRight(1);
  commit(game, [change(game, 6, { digit: "4" })]); // the same cell, wrong again later
  assert.deepEqual(slipLayers(game, slipOf(game, SOLUTION)), ["2", "", "", ""]);
});

test("going back is one step to the position just before the slip, every layer of it", () => {
  const game = wrongThenRight(3);
  commit(game, [change(game, 12, { colour: "3" }), change(game, 13, { corner: "24" }), change(game, 0, { colour: "1" })]);
  const slip = slipOf(game, SOLUTION);
  const before = replayed(game, slip.agreed);
  const now = game.digits.map((_, index) => layersOf(game, index));
  commit(game, backChanges(game, slip.agreed));
  game.digits.forEach((_, index) => assert.deepEqual(layersOf(game, index), layersOf(before, index)));
  assert.equal(slipOf(game, SOLUTION), null);
  undo(game); // one undo returns the position as it was
  game.digits.forEach((_, index) => assert.deepEqual(layersOf(game, index), now[index]));
});

test("at the position itself there is nothing to go back", () => {
  const game = played([[6, { digit: "2" }]]);
  undo(game);
  assert.deepEqual(backChanges(game, 0), []);
});
