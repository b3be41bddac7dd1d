// Keyboard moves in the grid: arrows (Left and Right wrap between rows),
// Home and End (with Ctrl, of the whole grid), Backspace and Delete.
// Typing itself is typing.js's job. Without it, Tab moves from cell to cell
// and each cell is edited as a text box.

import { destination } from "../core/grid.js";
import { cellAt, grid, indexOf, isCell, setValue, table } from "./cells.js";
import { activate } from "./roving.js";

// Backspace empties the cell; on an empty cell it goes back one and empties
// that, as deleting the last typed digit would.
function backspace(cell) {
  const previous = cellAt(indexOf(cell) - 1);
  if (cell.value || !previous) {
    setValue(cell, "");
  } else {
    setValue(previous, "");
    activate(previous);
  }
}

function onKeydown(event) {
  const cell = event.target;
  // Alt, Meta and Shift combinations belong to the browser (Alt+Left is Back).
  if (!isCell(cell) || event.altKey || event.metaKey || event.shiftKey || event.isComposing) return;
  if (!event.ctrlKey && (event.key === "Backspace" || event.key === "Delete")) {
    event.preventDefault();
    if (event.key === "Backspace") backspace(cell);
    else setValue(cell, "");
    return;
  }
  const index = destination(event.key, indexOf(cell), event.ctrlKey, grid.size);
  if (index === null) return;
  event.preventDefault();
  activate(cellAt(index));
}

export function startKeys() {
  if (!table) return;
  table.addEventListener("keydown", onKeydown);
  document.getElementById("keys-help")?.removeAttribute("hidden");
}
