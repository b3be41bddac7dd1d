// Check: every digit the player placed that is not the solution's (from the
// server's play_data) is marked wrong until it changes; or the page says
// all is right so far. Each press counts.

import { gettext, interpolate, ngettext } from "../core/i18n.js";
import { isGiven } from "./game.js";
import { place } from "./cell-buttons.js";
import { count, draw, playing, say, session, setWrong, store } from "./session.js";

const TEXT = {
  right: gettext("All right so far."),
  // Translators: one cell in a list of cells, as in "row 3, column 4; row 5, column 6".
  cell: gettext("row %(row)s, column %(column)s"),
  // Translators: what goes between two cells in a list of cells.
  separator: gettext("; "),
};

// The cells named as "row 3, column 4; row 5, column 6".
export function cellList(indices) {
  return indices.map((index) => interpolate(TEXT.cell, place(index))).join(TEXT.separator);
}

export function check() {
  if (!playing()) return;
  const { game, data } = session;
  const mistaken = (digit, index) => digit && !isGiven(game, index) && digit !== data.solution[index];
  const wrong = game.digits.flatMap((digit, index) => (mistaken(digit, index) ? [index] : []));
  count("checks");
  setWrong(wrong);
  draw();
  store();
  if (!wrong.length) say(TEXT.right);
  else {
    // Translators: %(cells)s is a list of cells, as in "row 3, column 4; row 5, column 6".
    const text = ngettext("1 digit is wrong: %(cells)s.", "%(count)s digits are wrong: %(cells)s.", wrong.length);
    say(interpolate(text, { count: wrong.length, cells: cellList(wrong) }));
  }
}
