// Reset clears the entry in place: every cell, the marks and the error
// summary, the paste box, the chosen file and the variant rules chosen;
// then focus goes to the first cell. Without it, Reset submits an empty GET
// form: a fresh, empty page. So does a page whose grid is drawn under the
// rules a link brought: the fresh page draws a classic grid.

import { EMPTY, cellAt, cells, fillGrid, form } from "./cells.js";
import { gettext } from "../core/i18n.js";
import { clearLiveMarks, clearServerMarks } from "./marks.js";
import { cancelLoad, markPasteBox } from "./paste.js";
import { activate } from "./roving.js";
import { announce } from "./announce.js";

const TEXT = { cleared: gettext("Grid cleared.") };

function clear(event) {
  if (form.querySelector("input[name=rules]")) return; // the empty page, by the form's own submit
  event.preventDefault();
  cancelLoad(); // a puzzle still loading must not refill the cleared grid
  fillGrid(EMPTY.repeat(cells().length));
  clearServerMarks();
  clearLiveMarks();
  for (const field of form.querySelectorAll("textarea, input[type=file]")) {
    field.value = "";
    field.removeAttribute("aria-invalid");
  }
  for (const rule of form.querySelectorAll("input[name=rule]")) rule.checked = false;
  const pasteBox = document.getElementById("id_puzzle");
  if (pasteBox) markPasteBox(pasteBox, false);
  activate(cellAt(0));
  announce(TEXT.cleared);
}

export function startReset() {
  if (!cells().length) return;
  document.querySelector("[data-action=reset]")?.addEventListener("click", clear);
}
