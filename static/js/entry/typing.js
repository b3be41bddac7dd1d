// What a cell may hold: a typed digit fills the cell and moves on, a typed
// blank (one the server reads as empty, or space) empties it and moves on,
// other characters are refused, and whatever else writes into a cell
// (mobile keyboards, input methods, autofill) is cut down to its last digit.
// Without it, any text can be typed, and the server names what is not a digit.

import { cellAt, cells, changed, indexOf, isCell, setValue, symbolOf, table } from "./cells.js";
import { activate } from "./roving.js";

// Fill or empty ``cell`` and move to the next (wrapping to the next row;
// the last cell stays), as typing does. Also used by the digit pad.
export function enter(cell, symbol, options) {
  setValue(cell, symbol);
  activate(cellAt(Math.min(indexOf(cell) + 1, cells().length - 1)), options);
}

function lastDigit(text) {
  return Array.from(text, symbolOf).filter(Boolean).at(-1) ?? "";
}

// Keys, virtual keyboards and dictation announce their text here, before it
// lands; a cell takes it whole instead of the browser's caret edit (which
// maxlength would cut short in a full cell, or after a pasted space).
// A pasted or dropped digit fills the cell but does not move on; a whole
// puzzle pasted never gets here (paste.js takes it first).
function onBeforeInput(event) {
  const cell = event.target;
  if (!isCell(cell) || event.isComposing) return;
  if (event.inputType === "insertText") {
    event.preventDefault();
    const symbol = symbolOf(Array.from(event.data ?? "").at(-1) ?? "");
    if (symbol !== null) enter(cell, symbol);
  } else if (["insertFromPaste", "insertFromDrop"].includes(event.inputType)) {
    event.preventDefault();
    // Text fields get the text as data; dataTransfer is for rich editors.
    const digit = lastDigit(event.data ?? event.dataTransfer?.getData("text/plain") ?? "");
    if (digit) setValue(cell, digit);
  }
}

// Keep only the last digit 1-9 in the cell, or nothing.
function tidy(cell) {
  cell.value = lastDigit(cell.value);
  changed(cell);
}

function onInput(event) {
  if (isCell(event.target) && !event.isComposing) tidy(event.target);
}

function onCompositionEnd(event) {
  if (isCell(event.target)) tidy(event.target);
}

export function startTyping() {
  if (!table) return;
  table.addEventListener("beforeinput", onBeforeInput);
  table.addEventListener("input", onInput);
  table.addEventListener("compositionend", onCompositionEnd);
}
