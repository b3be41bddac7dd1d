// Asking the server for a board's candidates and conflicts
// (static/js/core/candidates.js): what is read from the reply, and what not.

import assert from "node:assert/strict";
import { test } from "node:test";

import { createCandidates } from "../../../static/js/core/candidates.js";
import { fakePage, useGlobal } from "../support/page.js";

function useReply(t, body, status = 200) {
  useGlobal(t, "document", fakePage({}));
  useGlobal(t, "fetch", async () => new Response(JSON.stringify(body), { status }));
}

const CONFLICT = { code: "conflict", message: "Two 1s in row 1.", cells: [[1, 1], [1, 2]] };

test("a board's candidates and conflicts are read from the reply", async (t) => {
  useReply(t, { candidates: ["", "34", "3", "4"], conflicts: [CONFLICT] });
  const board = await createCandidates("/api/candidates", 4)({ puzzle: "1..." });
  assert.deepEqual(board, { candidates: ["", "34", "3", "4"], conflicts: [CONFLICT] });
});

test("candidates for another number of cells, or not all strings, are not read", async (t) => {
  useReply(t, { candidates: ["1", "2"], conflicts: [] });
  assert.deepEqual(await createCandidates("/api/candidates", 4)({}), { candidates: null, conflicts: [] });
  useReply(t, { candidates: [1, 2, 3, 4], conflicts: [] });
  assert.equal((await createCandidates("/api/candidates", 4)({})).candidates, null);
});

test("a refused or unreadable reply gives neither", async (t) => {
  useReply(t, { candidates: ["", "", "", ""], conflicts: [] }, 500);
  assert.deepEqual(await createCandidates("/api/candidates", 4)({}), { candidates: null, conflicts: null });
});

test("only the latest ask counts: an aborted one resolves to null", async (t) => {
  useGlobal(t, "document", fakePage({}));
  useGlobal(
    t,
    "fetch",
    (url, request) =>
      new Promise((_, reject) => {
        request.signal.addEventListener("abort", () => reject(new Error("aborted")));
      }),
  );
  const ask = createCandidates("/api/candidates", 4);
  const pending = ask({});
  ask.abort();
  assert.equal(await pending, null);
});
