// A batch's progress reply, read strictly (static/js/batch/progress.js).

import assert from "node:assert/strict";
import { test } from "node:test";

import { reading } from "../../../static/js/batch/progress.js";

test("a progress reply is read with its counts and status line", () => {
  const reply = { done: 3, total: 10, finished: false, counts: { unique: 3 }, text: "3 of 10 solved." };
  assert.deepEqual(reading(reply), reply);
});

test("counts and text that are missing or of the wrong kind read as none", () => {
  assert.deepEqual(reading({ done: 10, total: 10, finished: true, counts: null, text: 5 }), {
    done: 10,
    total: 10,
    finished: true,
    counts: {},
    text: "",
  });
});

test("a reply without whole numbers done and total and a finished flag is not progress", () => {
  for (const reply of [null, "busy", [], { done: 1, total: 2 }, { done: 1.5, total: 2, finished: false }]) {
    assert.equal(reading(reply), null, JSON.stringify(reply));
  }
  assert.equal(reading({ done: "1", total: 2, finished: false }), null);
  assert.equal(reading({ done: 1, total: 2, finished: "no" }), null);
});
