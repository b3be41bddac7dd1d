// The play page's script: the game on the server's grid (play_data from
// json_script). Each module under play/ does one job; this one starts them
// in order and shows the game. Without it the game stays hidden and the
// page links to the answer and the steps instead.

import { fromData, newGame } from "./game.js";
import { buttons, table } from "./grid.js";
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
import { render } from "./render.js";
import { draw, onDraw, resumeClock, session, store } from "./session.js";
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
  onDraw(render); // first: the other draw listeners see the grid drawn
  const shared = sharedStart(data);
  session.data = shared ? { ...data, key: shared.key } : data;
  session.game = fromData(load(session.data.key), data.puzzle) ?? newGame(data.puzzle, shared?.cells ?? null);
  let ticks = 0;
  session.clock = createClock(session.game.elapsed, (milliseconds) => {
    showTime(milliseconds);
    ticks += 1;
    // A game with no move yet is not worth keeping (after Restart, its key stays cleared).
    if (ticks % SAVE_EVERY === 0 && (session.game.undo.length || session.game.redo.length)) store();
  });
  startOptions();
  startKeys();
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

const data = readData();
if (table && buttons().length && data?.puzzle?.length === buttons().length) start(data);
