// The player's moves, from the keyboard, the pad or the buttons: on the
// selected cell a digit (a candidate pencilled in candidate mode, or with
// Shift) or an erase, each one undo step; candidate mode (the Notes button)
// on and off; undo and redo. Each is said in the status line when it is not
// seen on the grid alone.

import { gettext } from "../core/i18n.js";
import { peersOf } from "./grid.js";
import { erase, place, toggleCandidate } from "./moves.js";
import { tidyOn } from "./options.js";
import { act, draw, playing, say, session, takeBack, view } from "./session.js";

const TEXT = {
  candidateModeOn: gettext("Notes on: digits write notes."),
  candidateModeOff: gettext("Notes off: digits fill cells."),
  undone: gettext("Undone."),
  redone: gettext("Redone."),
  nothingToUndo: gettext("Nothing to undo."),
  nothingToRedo: gettext("Nothing to redo."),
};

// Put ``digit`` in the selected cell: as a candidate in candidate mode (or
// when ``candidate`` asks), else as its digit.
export function enterDigit(digit, { candidate = false } = {}) {
  if (!playing()) return;
  const game = session.game;
  const index = view.selected;
  if (candidate || session.candidateMode) {
    act(toggleCandidate(game, index, digit));
  } else {
    act(place(game, index, digit, { tidy: tidyOn(), peersOf }));
  }
}

export function eraseCell() {
  if (playing()) act(erase(session.game, view.selected));
}

export function toggleCandidateMode() {
  if (!playing()) return;
  session.candidateMode = !session.candidateMode;
  draw();
  say(session.candidateMode ? TEXT.candidateModeOn : TEXT.candidateModeOff);
}

export function undoStep() {
  if (!playing()) return;
  say(takeBack(false) ? TEXT.undone : TEXT.nothingToUndo);
}

export function redoStep() {
  if (!playing()) return;
  say(takeBack(true) ? TEXT.redone : TEXT.nothingToRedo);
}
