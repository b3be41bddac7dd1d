// The replay, once the puzzle is solved: Replay plays the game's moves again
// on the grid, one by one from where it started, each with the time played
// when it was made (the clock shows it, the status line says "Move 3 of 40,
// at 1:05"); Stop the replay, or its end, puts the solved board back.
// Nothing is kept or counted meanwhile: the moves come from the history.

import { gettext, interpolate } from "../core/i18n.js";
import { replayed } from "./game.js";
import { beginReplay, draw, endReplay, onChange, onDraw, onFinish, say, session, showFrame } from "./session.js";
import { formatTime } from "./timer.js";
import { showTime } from "./controls.js";

const TEXT = {
  start: gettext("Replaying your moves from the start."),
  // Translators: during the replay; %(time)s is the time played when the move was made, as in "1:05".
  move: gettext("Move %(move)s of %(moves)s, at %(time)s."),
  over: gettext("The replay is over: the solved board is back."),
};

// How long each move stays on the grid: the whole replay in about half a
// minute, but no move shorter than a blink nor longer than a breath.
function pause(moves) {
  return Math.min(700, Math.max(120, Math.round(30000 / Math.max(1, moves))));
}

let timer = null;

function frame(move) {
  const solved = session.solved;
  const step = solved.undo[move - 1];
  const { hints, checks, mistakes } = solved;
  showFrame({ ...replayed(solved, move), hints, checks, mistakes, finished: true });
  draw();
  showTime(step?.at ?? 0);
  if (move) say(interpolate(TEXT.move, { move, moves: solved.undo.length, time: formatTime(step.at ?? 0) }));
}

export function stopReplay() {
  if (!session.replaying) return;
  clearTimeout(timer);
  endReplay();
  showTime(session.game.elapsed);
  draw();
  say(TEXT.over);
}

function play(move) {
  if (!session.replaying) return;
  const moves = session.solved.undo.length;
  if (move > moves) {
    stopReplay();
    return;
  }
  frame(move);
  timer = setTimeout(() => play(move + 1), pause(moves));
}

export function replay() {
  if (session.replaying || !session.game.finished) return;
  const solved = beginReplay();
  frame(0);
  say(TEXT.start);
  timer = setTimeout(() => play(1), pause(solved.undo.length));
}

export function startReplay() {
  const start = document.querySelector('[data-play="replay"]');
  const stop = document.querySelector('[data-play="stop-replay"]');
  start?.addEventListener("click", replay);
  stop?.addEventListener("click", stopReplay);
  const update = () => {
    const done = !!session.game?.finished;
    if (start) start.hidden = !done || session.replaying;
    if (stop) stop.hidden = !session.replaying;
  };
  onDraw(update);
  onFinish(update);
  // Restart during the replay ends it where it is (session.restart): the game starts afresh.
  onChange(({ source }) => {
    if (source !== "restart") return;
    clearTimeout(timer);
  });
}
