// The rules the entry grid is checked under, written as the server reads
// them (solver/engine/rules/text.py): what the scripts send with the grid.

import assert from "node:assert/strict";
import { test } from "node:test";

import { rulesText } from "../../../static/js/entry/rules.js";

test("a classic grid has no rules text", () => {
  assert.equal(rulesText("", [], ""), "");
  assert.equal(rulesText("  ", [], " \n "), "");
});

test("the rules a link carried come first, then those ticked, joined by commas", () => {
  assert.equal(rulesText("antiknight", [], ""), "antiknight");
  assert.equal(rulesText("", ["diagonal", "antiking"], ""), "diagonal,antiking");
  assert.equal(rulesText("windoku", ["nonconsecutive"], ""), "windoku,nonconsecutive");
});

test("a region map typed over lines becomes one jigsaw token, its spaces dropped", () => {
  assert.equal(rulesText("", ["antiknight"], "1122\n1122\n3344\n 3344 "), "antiknight,jigsaw:1122112233443344");
});
