// The entry grid's cells and typing rules (static/js/entry/cells.js), read
// from a stand-in page: what a typed character means, the grid as a line
// of the formats' symbols, and the change events scripts raise.

import assert from "node:assert/strict";
import { test } from "node:test";

import * as entry from "../../../static/js/entry/cells.js";
import { fakeCells, fakePage, unitsOf, useGlobal } from "../support/page.js";

// The entry page of a ``size`` x ``size`` board whose values are written
// ``symbols`` and whose blanks are ``blanks`` (form.entry's data-symbols and
// data-blanks), its cells holding ``values``; read by startCells. Returns
// the cells and the changes the table was told of.
function usePage(t, { size = 4, symbols = "1234", blanks = ".0-_", values = "", boxes = [2, 2] } = {}) {
  const cells = fakeCells(size, values);
  const changes = [];
  const table = {
    querySelectorAll: (selector) => (selector === "input[data-row]" ? cells : []),
    dispatchEvent: (event) => changes.push(event.detail),
  };
  const form = { dataset: { symbols, blanks }, querySelector: (s) => (s === "table.entry-grid" ? table : null) };
  const units = { textContent: JSON.stringify(unitsOf(size, ...boxes)) };
  useGlobal(t, "document", fakePage({ "form.entry": form, "script#grid-units": units }));
  entry.startCells();
  return { cells, changes };
}

test("before the page is read there is no grid, and no page is touched", () => {
  assert.equal(entry.form, null);
  assert.deepEqual(entry.cells(), []);
});

test("the grid's cells are read from the page, with its geometry", (t) => {
  const { cells } = usePage(t);
  assert.equal(entry.cells().length, 16);
  assert.equal(entry.cellIn(2, 3), cells[6]);
  assert.equal(entry.cellIn(5, 1), null);
  assert.equal(entry.indexOf(cells[6]), 6);
  assert.equal(entry.isCell(cells[6]), true);
  assert.equal(entry.isCell({}), false);
  assert.deepEqual(entry.grid.peersOf(0), [1, 2, 3, 4, 5, 8, 12]);
});

test("a page without the grid has no cells", (t) => {
  useGlobal(t, "document", fakePage({}));
  entry.startCells();
  assert.deepEqual(entry.cells(), []);
  assert.equal(entry.SYMBOLS, "123456789");
});

test("a typed character is one of the board's symbols, a blank, or refused", (t) => {
  usePage(t);
  assert.equal(entry.symbolOf("3"), "3");
  assert.equal(entry.symbolOf("5"), null); // not a value of a 4x4 board
  assert.equal(entry.symbolOf("x"), null);
  for (const blank of [".", "0", "-", "_", " ", "\u3000", "\uff0e", "\uff10"]) {
    assert.equal(entry.symbolOf(blank), "", JSON.stringify(blank));
  }
});

test("full-width digits type as digits, and letters in either case as the board's symbols", (t) => {
  usePage(t, { size: 16, symbols: "123456789ABCDEFG", boxes: [4, 4] });
  assert.equal(entry.symbolOf("\uff13"), "3");
  assert.equal(entry.symbolOf("c"), "C");
  assert.equal(entry.symbolOf("H"), null);
});

test("on 16x16 a cell's two digits make a value, written as its letter", (t) => {
  usePage(t, { size: 16, symbols: "123456789ABCDEFG", boxes: [4, 4] });
  assert.equal(entry.NUMBERED, true);
  assert.equal(entry.valueOf("12"), "C");
  assert.equal(entry.valueOf("16"), "G");
  assert.equal(entry.valueOf("17"), null);
  assert.equal(entry.valueOf("c"), "C");
  assert.equal(entry.symbolFor(12), "C");
  assert.equal(entry.symbolFor(0), null);
});

test("in hexadoku's writing values are single symbols, 0 among them", (t) => {
  usePage(t, { size: 16, symbols: "0123456789ABCDEF", blanks: ".-_", boxes: [4, 4] });
  assert.equal(entry.NUMBERED, false);
  assert.equal(entry.valueOf("12"), null);
  assert.equal(entry.symbolOf("0"), "0");
  assert.equal(entry.symbolFor(1), "0");
  assert.equal(entry.engineSymbol(1), "1"); // the formats write the first value 1
});

test("the grid reads as a line of the formats' symbols, '.' for a cell without a value", (t) => {
  usePage(t, { values: ["1", "", "x", "4", ...Array(12).fill("")] });
  assert.equal(entry.readGrid(), "1..4............");
});

test("a hexadoku grid reads in the formats' symbols, whatever the page shows", (t) => {
  usePage(t, { size: 16, symbols: "0123456789ABCDEF", blanks: ".", values: "0F", boxes: [4, 4] });
  assert.equal(entry.readGrid().slice(0, 3), "1G.");
});

test("filling the grid from a line writes every cell and tells of one change naming no cell", (t) => {
  const { cells, changes } = usePage(t);
  assert.equal(entry.fillGrid("12..34....43..21"), true);
  assert.deepEqual(
    cells.map((cell) => cell.value),
    ["1", "2", "", "", "3", "4", "", "", "", "", "4", "3", "", "", "2", "1"],
  );
  assert.deepEqual(changes, [null]);
});

test("a line of another length is refused, the grid left as it was", (t) => {
  const { cells, changes } = usePage(t, { values: "1" });
  assert.equal(entry.fillGrid("12"), false);
  assert.equal(entry.fillGrid(null), false);
  assert.equal(cells[0].value, "1");
  assert.deepEqual(changes, []);
});

test("a value written by a script tells of the change, naming its cell, only when it changes", (t) => {
  const { cells, changes } = usePage(t, { values: "1" });
  entry.setValue(cells[0], "1");
  entry.setValue(cells[1], "2");
  assert.equal(cells[1].value, "2");
  assert.deepEqual(changes, [cells[1]]);
});
