// The rules worked out on the page, for the boards the API does not read
// (every size but 9x9): each open cell's candidates (the values none of its
// peers holds) and the pairs of digits that clash, in the API's own shapes
// ({candidates, conflicts}, and a conflict as {code, message, cells}), so
// the game reads them as it reads the server's. Nothing here runs by itself.

import { gettext, interpolate } from "../core/i18n.js";
import { SYMBOLS, boxOf, peersOf, place } from "./grid.js";

// The same words as the server's conflicts (the engine's rules).
const TEXT = {
  row: gettext("Two %(digit)ss in row %(row)s (columns %(first)s and %(second)s)."),
  column: gettext("Two %(digit)ss in column %(column)s (rows %(first)s and %(second)s)."),
  box: gettext("Two %(digit)ss in box %(box)s (row %(row1)s, column %(col1)s and row %(row2)s, column %(col2)s)."),
};

// Each cell's candidates as a string of values ("" for a filled cell).
export function candidatesOf(digits) {
  return digits.map((digit, index) => {
    if (digit) return "";
    const seen = new Set(peersOf(index).map((peer) => digits[peer]));
    return Array.from(SYMBOLS).filter((symbol) => !seen.has(symbol)).join("");
  });
}

function conflict(a, b, digit) {
  const one = place(a);
  const two = place(b);
  let message;
  if (one.row === two.row) message = interpolate(TEXT.row, { digit, row: one.row, first: one.column, second: two.column });
  else if (one.column === two.column) {
    message = interpolate(TEXT.column, { digit, column: one.column, first: one.row, second: two.row });
  } else {
    const where = { digit, box: boxOf(a), row1: one.row, col1: one.column, row2: two.row, col2: two.column };
    message = interpolate(TEXT.box, where);
  }
  return { code: "conflict", message, cells: [[one.row, one.column], [two.row, two.column]] };
}

// Every pair of peers holding the same digit, once each, in reading order.
export function conflictsOf(digits) {
  const found = [];
  digits.forEach((digit, index) => {
    if (!digit) return;
    for (const peer of peersOf(index)) if (peer > index && digits[peer] === digit) found.push(conflict(index, peer, digit));
  });
  return found;
}
