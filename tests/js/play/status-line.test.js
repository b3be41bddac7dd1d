// The play page's status line (session.js's ``say``): a change to the game
// replaces what it said, so a stale "Resumed." never stays above the
// solved message; what a change says itself comes after the change.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { change, newGame } from "../../../static/js/play/game.js";
import { act, begin, onChange, say, session, takeBack } from "../../../static/js/play/session.js";
import { GIVENS, fakeClock, playData, useStorage } from "./support.js";

// The page's live region, alone: p#play-status.
const region = { textContent: "" };

beforeEach((t) => {
  useStorage(t);
  globalThis.document = { getElementById: (id) => (id === "play-status" ? region : null) };
  t.after(() => delete globalThis.document);
  region.textContent = "";
  begin({ data: playData(), game: newGame(GIVENS), clock: fakeClock() });
});

const digit = (index, value) => [change(session.game, index, { digit: value })];

test("a move clears what the status line said before it", () => {
  say("Resumed.");
  act(digit(2, "3"));
  assert.equal(region.textContent, "");
});

test("an undo clears it too, and what is said after the change stays", () => {
  act(digit(2, "3"));
  say("Resumed.");
  takeBack();
  say("Undone.");
  assert.equal(region.textContent, "Undone.");
});

test("what the other modules say when told of a change is kept", () => {
  onChange(() => say("That is the limit of mistakes set."));
  say("Resumed.");
  act(digit(3, "4"));
  assert.equal(region.textContent, "That is the limit of mistakes set.");
});
