// The play grid as the server drew it: one button per cell, in reading
// order, on the shared grid geometry (core/grid.js): a cell's peers are the
// other cells of its units, as the page's #grid-units lists them. The
// board's size (4x4 to 25x25) is its number of cells; its values are written
// as the formats write them, 1 to 9 then A (10) to P (25). Nothing here runs
// by itself: play.js reads the page's grid (readGrid) before the game
// starts, and until then the grid is empty. Without the scripts the grid
// stays hidden.

import { FORMAT_SYMBOLS, createGrid, readUnits } from "../core/grid.js";

const NO_UNITS = { row: [], column: [], box: [] };
let table = null;
let grid = createGrid([], NO_UNITS);

// Read the grid ``page`` (a document, or any root holding one) carries, and
// its units: how many cells it has, 0 when it has none.
export function readGrid(page) {
  table = page.querySelector("table.play-grid");
  const cells = table ? Array.from(table.querySelectorAll("button.play-cell")) : [];
  grid = createGrid(cells, readUnits(page) ?? NO_UNITS);
  return grid.cells.length;
}

// The grid's table, or null before readGrid (or on a page without one).
export function gridTable() {
  return table;
}

export function buttons() {
  return grid.cells;
}

// Cells per row, and the board's values in order.
export function size() {
  return grid.size;
}

export function symbols() {
  return FORMAT_SYMBOLS.slice(0, grid.size);
}

// How many columns a box spans (3 on 9x9, 4 on 16x16, 3 on 6x6's 2x3
// boxes), read from the cells of box 1 as the page's units list them; 1
// before readGrid. Centre marks drawn in their places use it as their grid.
export function boxColumns() {
  const columns = new Set(grid.unitCells({ kind: "box", number: 1 }).map((index) => grid.place(index).column));
  return Math.max(columns.size, 1);
}

export const buttonAt = (index) => grid.at(index);
export const indexOf = (node) => grid.indexOf(node);
export const indexAt = (row, column) => grid.indexAt(row, column);
export const peersOf = (index) => grid.peersOf(index);
export const place = (index) => grid.place(index);
export const unitCells = (unit) => grid.unitCells(unit);
