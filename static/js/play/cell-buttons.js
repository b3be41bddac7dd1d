// The play grid as the server drew it: one button per cell, in reading
// order, on the shared grid geometry (core/grid.js): a cell's peers are the
// cells sharing its data-row, data-column or data-box. The board's size
// (4x4 to 25x25) is its number of cells; its values are written as the
// formats write them, 1 to 9 then A (10) to P (25). Nothing here runs by
// itself: play.js reads the page's grid (readGrid) before the game starts,
// and until then the grid is empty. Without the scripts the grid stays hidden.

import { FORMAT_SYMBOLS, createGrid } from "../core/grid.js";

let table = null;
let grid = createGrid([]);

// Read the grid ``page`` (a document, or any root holding one) carries: how
// many cells it has, 0 when it has none.
export function readGrid(page) {
  table = page.querySelector("table.play-grid");
  grid = createGrid(table ? Array.from(table.querySelectorAll("button.play-cell")) : []);
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

export const buttonAt = (index) => grid.at(index);
export const indexOf = (node) => grid.indexOf(node);
export const indexAt = (row, column) => grid.indexAt(row, column);
export const peersOf = (index) => grid.peersOf(index);
export const place = (index) => grid.place(index);
export const unitCells = (unit) => grid.unitCells(unit);
