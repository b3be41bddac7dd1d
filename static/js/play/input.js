// The player's moves, from the keyboard, the pad or the buttons: on the
// selected cells (one or several: selection.js) a value (a digit, a centre or corner mark, or a colour, as
// the mode or a modifier says) or an erase, each one undo step; the modes
// (Normal, Centre, Corner, Colour: aria-pressed buttons); undo and redo.
// Each is said in the status line when it is not seen on the grid alone.

import { gettext } from "../core/i18n.js";
import { peersOf } from "./cell-buttons.js";
import { eraseAll, placeAll, toggleColours, toggleMarks } from "./moves.js";
import { selection } from "./selection.js";
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

// The cells a move goes to: every selected cell (selection.js), the focused one among them.
function targets() {
  return selection.cells(view.selected);
}

// Put ``value`` in the selected cells, in ``layer`` ("normal", "centre",
// "corner" or "colour"; the mode's when not given): one undo step however
// many cells are selected.
export function enterDigit(value, { layer = null } = {}) {
  if (!playing()) return;
  const game = session.game;
  const cells = targets();
  const into = layer ?? session.mode;
  if (into === "colour") act(toggleColours(game, cells, value));
  else if (into === "centre" || into === "corner") act(toggleMarks(game, cells, value, into));
  else act(placeAll(game, cells, value, { tidy: tidyOn(), peersOf }));
}

// Colour the selected cells (the palette's buttons), whatever the mode.
export function colourCell(colour) {
  if (!playing()) return;
  if (colour) act(toggleColours(session.game, targets(), colour));
  else act(eraseAll(session.game, targets(), "colour"));
}

export function eraseCell() {
  if (playing()) act(eraseAll(session.game, targets(), session.mode));
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
