// The play grid as the server drew it: one button per cell, in reading
// order, on the shared grid geometry (core/grid.js): a cell's peers are the
// cells sharing its data-row, data-column or data-box. Nothing here runs by
// itself; without the scripts the grid stays hidden.

import { createGrid } from "../core/grid.js";

export const table = document.querySelector("table.play-grid");
const grid = createGrid(table ? Array.from(table.querySelectorAll("button.play-cell")) : []);

export const SIZE = grid.size; // cells per row
export const { at: buttonAt, indexOf, indexAt, peersOf, place, unitCells } = grid;

export function buttons() {
  return grid.cells;
}
