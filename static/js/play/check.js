// Check: every digit the player placed that is not the solution's (from the
// server's play_data) is marked wrong until it changes; or the page says
// all is right so far. Each press counts.

import { isGiven } from "./game.js";
import { place } from "./grid.js";
import { fill, view } from "./render.js";
import { draw, playing, say, session, store } from "./session.js";

const TEXT = {
  right: "All right so far.",
  oneWrong: "1 digit is wrong: %(cells)s.",
  manyWrong: "%(count)s digits are wrong: %(cells)s.",
  cell: "row %(row)s, column %(column)s",
  separator: "; ",
};

// The cells named as "row 3, column 4; row 5, column 6".
export function cellList(indices) {
  return indices.map((index) => fill(TEXT.cell, place(index))).join(TEXT.separator);
}

export function check() {
  if (!playing()) return;
  const { game, data } = session;
  const mistaken = (digit, index) => digit && !isGiven(game, index) && digit !== data.solution[index];
  const wrong = game.digits.flatMap((digit, index) => (mistaken(digit, index) ? [index] : []));
  game.checks += 1;
  view.wrong = new Set(wrong);
  draw();
  store();
  if (!wrong.length) say(TEXT.right);
  else say(fill(wrong.length === 1 ? TEXT.oneWrong : TEXT.manyWrong, { count: wrong.length, cells: cellList(wrong) }));
}
