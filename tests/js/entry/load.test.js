// Asking the server to read a puzzle (static/js/entry/load.js): the field
// and the board's size posted, and the reply read as a grid for this page,
// an address of another size's page, or a failure.

import assert from "node:assert/strict";
import { test } from "node:test";

import { startCells } from "../../../static/js/entry/cells.js";
import { FAILED, createLoader } from "../../../static/js/entry/load.js";
import { fakeCells, fakePage, unitsOf, useGlobal } from "../support/page.js";

// The 4x4 entry page (its size in the form when ``size``), whose load
// endpoint answers ``reply`` (an object as JSON, or a string as it is);
// returns the forms posted.
function usePage(t, reply, { size = "4", loadUrl = "/load" } = {}) {
  const cells = fakeCells(4);
  const table = { querySelectorAll: () => cells, dispatchEvent: () => true };
  const sizeField = size && { value: size };
  const form = {
    dataset: { symbols: "1234", blanks: ".", loadUrl },
    querySelector: (selector) => ({ "table.entry-grid": table, "input[name=size]": sizeField })[selector] ?? null,
  };
  const units = { textContent: JSON.stringify(unitsOf(4, 2, 2)) };
  useGlobal(t, "document", fakePage({ "form.entry": form, "script#grid-units": units }));
  startCells();
  const posted = [];
  useGlobal(t, "fetch", async (url, request) => {
    posted.push({ url, body: Object.fromEntries(request.body) });
    return new Response(typeof reply === "string" ? reply : JSON.stringify(reply));
  });
  return posted;
}

test("the text is posted as its field, with the board's size", async (t) => {
  const posted = usePage(t, { grid: "1234341221434321", problems: [], notices: [] });
  const reply = await createLoader()("puzzle", "1234 3412 2143 4321");
  assert.deepEqual(posted, [{ url: "/load", body: { puzzle: "1234 3412 2143 4321", size: "4" } }]);
  assert.deepEqual(reply, { grid: "1234341221434321", problems: [], notices: [], elsewhere: null });
});

test("a grid of another length is not this page's: it reads as none, with the address of its own", async (t) => {
  usePage(t, { grid: "1".repeat(81), problems: [], notices: ["A 9x9 puzzle."], entry_url: "/index?size=9" });
  const reply = await createLoader()("puzzle", "...");
  assert.equal(reply.grid, null);
  assert.equal(reply.elsewhere, "/index?size=9");
  assert.deepEqual(reply.notices, ["A 9x9 puzzle."]);
});

test("an address on another site is never followed", async (t) => {
  for (const url of ["//evil.example/index", "https://evil.example/", 5]) {
    usePage(t, { grid: null, problems: [], notices: [], entry_url: url });
    assert.equal((await createLoader()("puzzle", "...")).elsewhere, null, String(url));
  }
});

test("the server's problems are kept, and lists of the wrong kind read as empty", async (t) => {
  const problem = { code: "too_short", message: "Too short." };
  usePage(t, { grid: null, problems: [problem], notices: "no" });
  const reply = await createLoader()("puzzle", "12");
  assert.deepEqual(reply, { grid: null, problems: [problem], notices: [], elsewhere: null });
});

test("a reply that is not JSON, or a page without the load address, is a failure", async (t) => {
  usePage(t, "<html>502</html>");
  assert.equal(await createLoader()("puzzle", "12"), FAILED);
  usePage(t, {}, { loadUrl: "" });
  assert.equal(await createLoader()("puzzle", "12"), FAILED);
});

test("a page without the size field posts the field alone", async (t) => {
  const posted = usePage(t, { grid: null }, { size: "" });
  await createLoader()("puzzle", "12");
  assert.deepEqual(posted[0].body, { puzzle: "12" });
});
