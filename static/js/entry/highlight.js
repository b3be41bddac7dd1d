// Shows where the active cell sits: its <td> gets "selected", its peers
// (the other cells of its row, column and box, from the units the server
// wrote in the page) get "peer", and every cell holding its digit gets
// "same-digit". The marks go when focus leaves the grid (and its
// digit pad). Without it, only the focus outline shows the cell.

import { cells, form, grid, indexOf, table } from "./cells.js";
import { activeCell } from "./roving.js";

const MARKS = ["selected", "peer", "same-digit"];
let shown = null; // the cell the marks are drawn around, if any

function show(cell) {
  shown = cell;
  const peers = new Set(grid.peersOf(indexOf(cell)));
  cells().forEach((other, index) => {
    const classes = other.closest("td").classList;
    classes.toggle("selected", other === cell);
    classes.toggle("peer", peers.has(index));
    classes.toggle("same-digit", cell.value !== "" && other.value === cell.value);
  });
}

function hide() {
  shown = null;
  for (const cell of cells()) cell.closest("td").classList.remove(...MARKS);
}

export function startHighlight() {
  if (!table) return;
  const pad = form.querySelector(".pad");
  const within = (node) => node instanceof Node && (table.contains(node) || !!pad?.contains(node));
  table.addEventListener("cells:active", (event) => show(event.detail));
  table.addEventListener("cells:change", () => shown && show(shown));
  // On the pad, focus is on a key, so "selected" is what shows the cell it fills,
  // even when focus came to the pad from outside the grid.
  pad?.addEventListener("focusin", () => {
    if (!shown && activeCell()) show(activeCell());
  });
  document.addEventListener("focusout", (event) => {
    if (within(event.target) && !within(event.relatedTarget)) hide();
  });
}
