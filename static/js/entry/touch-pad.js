// The digit pad for touch screens: a key fills the active cell (Clear
// empties it) and moves on as typing does. On a coarse pointer the cells ask
// for no on-screen keyboard, so it does not cover the pad; a hardware
// keyboard still types. Without it, the pad stays hidden and digits are typed.

import { cells, form, setValue, SYMBOLS, table } from "./cells.js";
import { activeCell } from "./roving.js";
import { enter } from "./typing.js";

function press(key) {
  const cell = activeCell();
  if (!cell) return;
  if (key.dataset.digit === "") {
    setValue(cell, ""); // Clear corrects the cell in place, as Delete does
    return;
  }
  // Focus follows only if it was in the grid; a keyboard user on the pad stays there.
  enter(cell, key.dataset.digit, { focus: table.contains(document.activeElement) });
}

// Letters are values on boards above 9x9: the keyboard for text, not for numbers.
function fitKeyboard(coarse) {
  const keyboard = coarse ? "none" : SYMBOLS.length > 9 ? "text" : "numeric";
  for (const cell of cells()) cell.setAttribute("inputmode", keyboard);
}

export function startPad() {
  const pad = form?.querySelector(".pad");
  if (!table || !pad) return;
  pad.removeAttribute("hidden");
  // A pointer press on a key must not take focus from the cell being filled.
  pad.addEventListener("mousedown", (event) => {
    if (event.target.closest(".pad-key")) event.preventDefault();
  });
  pad.addEventListener("click", (event) => {
    const key = event.target.closest(".pad-key");
    if (key) press(key);
  });
  const coarse = window.matchMedia?.("(pointer: coarse)");
  if (!coarse) return;
  fitKeyboard(coarse.matches);
  coarse.addEventListener("change", () => fitKeyboard(coarse.matches));
}
