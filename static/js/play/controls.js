// The game's buttons: Undo and Redo (aria-disabled when there is nothing to
// take back), Fill candidates (every open cell's candidates from the
// server, one undo step), Check, Hint, Where did I go wrong? (where-wrong.js),
// Pause (aria-pressed: the clock stops and the grid's digits hide), Restart
// (after a confirm), and the message when the puzzle is solved.

import { gettext, interpolate, ngettext } from "../core/i18n.js";
import { candidatesAsker } from "./asks.js";
import { check } from "./check.js";
import { fillCandidates } from "./moves.js";
import { progressLine } from "./game.js";
import { hint } from "./game-hint.js";
import { eraseCell, redoStep, undoStep } from "./input.js";
import { act, draw, onDraw, onFinish, playing, restart, resumeClock, say, session, setPaused, view } from "./session.js";
import { formatTime } from "./timer.js";
import { whereWrong } from "./where-wrong.js";

const TEXT = {
  filling: gettext("Filling in the candidates…"),
  filled: gettext("Every open cell's centre marks now hold its candidates."),
  fillFailed: gettext("The candidates could not be had just now. Please try again."),
  paused: gettext("Paused: the grid is hidden and the clock stopped."),
  resumed: gettext("Resumed."),
  confirmRestart: gettext("Start this puzzle again? Your digits, marks, colours, time and history will be cleared."),
  restarted: gettext("Started again."),
  // Translators: %(time)s is the time played, as in "4:05"; %(hints)s is
  // "1 hint" or "3 hints"; %(checks)s is "1 check" or "2 checks".
  solved: gettext("Solved in %(time)s with %(hints)s and %(checks)s."),
};

let autoPaused = false; // the tab was hidden, not the player's Pause
const buttons = {};

function button(name) {
  return document.querySelector(`[data-play="${name}"]`);
}

function setDisabled(node, off) {
  if (!node) return;
  if (off) node.setAttribute("aria-disabled", "true");
  else node.removeAttribute("aria-disabled");
}

let askCandidates = null;

async function askAndFill() {
  if (!playing()) return;
  const line = progressLine(session.game);
  say(TEXT.filling);
  const board = await askCandidates({ puzzle: session.data.puzzle, progress: line });
  if (board === null || line !== progressLine(session.game)) return;
  const candidates = board.candidates;
  if (!candidates) {
    say(TEXT.fillFailed);
    return;
  }
  act(fillCandidates(session.game, candidates));
  say(TEXT.filled);
}

export function pause(on, { auto = false } = {}) {
  if (!session.game || session.game.finished || view.paused === on) return;
  autoPaused = on && auto;
  setPaused(on);
  draw();
  if (!auto) say(on ? TEXT.paused : TEXT.resumed);
}

function onVisibility() {
  if (document.hidden && !view.paused) pause(true, { auto: true });
  else if (!document.hidden && autoPaused) pause(false, { auto: true });
}

function startAgain() {
  if (!window.confirm(TEXT.confirmRestart)) return;
  restart();
  autoPaused = false;
  document.getElementById("play-done").textContent = "";
  resumeClock();
  draw();
  say(TEXT.restarted);
}

export function solvedMessage(game) {
  return interpolate(TEXT.solved, {
    time: formatTime(game.elapsed),
    // Translators: how many hints the player asked for, within "Solved in … with … and …".
    hints: interpolate(ngettext("1 hint", "%(count)s hints", game.hints), { count: game.hints }),
    // Translators: how many times the player pressed Check, within "Solved in … with … and …".
    checks: interpolate(ngettext("1 check", "%(count)s checks", game.checks), { count: game.checks }),
  });
}

function showSolved(game) {
  document.getElementById("play-done").textContent = solvedMessage(game);
}

function update(game) {
  const idle = game.finished || view.paused;
  const stopped = idle || view.overLimit;
  setDisabled(buttons.undo, !game.undo.length || stopped);
  setDisabled(buttons.redo, !game.redo.length || stopped);
  buttons.pause?.setAttribute("aria-pressed", String(view.paused));
  for (const name of ["fill", "check", "hint", "wrong", "erase"]) setDisabled(buttons[name], stopped);
  setDisabled(buttons.pause, game.finished);
}

export function showTime(milliseconds) {
  const clock = document.getElementById("play-time");
  if (clock) clock.textContent = formatTime(milliseconds);
}

export function startControls() {
  askCandidates = candidatesAsker();
  // Keyed by each button's data-play, which names it as players do ("notes").
  const actions = {
    undo: undoStep,
    redo: redoStep,
    fill: askAndFill,
    check,
    hint,
    wrong: whereWrong,
    erase: eraseCell,
    pause: () => pause(!view.paused),
    restart: startAgain,
  };
  for (const [name, action] of Object.entries(actions)) {
    buttons[name] = button(name);
    buttons[name]?.addEventListener("click", () => {
      if (buttons[name].getAttribute("aria-disabled") !== "true") action();
    });
  }
  onDraw(update);
  onFinish(showSolved);
  document.addEventListener("visibilitychange", onVisibility);
  if (session.game.finished) showSolved(session.game);
}
