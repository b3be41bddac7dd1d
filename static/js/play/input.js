// The player's moves, from the keyboard, the pad or the buttons: on the
// selected cell a value (a digit, a centre or corner mark, or a colour, as
// the mode or a modifier says) or an erase, each one undo step; the modes
// (Normal, Centre, Corner, Colour: aria-pressed buttons); undo and redo.
// Each is said in the status line when it is not seen on the grid alone.

import { gettext } from "../core/i18n.js";
import { peersOf } from "./cell-buttons.js";
import { erase, place, toggleColour, toggleMark } from "./moves.js";
import { tidyOn } from "./options.js";
import { act, chooseMode, draw, playing, say, session, takeBack, view } from "./session.js";

export const MODES = ["normal", "centre", "corner", "colour"];

const TEXT = {
  normal: gettext("Normal mode: values fill cells."),
  centre: gettext("Centre mode: values write centre marks."),
  corner: gettext("Corner mode: values write corner marks."),
  colour: gettext("Colour mode: 1 to 8 colour the cell."),
  undone: gettext("Undone."),
  redone: gettext("Redone."),
  nothingToUndo: gettext("Nothing to undo."),
  nothingToRedo: gettext("Nothing to redo."),
};

// Put ``value`` in the selected cell, in ``layer`` ("normal", "centre",
// "corner" or "colour"; the mode's when not given).
export function enterDigit(value, { layer = null } = {}) {
  if (!playing()) return;
  const game = session.game;
  const index = view.selected;
  const into = layer ?? session.mode;
  if (into === "colour") act(toggleColour(game, index, value));
  else if (into === "centre" || into === "corner") act(toggleMark(game, index, value, into));
  else act(place(game, index, value, { tidy: tidyOn(), peersOf }));
}

// Colour the selected cell (the palette's buttons), whatever the mode.
export function colourCell(colour) {
  if (!playing()) return;
  if (colour) act(toggleColour(session.game, view.selected, colour));
  else act(erase(session.game, view.selected, "colour"));
}

export function eraseCell() {
  if (playing()) act(erase(session.game, view.selected, session.mode));
}

// Switch to ``mode``; switching to the mode already on goes back to normal
// (so N, which players knew as Notes, turns centre marks on and off).
export function setMode(mode) {
  if (!playing() || !MODES.includes(mode)) return;
  chooseMode(mode === session.mode ? "normal" : mode);
  draw();
  say(TEXT[session.mode]);
}

export function undoStep() {
  if (!playing()) return;
  say(takeBack(false) ? TEXT.undone : TEXT.nothingToUndo);
}

export function redoStep() {
  if (!playing()) return;
  say(takeBack(true) ? TEXT.redone : TEXT.nothingToRedo);
}
