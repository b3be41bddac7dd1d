// The play grid as the server drew it: one button per cell, in reading
// order, on the shared grid geometry (core/grid.js): a cell's peers are the
// cells sharing its data-row, data-column or data-box. The board's size
// (4x4 to 25x25) is its number of cells; its values are written as the
// formats write them, 1 to 9 then A (10) to P (25). Nothing here runs by
// itself; without the scripts the grid stays hidden.

import { FORMAT_SYMBOLS, createGrid } from "../core/grid.js";

export const table = document.querySelector("table.play-grid");
const grid = createGrid(table ? Array.from(table.querySelectorAll("button.play-cell")) : []);

export const SIZE = grid.size; // cells per row
export const SYMBOLS = FORMAT_SYMBOLS.slice(0, SIZE); // the board's values, in order
export const { at: buttonAt, indexOf, indexAt, peersOf, place, unitCells } = grid;

export function buttons() {
  return grid.cells;
}
