// The game in play on this page: its state and what the page shows beside
// it (the view), how a move becomes an undo step, and what follows every
// change (the grid redrawn by the draw listeners, render.js first, the
// progress saved, the other modules told, the end of the game noticed).

import { announcer } from "../core/status.js";
import { commit, isSolved, newGame, redo, toData, undo } from "./game.js";
import { forget, save } from "./storage.js";

export const session = {
  data: null, // the server's play_data
  game: null,
  clock: null,
  mode: "normal", // what a value typed does: "normal" (a digit), "centre", "corner" or "colour" (modes.js)
  replaying: false, // the finished game's replay is on the grid (replay.js): nothing is kept meanwhile
};

// What the page shows beside the game itself; the modules set it and call draw.
export const view = {
  selected: 0,
  wrong: new Set(), // cells Check or a hint found wrong
  conflicts: new Set(), // cells whose digits clash, as the server says
  paused: false,
  hint: null, // {units, cells, place: Map index -> digit, remove: Set} while a hint is shown
  pending: null, // {index, digit, layer}: a first digit typed that waits for a second (keyboard.js)
  overLimit: false, // the mistakes reached the limit the player set (mistakes.js): the game waits
};
const changeListeners = [];
const drawListeners = [];

// ``listener({step, source})`` after each change to the game (source:
// "move", "hint", "undo", "redo" or "restart").
export function onChange(listener) {
  changeListeners.push(listener);
}

// ``listener(game)`` at each redraw, in the order they came (render.js,
// which draws the grid, comes first).
export function onDraw(listener) {
  drawListeners.push(listener);
}

// What a move or a button did, in the page's live region (p#play-status).
export const say = announcer("play-status");

// Input counts only while the game runs: not paused, not finished, not
// stopped at the mistakes' limit, not replaying.
export function playing() {
  return !!session.game && !session.game.finished && !view.paused && !view.overLimit && !session.replaying;
}

export function draw() {
  for (const listener of drawListeners) listener(session.game);
}

export function store() {
  const game = session.game;
  if (!game || session.replaying) return;
  game.elapsed = played();
  save(session.data.key, toData(game));
}

function changed(step, source) {
  for (const { index } of step ?? []) view.wrong.delete(index);
  for (const listener of changeListeners) listener({ step, source });
  if (isSolved(session.game, session.data.solution)) finish();
  draw();
  store();
}

// The time played, in milliseconds.
function played() {
  return Math.round(session.clock?.read() ?? session.game.elapsed);
}

// Run the clock if the game runs: not finished, not paused, not stopped at
// the mistakes' limit.
export function resumeClock() {
  if (session.game && !session.game.finished && !view.paused && !view.overLimit) session.clock?.start();
}

// Make ``changes`` one undo step; the step, or false when nothing changed
// (or the game is not running).
export function act(changes, source = "move") {
  if (!playing()) return false;
  const step = commit(session.game, changes, played());
  if (step) changed(step, source);
  return step;
}

export function takeBack(forward = false) {
  if (!playing()) return null;
  const step = forward ? redo(session.game, played()) : undo(session.game);
  if (step) changed(step, forward ? "redo" : "undo");
  return step;
}

function finish() {
  session.game.finished = true;
  session.clock?.stop();
  for (const listener of finishListeners) listener(session.game);
}
const finishListeners = [];

export function onFinish(listener) {
  finishListeners.push(listener);
}

// Start over: the stored progress goes, and the game is where it started
// again (its givens, or the shared position it was opened on).
export function restart() {
  forget(session.data.key);
  session.game = newGame(session.data.puzzle, session.game.start);
  view.wrong.clear();
  view.conflicts.clear();
  view.paused = false;
  session.clock?.reset(0);
  for (const listener of changeListeners) listener({ step: null, source: "restart" });
  draw();
}
