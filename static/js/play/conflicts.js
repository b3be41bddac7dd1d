// Conflicts: after each change (and a short pause, so a burst of keys costs
// one request) the board goes to /api/candidates (asks.js), and the cells whose
// digits clash are marked, as the server finds them; the latest reply
// alone counts. The messages are listed under the grid too.

import { candidatesAsker } from "./asks.js";
import { gridLine, progressLine } from "./game.js";
import { indexAt } from "./cell-buttons.js";
import { draw, onChange, session, setConflicts } from "./session.js";

const DELAY_MS = 150;
let ask = null;
let timer = 0;

function show(conflicts) {
  const cells = conflicts.flatMap((conflict) => conflict.cells ?? []);
  setConflicts(cells.map(([row, column]) => indexAt(row, column)));
  const list = document.getElementById("play-conflicts");
  if (list) list.textContent = conflicts.map((conflict) => conflict.message).join(" ");
  draw();
}

// Mark ``conflicts`` ({code, message, cells}) now, as another reply (a hint's 400) names them.
export function markConflicts(conflicts) {
  show(conflicts.filter((conflict) => conflict.code === "conflict"));
}

let checked = null; // the digits last sent: a change of candidates alone needs no new check

async function check() {
  const line = gridLine(session.game);
  if (line === checked) return;
  checked = line;
  const board = await ask({ puzzle: session.data.puzzle, progress: progressLine(session.game) });
  if (board === null || line !== gridLine(session.game)) return;
  if (board.conflicts === null) {
    checked = null; // not known: the next change asks again
    return;
  }
  show(board.conflicts);
}

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(check, DELAY_MS);
}

export function startConflicts() {
  ask = candidatesAsker();
  onChange(schedule);
  // A game resumed may hold clashing digits already.
  if (/[^.]/.test(progressLine(session.game))) schedule();
}
