// The player's moves on the selected cell, from the keyboard or the pad:
// a digit (a note in notes mode, or with Shift), an erase, notes mode on
// and off. Each is one undo step, said in the status line when it is not
// seen on the grid alone (notes mode).

import { gettext } from "../core/i18n.js";
import { peersOf } from "./grid.js";
import { erase, place, toggleNote } from "./moves.js";
import { tidyOn } from "./options.js";
import { view } from "./render.js";
import { act, draw, playing, say, session } from "./session.js";

const TEXT = {
  notesOn: gettext("Notes on: digits write notes."),
  notesOff: gettext("Notes off: digits fill cells."),
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
