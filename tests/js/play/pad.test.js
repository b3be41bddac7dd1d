// The pad's count of what is left of each value (static/js/play/pad.js):
// from the page's data, how often the value stands in the solved grid.

import assert from "node:assert/strict";
import { test } from "node:test";

import { change, commit, newGame } from "../../../static/js/play/game.js";
import { leftOf } from "../../../static/js/play/pad.js";
import { GIVENS, playData } from "./support.js";

test("what is left of a value is its count in the solved grid less the cells holding it", () => {
  const game = newGame(GIVENS);
  const counts = playData().value_counts;
  assert.equal(leftOf(game, "1", counts), 2);
  commit(game, [change(game, 6, { digit: "1" })]);
  assert.equal(leftOf(game, "1", counts), 1);
});

test("the count comes from the page's data at every size, 25x25 too", () => {
  const givens = `${"P".repeat(3)}${".".repeat(622)}`;
  const counts = playData(givens, givens).value_counts;
  assert.equal(counts.P, 25);
  assert.equal(leftOf(newGame(givens), "P", counts), 22);
  assert.equal(leftOf(newGame(givens), "A", counts), 25);
});

test("a value placed more often than the solved grid holds it has none left, never fewer", () => {
  const game = newGame("1111............");
  assert.equal(leftOf(game, "1", { 1: 3 }), 0);
});

test("a value the data does not count has none left", () => {
  assert.equal(leftOf(newGame(GIVENS), "5", playData().value_counts), 0);
});
