// The play grid as the server drew it (static/js/play/cell-buttons.js):
// read from the page when asked: its cells, and its units as the page lists them.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  buttons,
  indexAt,
  peersOf,
  place,
  readGrid,
  size,
  symbols,
  unitCells,
} from "../../../static/js/play/cell-buttons.js";
import { fakePage } from "./support.js";

test("before the page is read the grid is empty", () => {
  assert.deepEqual([buttons(), size(), symbols()], [[], 0, ""]);
  assert.deepEqual(peersOf(0), []);
});

test("a page without the grid has no cells", () => {
  assert.equal(readGrid({ querySelector: () => null }), 0);
});

test("the grid read from a 4x4 page has its cells, size and values", () => {
  assert.equal(readGrid(fakePage(4, 2, 2)), 16);
  assert.deepEqual([size(), symbols()], [4, "1234"]);
  assert.deepEqual(place(6), { row: 2, column: 3 });
  assert.equal(indexAt(2, 3), 6);
});

test("a cell's peers are the other cells of its row, column and box, as the page lists them", () => {
  readGrid(fakePage(4, 2, 2));
  assert.deepEqual(peersOf(0), [1, 2, 3, 4, 5, 8, 12]);
  assert.deepEqual(unitCells({ kind: "box", number: 4 }), [10, 11, 14, 15]);
});

test("a 25x25 page's values run to P", () => {
  readGrid(fakePage(25, 5, 5));
  assert.equal(symbols(), "123456789ABCDEFGHIJKLMNOP");
  assert.equal(peersOf(0).length, 64); // 24 in its row, 24 in its column, 16 more in its box
});
