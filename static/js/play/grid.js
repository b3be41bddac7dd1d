// The play grid as the server drew it: one button per cell, in reading
// order, each naming its row, column and box (data-row, data-column,
// data-box). The server's attributes are the only geometry here: a cell's
// peers are the cells sharing one of them, as highlight.js reads them.
// Nothing here runs by itself; without the scripts the grid stays hidden.

export const table = document.querySelector("table.play-grid");
const BUTTONS = table ? Array.from(table.querySelectorAll("button.play-cell")) : [];
export const SIZE = Math.round(Math.sqrt(BUTTONS.length)); // cells per row
const UNITS = ["row", "column", "box"];

function sharesUnit(a, b) {
  return UNITS.some((unit) => a.dataset[unit] === b.dataset[unit]);
}

// Each cell's peers (the indices of the other cells of its row, column and box).
const PEERS = BUTTONS.map((cell) =>
  BUTTONS.flatMap((other, index) => (other !== cell && sharesUnit(cell, other) ? [index] : [])),
);

export function buttons() {
  return BUTTONS;
}

export function buttonAt(index) {
  return BUTTONS[index] ?? null;
}

export function indexOf(node) {
  return BUTTONS.indexOf(node);
}

// The index of the cell at row, column (both from 1, as the server counts), or -1.
export function indexAt(row, column) {
  const inside = (n) => Number.isInteger(n) && n >= 1 && n <= SIZE;
  return inside(row) && inside(column) ? (row - 1) * SIZE + column - 1 : -1;
}

export function peersOf(index) {
  return PEERS[index] ?? [];
}

export function place(index) {
  const { row, column } = BUTTONS[index].dataset;
  return { row: Number(row), column: Number(column) };
}

// The indices of the cells of a unit given as {kind, number}, as the teacher names them.
export function unitCells({ kind, number }) {
  if (!UNITS.includes(kind)) return [];
  return BUTTONS.flatMap((cell, index) => (cell.dataset[kind] === String(number) ? [index] : []));
}
