// The "Show conflicts as I type" switch: while it is on, each change to the
// grid (after a short pause) is sent to the server, and the givens it finds
// in conflict are marked. The choice is remembered in localStorage.
// Without it, conflicts are shown when the form is submitted.

import { form, readGrid, table } from "./cells.js";
import { gettext } from "../core/i18n.js";
import { FAILED, createLoader } from "./load.js";
import {
  clearConflictsOf,
  clearLiveMarks,
  clearServerConflicts,
  conflictSummary,
  markConflicts,
  markedMessages,
} from "./marks.js";
import { announce } from "../core/status.js";

const TEXT = {
  none: gettext("No conflicts."),
  failed: gettext("Conflicts could not be checked just now."),
};
const STORAGE_KEY = "sudoku.liveConflicts";
const DELAY_MS = 150; // a pause in typing, so a burst of keys costs one request

const send = createLoader();
let timer = 0;
let generation = 0; // each change or switch bumps it; older replies are ignored

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

function show(problems) {
  const before = markedMessages();
  const conflicts = problems.filter((problem) => problem.code === "conflict");
  clearServerConflicts();
  markConflicts(conflicts);
  if (markedMessages() !== before) announce(conflictSummary(conflicts) || TEXT.none);
}

async function check() {
  clearTimeout(timer);
  const mine = ++generation;
  const reply = await send("puzzle", readGrid());
  if (reply === null || mine !== generation) return;
  if (reply === FAILED) announce(TEXT.failed);
  else show(reply.problems);
}

function schedule() {
  generation += 1;
  clearTimeout(timer);
  timer = setTimeout(check, DELAY_MS);
}

function stop() {
  generation += 1;
  clearTimeout(timer);
  if (markedMessages()) announce("");
  clearLiveMarks();
}

export function startConflicts() {
  const toggle = document.getElementById("live-conflicts");
  if (!table || !form?.dataset.loadUrl || !toggle) return;
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
  if (toggle.checked) check();
}
