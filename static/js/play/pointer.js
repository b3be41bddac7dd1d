// Selecting several cells by pointer (selection.js), as SudokuPad players
// expect: a press and drag with a mouse or pen selects every cell passed
// over; Shift+press adds a cell to the selection, Ctrl+press (Cmd on a Mac)
// adds it or takes it out; a plain press selects one cell. A touch press
// selects one cell and a touch drag scrolls the page as ever (a grid that
// caught touch drags would keep a phone's page from scrolling). The focus
// goes to the cell pressed (keyboard.js's select), so the keys act on it.
// Without a pointer nothing here runs: Shift+arrows select by keyboard.

import { gridTable, indexOf } from "./cell-buttons.js";
import { select } from "./keyboard.js";
import { selection } from "./selection.js";

let dragging = false;
let last = null; // where the pointer was when last seen: { x, y }

function cellAt(event) {
  const node = document.elementFromPoint(event.clientX, event.clientY);
  return indexOf(node?.closest?.("button.play-cell") ?? null);
}

function onDown(event) {
  const index = indexOf(event.target.closest?.("button.play-cell") ?? null);
  if (index < 0 || event.button !== 0) return;
  if (event.ctrlKey || event.metaKey) {
    selection.toggle(index);
    select(index, { extend: "keep" });
  } else if (event.shiftKey) {
    select(index, { extend: "add" });
  } else {
    select(index);
    dragging = event.pointerType !== "touch";
    last = { x: event.clientX, y: event.clientY };
  }
  // The focus is set here; the button's own focus on press would move it again.
  if (event.pointerType !== "touch") event.preventDefault();
}

function onMove(event) {
  if (!dragging) return;
  // No button held: the press ended where this page did not hear it.
  if ((event.buttons & 1) === 0) {
    dragging = false;
    return;
  }
  // A move the pointer did not make: the browser's own after a scroll (the
  // focused cell scrolled into view) or a layout change under a still pointer.
  if (last && event.clientX === last.x && event.clientY === last.y) return;
  last = { x: event.clientX, y: event.clientY };
  const index = cellAt(event);
  if (index >= 0 && !selection.has(index)) select(index, { extend: "add", focus: false });
}

export function startPointer() {
  const table = gridTable();
  if (!table) return;
  table.addEventListener("pointerdown", onDown);
  table.addEventListener("pointermove", onMove);
  document.addEventListener("pointerup", () => {
    dragging = false;
  });
  document.addEventListener("pointercancel", () => {
    dragging = false;
  });
}
