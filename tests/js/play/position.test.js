// Position links (static/js/play/position.js): a board written as the text
// of ?position= and read back, at every size; text that cannot be read, or
// does not fit the givens, reads as null.

import assert from "node:assert/strict";
import { test } from "node:test";

import { commit, change, layersOf, newGame } from "../../../static/js/play/game.js";
import { MAX_LENGTH, decode, encode } from "../../../static/js/play/position.js";
import { GIVENS } from "./support.js";

const FOUR = "1234";

function cellsOf(game) {
  return game.digits.map((_, index) => layersOf(game, index));
}

function withLayers(givens, layers) {
  const game = newGame(givens);
  commit(game, Object.entries(layers).map(([index, to]) => change(game, Number(index), to)));
  return game;
}

test("a board with nothing played is the version and one run of empty cells", () => {
  assert.equal(encode(newGame(GIVENS), FOUR), "1.AQ"); // 0, then 16 cells
});

test("every layer of every cell comes back from its link", () => {
  const game = withLayers(GIVENS, {
    0: { colour: "3" },
    2: { digit: "3", colour: "8" },
    3: { centre: "34", corner: "4" },
    12: { corner: "1234" },
  });
  const text = encode(game, FOUR);
  assert.match(text, /^1\.[A-Za-z0-9_-]+$/);
  assert.deepEqual(decode(text, GIVENS, FOUR), cellsOf(game));
});

test("a given's digit is the puzzle's: the link does not carry it", () => {
  const game = withLayers(GIVENS, { 0: { colour: "1" } });
  const coloured = encode(game, FOUR);
  assert.equal(decode(coloured, GIVENS, FOUR)[0][0], "1");
  assert.equal(encode(newGame(GIVENS), FOUR), encode(newGame("................"), FOUR));
});

test("a 25x25 board with values to P, centre marks of every value and colours comes back", () => {
  const symbols = "123456789ABCDEFGHIJKLMNOP";
  const givens = ".".repeat(625);
  const layers = {};
  for (let index = 0; index < 625; index += 1) {
    layers[index] = index % 2 ? { digit: symbols[index % 25], colour: "8" } : { centre: symbols };
  }
  const game = withLayers(givens, layers);
  const text = encode(game, symbols);
  assert.ok(text.length <= MAX_LENGTH, text.length);
  assert.deepEqual(decode(text, givens, symbols), cellsOf(game));
});

test("text of another version, too long, or not base64url reads as null", () => {
  assert.equal(decode("2.AQ", GIVENS, FOUR), null);
  assert.equal(decode(`1.${"A".repeat(MAX_LENGTH)}`, GIVENS, FOUR), null);
  assert.equal(decode("1.A*", GIVENS, FOUR), null);
  assert.equal(decode(null, GIVENS, FOUR), null);
});

test("a position of too few or too many cells reads as null", () => {
  assert.equal(decode("1.AP", GIVENS, FOUR), null); // a run of 15
  assert.equal(decode("1.AQI", GIVENS, FOUR), null); // a 17th cell
});

test("a position that does not fit the givens reads as null", () => {
  // Each beside its twin that fits: 0 and 2 open cells, a cell, 0 and 13.
  assert.deepEqual(decode("1.ACIAN", GIVENS, FOUR)[2], ["1", "", "", ""]);
  assert.equal(decode("1.IAP", GIVENS, FOUR), null); // a digit in a given's cell
  assert.deepEqual(decode("1.ACgBAN", GIVENS, FOUR)[2], ["4", "", "", ""]);
  assert.equal(decode("1.ACoBAN", GIVENS, FOUR), null); // value 5 on a 4x4 board
  assert.deepEqual(decode("1.ACBIAN", GIVENS, FOUR)[2], ["", "", "", "8"]);
  assert.equal(decode("1.ACBJAN", GIVENS, FOUR), null); // colour 9
  assert.deepEqual(decode("1.ACEPAN", GIVENS, FOUR)[2], ["", "1234", "", ""]);
  assert.equal(decode("1.ACEQAN", GIVENS, FOUR), null); // a mark of a fifth value
});

test("marks beside a digit do not fit a cell", () => {
  // Cell 3 (open): value 1 (8) with centre marks (4) = 12 ("M"), its mask 1 ("B"); then 13 empty.
  assert.equal(decode("1.ACMBAN", GIVENS, FOUR), null);
});
