// The game in play on this page, and the one writer of its state: the game,
// the server's data, the clock and the mode (``session``), and what the page
// shows beside the game (``view``). Both are read-only outside this module
// (assigning to them throws); the other modules read them and change them
// only through the operations below. After each change to the game the grid
// is redrawn by the draw listeners (render.js first), the progress saved,
// the other modules told, and the end of the game noticed.

import { announcer } from "../core/status.js";
import { commit, isSolved, newGame, redo, toData, undo } from "./game.js";
import { forget, save } from "./storage.js";

const state = {
  data: null, // the server's play_data
  game: null,
  clock: null,
  mode: "normal", // what a value typed does: "normal" (a digit), "centre", "corner" or "colour" (modes.js)
  replaying: false, // the finished game's replay is on the grid (replay.js): nothing is kept meanwhile
  solved: null, // while replaying, the finished game the frames come from
};

const shown = {
  selected: 0,
  wrong: new Set(), // cells Check or a hint found wrong
  conflicts: new Set(), // cells whose digits clash, as the server says
  paused: false,
  hint: null, // {units, cells, place: Map index -> digit, remove: Set} while a hint is shown
  pending: null, // {index, digit, layer}: a first digit typed that waits for a second (keyboard.js)
  overLimit: false, // the mistakes reached the limit the player set (mistakes.js): the game waits
};

// ``object``'s properties, read through a face that cannot be assigned to.
function readOnly(object) {
  const face = {};
  for (const name of Object.keys(object)) {
    Object.defineProperty(face, name, { get: () => object[name], enumerable: true });
  }
  return Object.freeze(face);
}

export const session = readOnly(state);
export const view = readOnly(shown);

const changeListeners = [];
const drawListeners = [];
const finishListeners = [];

// ``listener({step, source})`` after each change to the game (source:
// "move", "hint", "back" (where-wrong.js going back), "undo", "redo" or "restart").
export function onChange(listener) {
  changeListeners.push(listener);
}

// ``listener(game)`` at each redraw, in the order they came (render.js,
// which draws the grid, comes first).
export function onDraw(listener) {
  drawListeners.push(listener);
}

// ``listener(game)`` once the puzzle is solved.
export function onFinish(listener) {
  finishListeners.push(listener);
}

// What a move or a button did, in the page's live region (p#play-status).
export const say = announcer("play-status");

// Start playing ``game`` on the server's ``data``, timed by ``clock``
// (timer.js's, or null): play.js, once.
export function begin({ data, game, clock = null }) {
  Object.assign(state, { data, game, clock, mode: "normal", replaying: false, solved: null });
}

// Input counts only while the game runs: not paused, not finished, not
// stopped at the mistakes' limit, not replaying.
export function playing() {
  return !!state.game && !state.game.finished && !shown.paused && !shown.overLimit && !state.replaying;
}

export function draw() {
  for (const listener of drawListeners) listener(state.game);
}

// Keep the game as it stands (with the time played); nothing while replaying.
export function store() {
  const game = state.game;
  if (!game || state.replaying) return;
  game.elapsed = played();
  save(state.data.key, toData(game));
}

// The time played, in milliseconds.
function played() {
  return Math.round(state.clock?.read() ?? state.game.elapsed);
}

// Run the clock if the game runs: not finished, not paused, not stopped at
// the mistakes' limit.
export function resumeClock() {
  if (state.game && !state.game.finished && !shown.paused && !shown.overLimit) state.clock?.start();
}

// A change to the game replaces what the status line said (a stale
// "Resumed." never stays above "Solved in 0:03"): what the change says comes after.
function changed(step, source) {
  if (globalThis.document) say(""); // Node's tests have no page to say it in
  for (const { index, from, to } of step ?? []) {
    shown.wrong.delete(index);
    // A conflict is its digit's: a new digit waits for the next check, which a colour does not ask.
    if (from[0] !== to[0]) shown.conflicts.delete(index);
  }
  for (const listener of changeListeners) listener({ step, source });
  if (isSolved(state.game, state.data.solution)) finish();
  draw();
  store();
}

function finish() {
  state.game.finished = true;
  state.game.elapsed = played();
  state.clock?.stop();
  for (const listener of finishListeners) listener(state.game);
}

// Make ``changes`` one undo step; the step, or false when nothing changed
// (or the game is not running).
export function act(changes, source = "move") {
  if (!playing()) return false;
  const step = commit(state.game, changes, played());
  if (step) changed(step, source);
  return step;
}

// Undo the last step (``forward``: redo the last undone); the step, or null.
export function takeBack(forward = false) {
  if (!playing()) return null;
  const step = forward ? redo(state.game, played()) : undo(state.game);
  if (step) changed(step, forward ? "redo" : "undo");
  return step;
}

// Start over: the stored progress goes, a replay ends, and the game is
// where it started again (its givens, or the shared position it was opened on).
export function restart() {
  forget(state.data.key);
  state.game = newGame(state.data.puzzle, state.game.start);
  state.replaying = false;
  state.solved = null;
  shown.wrong.clear();
  shown.conflicts.clear();
  shown.paused = false;
  state.clock?.reset(0);
  for (const listener of changeListeners) listener({ step: null, source: "restart" });
  draw();
}

// Add ``by`` to one of the game's counts: "hints", "checks" or "mistakes".
export function count(name, by = 1) {
  if (["hints", "checks", "mistakes"].includes(name)) state.game[name] += by;
}

// What a value typed does from now on (input.js says which).
export function chooseMode(mode) {
  state.mode = mode;
}

// Pause the game (the clock stops, the grid hides) or go on; kept at once.
export function setPaused(on) {
  shown.paused = on;
  if (on) state.clock?.stop();
  else resumeClock();
  store();
}

// Stop the game at the mistakes' limit (the clock too), or let it go on.
export function setOverLimit(over) {
  shown.overLimit = over;
  if (over) state.clock?.stop();
  else resumeClock();
}

// What the view shows; each takes effect at the next draw.
export function setSelected(index) {
  shown.selected = index;
}

export function setPending(pending) {
  shown.pending = pending;
}

export function setWrong(cells) {
  shown.wrong = new Set(cells);
}

export function setConflicts(cells) {
  shown.conflicts = new Set(cells);
}

export function setHint(hint) {
  shown.hint = hint;
}

// The replay of the finished game: its frames (games of their own, built
// from its history) take the grid in turn, and then the finished game is back.
export function beginReplay() {
  state.solved = state.game;
  state.replaying = true;
  return state.solved;
}

export function showFrame(game) {
  if (state.replaying) state.game = game;
}

export function endReplay() {
  if (!state.replaying) return;
  state.game = state.solved;
  state.solved = null;
  state.replaying = false;
}
