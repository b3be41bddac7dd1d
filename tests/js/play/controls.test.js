// The words the play page's controls say once the puzzle is solved
// (static/js/play/controls.js), in English when no catalog is loaded.

import assert from "node:assert/strict";
import { test } from "node:test";

import { solvedMessage } from "../../../static/js/play/controls.js";

test("the solved message names the time played, the hints and the checks", () => {
  assert.equal(solvedMessage({ elapsed: 245_000, hints: 2, checks: 1 }), "Solved in 4:05 with 2 hints and 1 check.");
  assert.equal(solvedMessage({ elapsed: 3_600_000, hints: 1, checks: 0 }), "Solved in 1:00:00 with 1 hint and 0 checks.");
});
