// Loads a whole puzzle at once: text pasted into any cell or into the paste
// box, a chosen file, or "Fill the grid" is sent to the server to read, and
// the grid is filled from its reply. The script never reads puzzle formats
// itself. Without it, the paste box and the file are read when the form is
// posted ("Fill the grid" reloads the page filled).

import { fillGrid, form, isCell, table } from "./cells.js";
import { gettext } from "../core/i18n.js";
import { FAILED, createLoader } from "./load.js";
import { clearLiveMarks, clearServerMarks, conflictSummary, markConflicts } from "./marks.js";
import { announce } from "./announce.js";

const TEXT = {
  loaded: gettext("Puzzle loaded."),
  failed: gettext("The puzzle could not be loaded: check the connection and try again."),
};

let send = null; // the loader, made by startPaste
let edits = 0; // cells the person changed; a reply to an older grid is stale

// Reset (or anything else that makes the load moot) drops the one in flight.
export function cancelLoad() {
  send?.abort();
}

// More than one visible character is a puzzle (or part of one), not a digit.
function isPuzzle(text) {
  return text.replace(/\s/g, "").length > 1;
}

// An unreadable paste box is marked invalid and described by the status
// line, which holds the server's reasons.
export function markPasteBox(pasteBox, invalid) {
  const ids = (pasteBox.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
  const kept = ids.filter((id) => id !== "entry-status").concat(invalid ? ["entry-status"] : []);
  if (kept.length) pasteBox.setAttribute("aria-describedby", kept.join(" "));
  else pasteBox.removeAttribute("aria-describedby");
  if (invalid) pasteBox.setAttribute("aria-invalid", "true");
  else pasteBox.removeAttribute("aria-invalid");
}

// Send ``value`` as ``field`` ("puzzle" or "file") and fill the grid from
// the reply; on failure the grid stays as it was and the server's reasons
// are shown (and the paste box, when its text was sent, is marked invalid).
// A reply that comes after the person edited a cell is dropped: it would
// overwrite their newer entry.
async function load(field, value, pasteBox, fromPasteBox = false) {
  const before = edits;
  const reply = await send(field, value);
  if (reply === null || edits !== before) return;
  if (reply !== FAILED && reply.elsewhere) {
    // A board of another size: the grid becomes its size, filled.
    announce(reply.notices.join(" "));
    window.location.assign(reply.elsewhere);
    return;
  }
  if (reply === FAILED || reply.grid === null) {
    const reasons = reply === FAILED ? [TEXT.failed] : reply.problems.map((issue) => issue.message);
    announce(reasons.join(" "));
    if (fromPasteBox && pasteBox.value.trim()) markPasteBox(pasteBox, true);
    return;
  }
  clearServerMarks();
  clearLiveMarks();
  fillGrid(reply.grid);
  pasteBox.value = "";
  markPasteBox(pasteBox, false);
  const conflicts = reply.problems.filter((problem) => problem.code === "conflict");
  markConflicts(conflicts);
  announce([TEXT.loaded, ...reply.notices, conflictSummary(conflicts)].join(" ").trim());
}

function onCellPaste(event, pasteBox) {
  const text = event.clipboardData?.getData("text/plain") ?? "";
  if (!isCell(event.target) || !isPuzzle(text)) return;
  event.preventDefault();
  load("puzzle", text, pasteBox);
}

// The pasted text is sent alone, so a good paste after a bad one loads;
// it is also put in at the caret, to stay in view if it cannot be read
// (a puzzle pasted in pieces is read whole by "Fill the grid").
function onPasteBoxPaste(event, pasteBox) {
  const text = event.clipboardData?.getData("text/plain") ?? "";
  if (!isPuzzle(text)) return;
  event.preventDefault();
  pasteBox.setRangeText(text, pasteBox.selectionStart, pasteBox.selectionEnd, "end");
  load("puzzle", text, pasteBox, true);
}

function onFileChosen(file, pasteBox) {
  const chosen = file.files?.[0];
  if (!chosen) return;
  load("file", chosen, pasteBox);
  file.value = ""; // the File is already in the request; nothing is left to post
}

function onFill(event, pasteBox, file) {
  event.preventDefault();
  const chosen = file?.files?.[0];
  // With neither, the empty paste box is sent: the server says what to do.
  if (!pasteBox.value.trim() && chosen) onFileChosen(file, pasteBox);
  else load("puzzle", pasteBox.value, pasteBox, true);
}

export function startPaste() {
  const pasteBox = document.getElementById("id_puzzle");
  if (!table || !pasteBox || !form.dataset.loadUrl) return;
  const file = document.getElementById("id_file");
  send = createLoader();
  table.addEventListener("paste", (event) => onCellPaste(event, pasteBox));
  // A change naming its cell is the person's; fillGrid's own names none.
  table.addEventListener("cells:change", (event) => {
    if (event.detail) edits += 1;
  });
  pasteBox.addEventListener("paste", (event) => onPasteBoxPaste(event, pasteBox));
  file?.addEventListener("change", () => onFileChosen(file, pasteBox));
  form
    .querySelector("[data-action=load]")
    ?.addEventListener("click", (event) => onFill(event, pasteBox, file));
}
