// Keeping games and options in localStorage (static/js/play/storage.js), and
// playing on when storage fails.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  forget,
  load,
  rememberLimit,
  rememberOption,
  save,
  storedLimit,
  storedOption,
} from "../../../static/js/play/storage.js";
import { fakeStorage, useStorage } from "./support.js";

test("a game saved under a key loads back, and is gone once forgotten", (t) => {
  useStorage(t);
  save("sudoku.play.x", { digits: ["1"] });
  assert.deepEqual(load("sudoku.play.x"), { digits: ["1"] });
  forget("sudoku.play.x");
  assert.equal(load("sudoku.play.x"), null);
});

test("nothing kept, or text that is not JSON, loads as null", (t) => {
  const storage = useStorage(t);
  assert.equal(load("sudoku.play.none"), null);
  storage.setItem("sudoku.play.broken", "{");
  assert.equal(load("sudoku.play.broken"), null);
});

test("storage that fails loses the game but never stops play", (t) => {
  useStorage(t, fakeStorage({ failing: true }));
  assert.doesNotThrow(() => save("sudoku.play.x", {}));
  assert.doesNotThrow(() => forget("sudoku.play.x"));
  assert.equal(load("sudoku.play.x"), null);
  assert.doesNotThrow(() => rememberOption("tidy", false));
  assert.equal(storedOption("tidy", true), true);
  assert.equal(storedLimit(), 0);
});

test("no storage at all (outside a browser) is storage that fails", () => {
  assert.equal(globalThis.localStorage, undefined);
  assert.equal(load("sudoku.play.x"), null);
  assert.equal(storedOption("peers", true), true);
});

test("an option is remembered as on or off, else its default holds", (t) => {
  const storage = useStorage(t);
  assert.equal(storedOption("mistakes", false), false);
  rememberOption("mistakes", true);
  assert.equal(storedOption("mistakes", false), true);
  rememberOption("digits", false);
  assert.equal(storedOption("digits", true), false);
  assert.equal(storage.kept.get("sudoku.play.countMistakes"), "on");
});

test("the tidy option keeps the key it had before, so a choice made then still holds", (t) => {
  const storage = useStorage(t);
  storage.setItem("sudoku.play.tidyNotes", "off");
  assert.equal(storedOption("tidy", true), false);
});

test("the mistakes' limit is a whole number above 0, else none (0)", (t) => {
  const storage = useStorage(t);
  assert.equal(storedLimit(), 0);
  rememberLimit(3);
  assert.equal(storedLimit(), 3);
  for (const kept of ["-1", "2.5", '"x"', "{"]) {
    storage.setItem("sudoku.play.mistakeLimit", kept);
    assert.equal(storedLimit(), 0, kept);
  }
});
