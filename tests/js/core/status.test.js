// Saying what a script did in a page's live region (static/js/core/status.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { announcer } from "../../../static/js/core/status.js";
import { useGlobal } from "../support/page.js";

test("the text goes into the live region, found at each call", (t) => {
  const region = { textContent: "" };
  const regions = {};
  useGlobal(t, "document", { getElementById: (id) => regions[id] ?? null });
  const say = announcer("entry-status");
  regions["entry-status"] = region; // drawn after the announcer was made
  say("Grid cleared.");
  assert.equal(region.textContent, "Grid cleared.");
});

test("a page without the region says nothing, and no error", (t) => {
  useGlobal(t, "document", { getElementById: () => null });
  assert.doesNotThrow(() => announcer("missing")("text"));
});
