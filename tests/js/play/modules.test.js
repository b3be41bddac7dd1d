// Rules over every module of static/js/play/: none touches the page when
// imported, and the page's state has one writer, session.js.

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { test } from "node:test";

const FOLDER = new URL("../../../static/js/play/", import.meta.url);
const MODULES = readdirSync(FOLDER).filter((name) => name.endsWith(".js"));

test("every play module can be imported where there is no page", async () => {
  assert.equal(globalThis.document, undefined);
  assert.ok(MODULES.length > 20, MODULES.length);
  for (const name of MODULES) await import(new URL(name, FOLDER));
});

// An assignment to the state's fields (session.x =, view.x +=, game.x++,
// game.digits[i] =) or a change to one of its sets.
const WRITES = [
  /\b(?:session|view)\.\w+(?:\.\w+)*\s*(?:[-+*/]?=(?!=)|\+\+|--)/,
  /\bgame\.\w+(?:\[[^\]]*\])?\s*(?:[-+*/]?=(?!=)|\+\+|--)/,
  /\bview\.\w+\.(?:add|delete|clear)\(/,
];

test("no module but session.js writes the page's state (game.js makes the games it is handed)", () => {
  for (const name of MODULES.filter((module) => !["session.js", "game.js"].includes(module))) {
    const lines = readFileSync(new URL(name, FOLDER), "utf8").split("\n");
    lines.forEach((line, at) => {
      for (const write of WRITES) assert.doesNotMatch(line, write, `${name}:${at + 1}`);
    });
  }
});
