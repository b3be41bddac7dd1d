// The game's questions to the API carry the puzzle's rules (static/js/play/asks.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { withRules } from "../../../static/js/play/asks.js";

function recorder() {
  const sent = [];
  const ask = async (body) => {
    sent.push(body);
    return "reply";
  };
  ask.abort = () => sent.push("aborted");
  return { ask, sent };
}

test("under variant rules every body sent carries them, and abort still aborts", async () => {
  const { ask, sent } = recorder();
  const ruled = withRules(ask, "jigsaw:1122112233443344");
  assert.equal(await ruled({ puzzle: "1...", progress: null }), "reply");
  ruled.abort();
  assert.deepEqual(sent, [{ puzzle: "1...", progress: null, rules: "jigsaw:1122112233443344" }, "aborted"]);
});

test("a classic puzzle's asker is left as it was", () => {
  const { ask } = recorder();
  assert.equal(withRules(ask, ""), ask);
  assert.equal(withRules(ask, undefined), ask);
});
