// The game's keyboard: in the grid, arrows move (Left and Right wrap between
// rows), Home and End go to a row's ends (with Ctrl, the grid's), a digit
// fills the cell (a candidate in candidate mode, or with Shift), and
// Backspace, Delete, 0 or . empty it; the cell stays selected (players jump
// around). Anywhere on the page but a form field: N switches candidate mode
// (the Notes button), Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo. The grid
// is one Tab stop (a roving tabindex). Without it, the game stays hidden.

import { destination, digitOf } from "../core/grid.js";
import { SIZE, buttonAt, buttons, indexOf, table } from "./grid.js";
import { enterDigit, eraseCell, redoStep, toggleCandidateMode, undoStep } from "./input.js";
import { draw, view } from "./session.js";

const CLEAR = new Set(["Backspace", "Delete", "0", ".", "\uff10", "\uff0e"]);

// Select cell ``index``: it becomes the grid's one Tab stop and, unless
// told not to, takes focus.
export function select(index, { focus = true } = {}) {
  const cell = buttonAt(index);
  if (!cell) return;
  buttonAt(view.selected).tabIndex = -1;
  cell.tabIndex = 0;
  view.selected = index;
  if (focus) cell.focus();
  draw();
}

// Shift+digit pencils a candidate: the digit comes from the key's place
// (event.code), since Shift changes the character (Shift+1 is "!").
function candidateDigit(event) {
  return event.shiftKey ? (/^(?:Digit|Numpad)([1-9])$/.exec(event.code)?.[1] ?? null) : null;
}

function onGridKey(event) {
  const index = indexOf(event.target);
  if (index < 0 || event.altKey || event.metaKey || event.isComposing) return;
  const target = destination(event.key, index, event.ctrlKey, SIZE);
  if (target !== null && !event.shiftKey) {
    event.preventDefault();
    select(target);
    return;
  }
  if (event.ctrlKey) return;
  const candidate = candidateDigit(event);
  const symbol = event.shiftKey ? null : digitOf(event.key);
  if (candidate) enterDigit(candidate, { candidate: true });
  else if (symbol) enterDigit(symbol);
  else if (!event.shiftKey && CLEAR.has(event.key)) eraseCell();
  else return;
  event.preventDefault();
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
  } else if (!event.ctrlKey && key === "n") {
    event.preventDefault();
    toggleCandidateMode();
  }
}

export function startKeys() {
  for (const cell of buttons()) cell.tabIndex = -1;
  buttonAt(view.selected).tabIndex = 0;
  table.addEventListener("keydown", onGridKey);
  table.addEventListener("focusin", (event) => {
    const index = indexOf(event.target);
    if (index >= 0 && index !== view.selected) select(index, { focus: false });
  });
  // Some browsers (Safari) do not focus a button on a click: the click selects.
  table.addEventListener("click", (event) => {
    const index = indexOf(event.target.closest("button.play-cell"));
    if (index >= 0) select(index);
  });
  document.addEventListener("keydown", onPageKey);
}
