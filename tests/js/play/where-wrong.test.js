// "Where did I go wrong?" (static/js/play/where-wrong.js): the move since
// which the board has never agreed with the solution, found by replaying
// the game's history from its start.

import assert from "node:assert/strict";
import { test } from "node:test";

import { change, commit, newGame } from "../../../static/js/play/game.js";
import { slipOf } from "../../../static/js/play/where-wrong.js";
import { GIVENS, SOLUTION } from "./support.js";

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
