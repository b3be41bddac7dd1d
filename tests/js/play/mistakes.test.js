// Mistakes (static/js/play/mistakes.js): which digits count, and when the
// game stops at the limit the player set.

import assert from "node:assert/strict";
import { test } from "node:test";

import { change, commit, newGame } from "../../../static/js/play/game.js";
import { mistakesIn, overLimit, wrongDigits } from "../../../static/js/play/mistakes.js";
import { GIVENS, SOLUTION } from "./support.js";

function stepOf(game, layers) {
  return commit(game, Object.entries(layers).map(([index, to]) => change(game, Number(index), to)));
}

test("a digit placed that is not the solution's is a mistake", () => {
  const game = newGame(GIVENS);
  assert.equal(mistakesIn(stepOf(game, { 2: { digit: "4" } }), SOLUTION), 1);
});

test("the solution's digit, a mark or a colour is no mistake", () => {
  const game = newGame(GIVENS);
  assert.equal(mistakesIn(stepOf(game, { 2: { digit: "3" }, 3: { centre: "12" }, 6: { colour: "2" } }), SOLUTION), 0);
});

test("a wrong digit a colour's change carries along is not counted again", () => {
  const game = newGame(GIVENS);
  stepOf(game, { 2: { digit: "4" } });
  assert.equal(mistakesIn(stepOf(game, { 2: { colour: "5" } }), SOLUTION), 0);
});

test("no step, no mistake", () => {
  assert.equal(mistakesIn(null, SOLUTION), 0);
});

test("the game stops once its mistakes reach the limit, and never without one", () => {
  const game = { ...newGame(GIVENS), mistakes: 3 };
  assert.equal(overLimit(game, 3), true);
  assert.equal(overLimit(game, 5), false);
  assert.equal(overLimit(game, 0), false);
});

test("a finished game is never stopped by the limit", () => {
  assert.equal(overLimit({ ...newGame(GIVENS), mistakes: 9, finished: true }, 1), false);
});

test("the cells marked while mistakes are counted are the player's digits that are not the solution's", () => {
  const game = newGame(GIVENS);
  stepOf(game, { 2: { digit: "3" }, 3: { digit: "1" }, 6: { centre: "2" }, 7: { digit: "4" } });
  assert.deepEqual(wrongDigits(game, SOLUTION), [3, 7]);
});

test("a given is never marked, and a wrong digit put right is marked no more", () => {
  const game = newGame(GIVENS);
  stepOf(game, { 3: { digit: "1" } });
  stepOf(game, { 3: { digit: "4" } });
  assert.deepEqual(wrongDigits(game, SOLUTION), []);
});
