// The grid's geometry (static/js/core/grid.js): cells by place, peers and
// units from the units the server lists, navigation keys, and the two-digit
// rule of boards above 9x9.

import assert from "node:assert/strict";
import { test } from "node:test";

import {
  FORMAT_SYMBOLS,
  beginsNumber,
  checkedUnits,
  createGrid,
  destination,
  halfWidth,
  numberOf,
  readUnits,
} from "../../../static/js/core/grid.js";
import { fakeCells, pageWithUnits, unitsOf } from "../support/page.js";

const grid4 = () => createGrid(fakeCells(4), unitsOf(4, 2, 2));

test("a grid's size is the number of cells in a row", () => {
  assert.equal(grid4().size, 4);
  assert.equal(createGrid(fakeCells(25), unitsOf(25, 5, 5)).size, 25);
});

test("a cell is found by its row and column, counted from 1", () => {
  const grid = grid4();
  assert.equal(grid.indexAt(1, 1), 0);
  assert.equal(grid.indexAt(2, 3), 6);
  assert.equal(grid.indexAt(4, 4), 15);
  assert.deepEqual(grid.place(6), { row: 2, column: 3 });
  assert.equal(grid.at(6), grid.cells[6]);
  assert.equal(grid.indexOf(grid.cells[6]), 6);
});

test("a place outside the grid is -1, and an index outside it null", () => {
  const grid = grid4();
  for (const [row, column] of [[0, 1], [1, 5], [5, 1], [1.5, 1], ["1", 1]]) {
    assert.equal(grid.indexAt(row, column), -1);
  }
  assert.equal(grid.at(16), null);
  assert.equal(grid.indexOf({}), -1);
});

test("a cell's peers are the other cells of its row, column and box, in reading order", () => {
  assert.deepEqual(grid4().peersOf(0), [1, 2, 3, 4, 5, 8, 12]);
  assert.deepEqual(grid4().peersOf(15), [3, 7, 10, 11, 12, 13, 14]);
});

test("every cell of a board of any size has its row's, its column's and the rest of its box's cells as peers", () => {
  for (const [size, rows, columns] of [[4, 2, 2], [6, 2, 3], [9, 3, 3], [12, 3, 4], [16, 4, 4], [25, 5, 5]]) {
    const grid = createGrid(fakeCells(size), unitsOf(size, rows, columns));
    const expected = 2 * (size - 1) + (rows - 1) * (columns - 1);
    const counts = new Set(grid.cells.map((_, index) => grid.peersOf(index).length));
    assert.deepEqual([...counts], [expected], `${size}x${size}`);
  }
});

test("peers come from the units the page lists, not from any rule in the script", () => {
  const rowsOnly = { ...unitsOf(4, 2, 2), column: [], box: [] };
  assert.deepEqual(createGrid(fakeCells(4), rowsOnly).peersOf(5), [4, 6, 7]);
});

test("under a variant's rules, a cell's peers are the other cells of every region that holds it", () => {
  // A 4x4 jigsaw (regions of rows' halves paired across two rows, as in
  // unitsOf's boxes, but shifted) with the main diagonal.
  const jigsaw = [[0, 1, 2, 4], [3, 5, 6, 7], [8, 9, 10, 12], [11, 13, 14, 15]];
  const units = { row: unitsOf(4, 2, 2).row, column: unitsOf(4, 2, 2).column, jigsaw, diagonal: [[0, 5, 10, 15]] };
  const grid = createGrid(fakeCells(4), checkedUnits(units));
  assert.deepEqual(grid.peersOf(0), [1, 2, 3, 4, 5, 8, 10, 12, 15]);
  assert.deepEqual(grid.peersOf(3), [0, 1, 2, 5, 6, 7, 11, 15]);
});

test("a unit's cells are found by its kind and number, as the teacher names them", () => {
  const grid = grid4();
  assert.deepEqual(grid.unitCells({ kind: "row", number: 2 }), [4, 5, 6, 7]);
  assert.deepEqual(grid.unitCells({ kind: "column", number: 3 }), [2, 6, 10, 14]);
  assert.deepEqual(grid.unitCells({ kind: "box", number: 4 }), [10, 11, 14, 15]);
});

test("a unit of another kind or number has no cells", () => {
  const grid = grid4();
  assert.deepEqual(grid.unitCells({ kind: "diagonal", number: 1 }), []);
  assert.deepEqual(grid.unitCells({ kind: "row", number: 5 }), []);
  assert.deepEqual(grid.unitCells({ kind: "row", number: 0 }), []);
});

test("a grid given no units, on no page, has no peers and no units", () => {
  const grid = createGrid(fakeCells(4));
  assert.deepEqual(grid.peersOf(0), []);
  assert.deepEqual(grid.unitCells({ kind: "row", number: 1 }), []);
});

test("the units are read from the page's #grid-units", () => {
  const units = unitsOf(4, 2, 2);
  assert.deepEqual(readUnits(pageWithUnits(JSON.stringify(units))), units);
});

test("units that are missing, unreadable or of the wrong shape read as null", () => {
  assert.equal(readUnits({ querySelector: () => null }), null);
  assert.equal(readUnits(pageWithUnits("{")), null);
  assert.equal(readUnits(pageWithUnits('{"row": [], "column": []}')), null);
  assert.equal(readUnits(pageWithUnits('{"row": [[0, "1"]], "column": [], "box": []}')), null);
  assert.equal(readUnits(pageWithUnits('{"row": [], "column": [], "jigsaw": [], "diagonal": [[0, "5"]]}')), null);
  assert.equal(readUnits(pageWithUnits("[]")), null);
  assert.equal(readUnits(undefined), null);
  assert.equal(checkedUnits(null), null);
});

test("arrow keys move one cell, Left and Right wrapping between rows, never out of the grid", () => {
  assert.equal(destination("ArrowRight", 3, false, 4), 4);
  assert.equal(destination("ArrowLeft", 4, false, 4), 3);
  assert.equal(destination("ArrowLeft", 0, false, 4), 0);
  assert.equal(destination("ArrowRight", 15, false, 4), 15);
  assert.equal(destination("ArrowUp", 5, false, 4), 1);
  assert.equal(destination("ArrowUp", 1, false, 4), 1);
  assert.equal(destination("ArrowDown", 13, false, 4), 13);
  assert.equal(destination("ArrowDown", 9, false, 4), 13);
});

test("Home and End go to the row's ends, and with Ctrl to the grid's", () => {
  assert.equal(destination("Home", 6, false, 4), 4);
  assert.equal(destination("End", 6, false, 4), 7);
  assert.equal(destination("Home", 6, true, 4), 0);
  assert.equal(destination("End", 6, true, 4), 15);
});

test("other keys lead nowhere", () => {
  assert.equal(destination("a", 6, false, 4), null);
  assert.equal(destination("ArrowLeft", 6, true, 4), null);
});

test("only on boards above 9x9 does a digit begin a two-digit value, when ten times it is a value", () => {
  assert.equal(beginsNumber("1", 9), false);
  assert.equal(beginsNumber("1", 16), true);
  assert.equal(beginsNumber("2", 16), false);
  assert.equal(beginsNumber("2", 25), true);
  assert.equal(beginsNumber("3", 25), false);
  assert.equal(beginsNumber("0", 25), false);
  assert.equal(beginsNumber("A", 25), false);
});

test("a first digit and a second make the board's value, or null when the board has none", () => {
  assert.equal(numberOf("1", "2", 16), 12);
  assert.equal(numberOf("1", "0", 16), 10);
  assert.equal(numberOf("1", "6", 16), 16);
  assert.equal(numberOf("1", "7", 16), null);
  assert.equal(numberOf("2", "5", 25), 25);
  assert.equal(numberOf("2", "6", 25), null);
  assert.equal(numberOf("1", "x", 16), null);
  assert.equal(numberOf("1", "2", 9), null);
});

test("a full-width digit reads as its plain digit, and anything else as it is", () => {
  assert.equal(halfWidth("\uff10"), "0");
  assert.equal(halfWidth("\uff19"), "9");
  assert.equal(halfWidth("7"), "7");
  assert.equal(halfWidth("a"), "a");
});

test("the formats' symbols run from 1 to 9, then A (10) to P (25)", () => {
  assert.equal(FORMAT_SYMBOLS.length, 25);
  assert.equal(FORMAT_SYMBOLS[9], "A");
  assert.equal(FORMAT_SYMBOLS.at(-1), "P");
});
