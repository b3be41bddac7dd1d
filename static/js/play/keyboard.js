// The game's keyboard: in the grid, arrows move (Left and Right wrap between
// rows), Home and End go to a row's ends (with Ctrl, the grid's), a value
// fills the cell as the mode says (a digit, a centre or corner mark, a
// colour), and Backspace, Delete, 0 or . empty it; the cell stays selected
// (players jump around). As in SudokuPad and f-puzzles, a modifier picks
// the layer whatever the mode: Shift a corner mark, Ctrl a centre mark,
// Ctrl+Shift a colour. Anywhere on the page but a form field: Z, X, C and V
// switch to normal, corner, centre and colour mode (N, which players knew as
// Notes, turns centre mode on and off), Ctrl+Z undoes, Ctrl+Shift+Z and
// Ctrl+Y redo; a letter that is one of the board's values types it in the
// grid instead. Shift with an arrow adds the cell it moves to to the
// selection (selection.js), and Escape leaves the focused cell alone
// selected. The grid is one Tab stop (a roving tabindex). Without it,
// the game stays hidden.
//
// On boards above 9x9 a value is its letter (C is 12) or two digits: a
// first digit that can begin a two-digit value of the board waits, shown in
// the cell, for the second (1 then 2 is 12). No timer decides: the next key
// that cannot follow it, Enter, moving to another cell or a press anywhere
// else places it alone, and Escape, Backspace or Delete drops it.

import { beginsNumber, destination, halfWidth, numberOf } from "../core/grid.js";
import { gettext, interpolate } from "../core/i18n.js";
import { buttonAt, buttons, gridTable, indexOf, size, symbols } from "./cell-buttons.js";
import { enterDigit, eraseCell, redoStep, setMode, undoStep } from "./input.js";
import { selection } from "./selection.js";
import { draw, say, session, setPending, setSelected, view } from "./session.js";

const TEXT = {
  // Translators: a first digit typed on a board above 9x9 waits for a second;
  // %(first)s and %(last)s are the values it can begin, as in "10 to 16".
  waiting: gettext("%(digit)s: a second digit makes %(first)s to %(last)s; Enter places %(digit)s alone."),
};
const MODIFIERS = new Set(["Shift", "Control", "Alt", "AltGraph", "Meta", "CapsLock", "NumLock"]);

// The mode keys, as SudokuPad's (n, the old Notes key, turns centre mode on and off).
const MODE_KEYS = { z: "normal", x: "corner", c: "centre", v: "colour", n: "centre" };

const CLEAR = new Set(["Backspace", "Delete", "0", ".", "\uff10", "\uff0e"]);

// Focus cell ``index``: it becomes the grid's one Tab stop and, unless told
// not to, takes focus. ``extend`` says what becomes of the other selected
// cells (selection.js): "only" (this cell alone), "add" (it joins them) or
// "keep" (as they are: Ctrl+click has chosen already).
export function select(index, { focus = true, extend = "only" } = {}) {
  const cell = buttonAt(index);
  if (!cell) return;
  if (index !== view.selected) settle();
  buttonAt(view.selected).tabIndex = -1;
  cell.tabIndex = 0;
  if (extend === "only") selection.only(index);
  else if (extend === "add") selection.add(index);
  setSelected(index);
  if (focus) {
    // The browser's own scroll on focus may leave a cell at a region's edge
    // half hidden: the nearest scroll shows it whole, in the board's region and the page.
    cell.focus({ preventScroll: true });
    cell.scrollIntoView({ block: "nearest", inline: "nearest" });
  }
  draw();
}

// The layer a modifier picks (null: the mode's).
function layerOf(event) {
  if (event.ctrlKey && event.shiftKey) return "colour";
  if (event.shiftKey) return "corner";
  if (event.ctrlKey) return "centre";
  return null;
}

// What a key types: a digit 0 to 9 (full-width too) or one of the board's
// letters, as {char, layer}, or null. With a modifier the character comes
// from the key's place (event.code), since Shift changes it (Shift+1 is "!").
function typed(event) {
  const usable = (char) => !!char && (/^[0-9]$/.test(char) || symbols().includes(char));
  const layer = layerOf(event);
  if (layer) {
    const found = /^(?:Digit|Numpad)([0-9])$|^Key([A-Z])$/.exec(event.code);
    const char = found?.[1] ?? found?.[2];
    return usable(char) ? { char, layer } : null;
  }
  const char = event.key.length === 1 ? halfWidth(event.key).toUpperCase() : "";
  return usable(char) ? { char, layer } : null;
}

// Place the waiting first digit alone (in the cell it was typed in).
export function settle() {
  const first = view.pending;
  if (!first) return;
  setPending(null);
  if (first.index === view.selected) enterDigit(first.digit, { layer: first.layer });
  draw();
}

function drop() {
  setPending(null);
  draw();
}

// A digit on a board above 9x9: the second of a two-digit value, or a first
// that waits when a two-digit value can begin with it, or a value alone. A
// colour (1 to 8) never waits.
function typeDigit({ char, layer }) {
  const first = view.pending;
  if (first && first.layer === layer) {
    const number = numberOf(first.digit, char, size());
    if (number !== null) {
      setPending(null);
      enterDigit(symbols()[number - 1], { layer });
      draw();
      return;
    }
  }
  settle();
  if ((layer ?? session.mode) === "colour") {
    if (char === "0") eraseCell();
    else enterDigit(char, { layer });
  } else if (char === "0") {
    if (!layer) eraseCell();
  } else if (beginsNumber(char, size())) {
    setPending({ index: view.selected, digit: char, layer });
    draw();
    const values = { digit: char, first: Number(char) * 10, last: Math.min(Number(char) * 10 + 9, size()) };
    say(interpolate(TEXT.waiting, values));
  } else {
    enterDigit(char, { layer });
  }
}

// A value or an erase typed in the grid; false for a key that is neither.
function typeValue(key, event) {
  if (key && size() > 9 && /^[0-9]$/.test(key.char)) typeDigit(key);
  else if (key && symbols().includes(key.char)) enterDigit(key.char, { layer: key.layer });
  else if (!event.shiftKey && !event.ctrlKey && CLEAR.has(event.key)) eraseCell();
  else return false;
  return true;
}

function onGridKey(event) {
  const index = indexOf(event.target);
  if (index < 0 || event.altKey || event.metaKey || event.isComposing || MODIFIERS.has(event.key)) return;
  const key = typed(event);
  const digit = key && size() > 9 && /^[0-9]$/.test(key.char);
  if (view.pending && !digit) {
    // Any key but a digit ends the wait: Escape, Backspace and Delete drop the first digit, others place it.
    if (["Escape", "Backspace", "Delete"].includes(event.key)) {
      event.preventDefault();
      drop();
      return;
    }
    settle();
    if (event.key === "Enter") {
      event.preventDefault();
      return;
    }
  }
  const target = destination(event.key, index, event.ctrlKey, size());
  if (target !== null) {
    // Shift with an arrow (or Home, End) adds the cell it moves to: Shift+arrows select a run.
    event.preventDefault();
    select(target, { extend: event.shiftKey ? "add" : "only" });
    return;
  }
  if (event.key === "Escape" && selection.cells(index).length > 1) {
    event.preventDefault();
    select(index);
    return;
  }
  if (typeValue(key, event)) event.preventDefault();
}

// Keys typed into a form field (the option's checkbox is one) are not the game's.
function inField(target) {
  return target instanceof Element && !!target.closest("input, textarea, select, [contenteditable]");
}

function onPageKey(event) {
  if (event.defaultPrevented || event.altKey || event.metaKey || inField(event.target)) return;
  const key = event.key.toLowerCase();
  if (event.ctrlKey && key === "z") {
    event.preventDefault();
    if (event.shiftKey) redoStep();
    else undoStep();
  } else if (event.ctrlKey && !event.shiftKey && key === "y") {
    event.preventDefault();
    redoStep();
  } else if (!event.ctrlKey && !event.shiftKey && key in MODE_KEYS) {
    event.preventDefault();
    setMode(MODE_KEYS[key]);
  }
}

export function startKeys() {
  const table = gridTable();
  for (const cell of buttons()) cell.tabIndex = -1;
  buttonAt(view.selected).tabIndex = 0;
  table.addEventListener("keydown", onGridKey);
  // Leaving the grid, or a press anywhere (the pad, a button), places a waiting first digit.
  table.addEventListener("focusout", (event) => {
    if (!table.contains(event.relatedTarget)) settle();
  });
  document.addEventListener("pointerdown", settle, true);
  table.addEventListener("focusin", (event) => {
    const index = indexOf(event.target);
    // Focus that comes by Tab or a press keeps the selection: the press has made it (pointer.js).
    if (index >= 0 && index !== view.selected) select(index, { focus: false, extend: "keep" });
  });
  // Some browsers (Safari) do not focus a button on a click: the click focuses.
  table.addEventListener("click", (event) => {
    const index = indexOf(event.target.closest("button.play-cell"));
    if (index >= 0) select(index, { extend: "keep" });
  });
  document.addEventListener("keydown", onPageKey);
}
