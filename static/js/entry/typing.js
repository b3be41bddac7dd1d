// What a cell may hold: a typed symbol fills the cell and moves on, a typed
// blank (one the server reads as empty, or space) empties it and moves on,
// other characters are refused, and whatever else writes into a cell
// (mobile keyboards, input methods, autofill) is cut down to its last symbol.
// Without it, any text can be typed, and the server names what is not a value.
//
// On boards above 9x9 a value may also be typed as its number: a digit that
// starts a two-digit value (1 on 16x16; 1 and 2 on 25x25) fills the cell and
// waits there for a second digit, which makes the number (1 then 2 is 12,
// "C") and moves on. Any other key, or moving away, keeps the first digit
// alone: there is no timer to beat.

import { beginsNumber, numberOf } from "../core/grid.js";
import {
  NUMBERED,
  SYMBOLS,
  cellAt,
  cells,
  changed,
  indexOf,
  isCell,
  setValue,
  symbolFor,
  symbolOf,
  table,
  valueOf,
} from "./cells.js";
import { activate } from "./roving.js";

let waiting = null; // the cell holding a first digit that may take a second

// Fill or empty ``cell`` and move to the next (wrapping to the next row;
// the last cell stays), as typing does. Also used by the digit pad.
export function enter(cell, symbol, options) {
  waiting = null;
  setValue(cell, symbol);
  activate(cellAt(Math.min(indexOf(cell) + 1, cells().length - 1)), options);
}

// True when a two-digit value starts with the digit ``symbol`` (on 16x16,
// "1"); never in hexadoku's writing, whose values are single symbols.
function startsNumber(symbol) {
  return NUMBERED && beginsNumber(symbol, SYMBOLS.length);
}

// The value a second digit ``char`` makes with the first one waiting in
// ``cell``, or null when it makes none (the first then stands alone).
function secondDigit(cell, char) {
  if (waiting !== cell) return null;
  return symbolFor(numberOf(cell.value, char, SYMBOLS.length));
}

// One typed character in ``typedIn``: a second digit, a value, a blank, or
// nothing (refused).
function type(typedIn, char) {
  let cell = typedIn; // the next cell, when a first digit stands alone
  if (waiting === cell && !startsNumber(cell.value)) waiting = null; // cleared meanwhile
  const number = secondDigit(cell, char);
  if (number !== null) {
    enter(cell, number);
    return;
  }
  if (waiting === cell) {
    // The first digit stands alone; what was typed goes to the next cell.
    waiting = null;
    cell = cellAt(indexOf(cell) + 1);
    if (!cell) return;
    activate(cell);
  }
  const symbol = symbolOf(char);
  if (symbol === null) return;
  if (startsNumber(symbol)) {
    setValue(cell, symbol);
    waiting = cell;
  } else {
    enter(cell, symbol);
  }
}

function lastSymbol(text) {
  return valueOf(text) ?? Array.from(text, symbolOf).filter(Boolean).at(-1) ?? "";
}

// Keys, virtual keyboards and dictation announce their text here, before it
// lands; a cell takes it whole instead of the browser's caret edit (which
// maxlength would cut short in a full cell, or after a pasted space).
// A pasted or dropped symbol fills the cell but does not move on; a whole
// puzzle pasted never gets here (paste.js takes it first).
function onBeforeInput(event) {
  const cell = event.target;
  if (!isCell(cell) || event.isComposing) return;
  if (event.inputType === "insertText") {
    event.preventDefault();
    type(cell, Array.from(event.data ?? "").at(-1) ?? "");
  } else if (["insertFromPaste", "insertFromDrop"].includes(event.inputType)) {
    event.preventDefault();
    // Text fields get the text as data; dataTransfer is for rich editors.
    const symbol = lastSymbol((event.data ?? event.dataTransfer?.getData("text/plain") ?? "").trim());
    if (symbol) setValue(cell, symbol);
  }
}

// Enter keeps a first digit alone and goes on to send the form (Show
// Answer), as it does from any cell; any other key that leaves the cell ends
// the wait with it (focusout).
function onKeydown(event) {
  if (event.key === "Enter" && waiting === event.target && !event.isComposing) waiting = null;
}

// Keep only the cell's last symbol (or the value its two digits make), or nothing.
function tidy(cell) {
  cell.value = lastSymbol(cell.value);
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
  table.addEventListener("keydown", onKeydown);
  table.addEventListener("input", onInput);
  table.addEventListener("compositionend", onCompositionEnd);
  table.addEventListener("focusout", (event) => {
    if (event.target === waiting) waiting = null;
  });
}
