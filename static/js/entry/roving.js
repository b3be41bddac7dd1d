// Makes the grid one Tab stop (a roving tabindex: only the active cell has
// tabindex 0) and remembers the active cell, announcing each new one with a
// "cells:active" event on the table. Without it, every cell is a Tab stop.

import { cells, isCell, table } from "./cells.js";

let active = null;

export function activeCell() {
  return active;
}

// Make ``cell`` the active one and, unless told not to, move focus there
// (the digit pad keeps focus on its keys and moves only the active cell).
export function activate(cell, { focus = true } = {}) {
  if (!cell) return;
  if (focus) {
    cell.focus(); // the focusin below does the rest
  } else {
    remember(cell);
  }
}

function remember(cell) {
  if (active && active !== cell) active.tabIndex = -1;
  cell.tabIndex = 0;
  active = cell;
  table.dispatchEvent(new CustomEvent("cells:active", { detail: cell }));
}

export function startRoving() {
  if (!cells().length) return;
  for (const cell of cells()) cell.tabIndex = -1;
  cells()[0].tabIndex = 0;
  active = cells()[0];
  table.addEventListener("focusin", (event) => {
    if (!isCell(event.target)) return;
    remember(event.target);
    // A board wider or taller than its region (25x25 on a phone) scrolls
    // only as far as needed to show the cell, on both axes.
    event.target.scrollIntoView({ block: "nearest", inline: "nearest" });
  });
}
