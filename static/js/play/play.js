// The play page's script: the game on the server's grid (play_data from
// json_script). Each module under play/ does one job and touches the page
// only when this one starts it, in order, and shows the game; imported
// anywhere but a page (Node's tests), it does nothing. Without it the game
// stays hidden and the page links to the answer and the steps instead.

import { fromData, newGame } from "./game.js";
import { readGrid } from "./cell-buttons.js";
import { startConflicts } from "./conflicts.js";
import { pause, showTime, startControls } from "./controls.js";
import { startHint } from "./game-hint.js";
import { startMistakes } from "./mistakes.js";
import { startWhereWrong } from "./where-wrong.js";
import { startModes } from "./modes.js";
import { startReplay } from "./replay.js";
import { sharedStart, startShare } from "./share.js";
import { startKeys } from "./keyboard.js";
import { startOptions } from "./options.js";
import { startPad } from "./pad.js";
import { startPointer } from "./pointer.js";
import { startRender } from "./render.js";
import { begin, draw, resumeClock, session, store } from "./session.js";
import { load } from "./storage.js";
import { createClock } from "./timer.js";

const SAVE_EVERY = 5; // seconds of play between saves of the clock

function readData() {
  try {
    return JSON.parse(document.getElementById("play-data")?.textContent ?? "null");
  } catch {
    return null;
  }
}

function start(data) {
  startRender(); // first: the other draw listeners see the grid drawn
  const shared = sharedStart(data);
  const kept = shared ? { ...data, key: shared.key } : data;
  const game = fromData(load(kept.key), data.puzzle) ?? newGame(data.puzzle, shared?.cells ?? null);
  let ticks = 0;
  const clock = createClock(game.elapsed, (milliseconds) => {
    showTime(milliseconds);
    ticks += 1;
    // A game with no move yet is not worth keeping (after Restart, its key stays cleared).
    if (ticks % SAVE_EVERY === 0 && (session.game.undo.length || session.game.redo.length)) store();
  });
  begin({ data: kept, game, clock });
  startOptions();
  startKeys();
  startPointer();
  startPad();
  startControls();
  startConflicts();
  startHint();
  startWhereWrong();
  startMistakes();
  startModes();
  startShare();
  startReplay();
  document.getElementById("play-needs-script")?.setAttribute("hidden", "");
  document.getElementById("play")?.removeAttribute("hidden");
  draw();
  showTime(session.game.elapsed);
  window.addEventListener("pagehide", store);
  if (session.game.finished) return;
  if (document.hidden) pause(true, { auto: true }); // it starts when the tab shows
  else resumeClock();
}

// The page's grid and data, when there is a page with both that fit.
function main() {
  const cells = readGrid(document);
  const data = readData();
  if (cells && data?.puzzle?.length === cells) start(data);
}

if (globalThis.document) main();
