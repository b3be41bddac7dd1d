// The "Show conflicts as I type" switch: while it is on, each change to the
// grid or to its rules (after a short pause) is sent to the server's
// candidates endpoint (form.entry's data-candidates-url), with the rules
// (rules.js), and the digits it finds in conflict under them are marked. The choice is remembered in localStorage. Without it,
// conflicts are shown when the form is submitted.

import { createCandidates } from "../core/candidates.js";
import { gettext } from "../core/i18n.js";
import { cells, form, readGrid, table } from "./cells.js";
import {
  clearConflictsOf,
  clearLiveMarks,
  clearServerConflicts,
  conflictSummary,
  markConflicts,
  markedMessages,
} from "./marks.js";
import { announce } from "./announce.js";
import { withRules } from "./rules.js";

const TEXT = {
  none: gettext("No conflicts."),
  failed: gettext("Conflicts could not be checked just now."),
};
const STORAGE_KEY = "sudoku.liveConflicts";
const DELAY_MS = 150; // a pause in typing, so a burst of keys costs one request

let ask = null;
let timer = 0;

// Storage may be unavailable (private modes, blocked cookies): then the
// switch simply starts off each time.
function remembered() {
  try {
    return localStorage.getItem(STORAGE_KEY) === "on";
  } catch {
    return false;
  }
}

function remember(on) {
  try {
    localStorage.setItem(STORAGE_KEY, on ? "on" : "off");
  } catch {
    // Not remembered; the switch still works on this page.
  }
}

function show(conflicts) {
  const before = markedMessages();
  clearServerConflicts();
  markConflicts(conflicts);
  if (markedMessages() !== before) announce(conflictSummary(conflicts) || TEXT.none);
}

// A reply to an older grid, or one that comes after the switch went off,
// was aborted (null) and is dropped.
async function check() {
  clearTimeout(timer);
  const board = await ask(withRules({ puzzle: readGrid() }));
  if (board === null) return;
  if (board.conflicts === null) announce(TEXT.failed);
  else show(board.conflicts);
}

function schedule() {
  ask.abort();
  clearTimeout(timer);
  timer = setTimeout(check, DELAY_MS);
}

function stop() {
  ask.abort();
  clearTimeout(timer);
  if (markedMessages()) announce("");
  clearLiveMarks();
}

export function startConflicts() {
  const toggle = document.getElementById("live-conflicts");
  const url = form?.dataset.candidatesUrl;
  if (!table || !url || !toggle) return;
  ask = createCandidates(url, cells().length);
  toggle.closest("[data-enhanced]")?.removeAttribute("hidden");
  toggle.checked = remembered();
  toggle.addEventListener("change", () => {
    remember(toggle.checked);
    if (toggle.checked) check();
    else stop();
  });
  // With the switch off, nothing rechecks: a person's edit (a change naming
  // its cell) clears the conflicts it may have fixed, rather than leave them.
  table.addEventListener("cells:change", (event) => {
    if (toggle.checked) schedule();
    else if (event.detail) clearConflictsOf(event.detail);
  });
  // Rules ticked or a region map typed change what conflicts: checked again.
  form?.querySelector(".rules-chooser")?.addEventListener("input", () => {
    if (toggle.checked) schedule();
  });
  if (toggle.checked) check();
}
