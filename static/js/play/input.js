// The player's moves, from the keyboard, the pad or the buttons: on the
// selected cell a digit (a note in notes mode, or with Shift) or an erase,
// each one undo step; notes mode on and off; undo and redo. Each is said in
// the status line when it is not seen on the grid alone.

import { gettext } from "../core/i18n.js";
import { peersOf } from "./grid.js";
import { erase, place, toggleNote } from "./moves.js";
import { tidyOn } from "./options.js";
import { act, draw, playing, say, session, takeBack, view } from "./session.js";

const TEXT = {
  notesOn: gettext("Notes on: digits write notes."),
  notesOff: gettext("Notes off: digits fill cells."),
  undone: gettext("Undone."),
  redone: gettext("Redone."),
  nothingToUndo: gettext("Nothing to undo."),
  nothingToRedo: gettext("Nothing to redo."),
};

// Put ``digit`` in the selected cell: as a note in notes mode (or when
// ``note`` asks), else as its digit.
export function enterDigit(digit, { note = false } = {}) {
  if (!playing()) return;
  const game = session.game;
  const index = view.selected;
  if (note || session.notesMode) {
    act(toggleNote(game, index, digit));
  } else {
    act(place(game, index, digit, { tidy: tidyOn(), peersOf }));
  }
}

export function eraseCell() {
  if (playing()) act(erase(session.game, view.selected));
}

export function toggleNotesMode() {
  if (!playing()) return;
  session.notesMode = !session.notesMode;
  draw();
  say(session.notesMode ? TEXT.notesOn : TEXT.notesOff);
}

export function undoStep() {
  if (!playing()) return;
  say(takeBack(false) ? TEXT.undone : TEXT.nothingToUndo);
}

export function redoStep() {
  if (!playing()) return;
  say(takeBack(true) ? TEXT.redone : TEXT.nothingToRedo);
}
