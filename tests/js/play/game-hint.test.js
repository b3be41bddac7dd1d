// The play page's Hint (static/js/play/game-hint.js): the board it sends
// the teacher, the player's digits and pencilled candidates.

import assert from "node:assert/strict";
import { test } from "node:test";

import { change, commit, newGame } from "../../../static/js/play/game.js";
import { hintBoard } from "../../../static/js/play/game-hint.js";
import { begin } from "../../../static/js/play/session.js";
import { GIVENS, playData } from "./support.js";

function playing(layers) {
  const game = newGame(GIVENS);
  commit(game, Object.entries(layers).map(([index, to]) => change(game, Number(index), to)));
  begin({ data: playData(), game });
}

test("with no candidates pencilled the teacher is sent the digits alone", () => {
  playing({ 2: { digit: "3" } });
  assert.deepEqual(hintBoard(), { puzzle: GIVENS, progress: "..3............." });
});

test("with some pencilled, every open cell's are sent, null for an open cell without any", () => {
  playing({ 2: { digit: "3" }, 3: { centre: "4" }, 6: { corner: "1" } });
  const body = hintBoard();
  assert.equal(body.candidates[2], ""); // filled
  assert.equal(body.candidates[3], "4");
  assert.equal(body.candidates[6], null); // corner marks are no candidates
  assert.equal(body.candidates[0], ""); // a given
});
