// The board sent to the teacher (static/js/play/teacher-board.js): the
// givens, the player's own digits, and the pencilled candidates only when
// some cell has any.

import assert from "node:assert/strict";
import { test } from "node:test";

import { change, commit, newGame, replayed } from "../../../static/js/play/game.js";
import { teacherBoard } from "../../../static/js/play/teacher-board.js";
import { GIVENS } from "./support.js";

test("without pencilled candidates only the givens and the player's digits go", () => {
  const game = newGame(GIVENS);
  commit(game, [change(game, 2, { digit: "3" })]);
  assert.deepEqual(teacherBoard(game), { puzzle: GIVENS, progress: "..3............." });
});

test("pencilled candidates go with null for an open cell without any and '' for a filled one", () => {
  const game = newGame(GIVENS);
  commit(game, [change(game, 3, { centre: "4" })]);
  const { candidates } = teacherBoard(game);
  assert.equal(candidates[3], "4");
  assert.equal(candidates[2], null);
  assert.equal(candidates[0], "");
});

test("a game as it stood before a move is sent as it stood then", () => {
  const game = newGame(GIVENS);
  commit(game, [change(game, 2, { digit: "3" })]);
  commit(game, [change(game, 6, { digit: "2" })]);
  assert.equal(teacherBoard(replayed(game, 1)).progress, "..3.............");
});
