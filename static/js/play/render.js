// Draws the game into the server's grid: each cell button's digit or
// pencilled candidates and its spoken label, and the marks on its <td>: the selected cell, its
// peers and the cells holding or pencilling its digit (each as its option
// says: options.js), the player's own digits, digits found
// wrong or in conflict, and a hint shown on the grid, from the session's
// view. The table stays.

import { gettext, interpolate } from "../core/i18n.js";
import { isGiven } from "./game.js";
import { buttons, peersOf, place, SYMBOLS } from "./grid.js";
import { optionOn } from "./options.js";
import { view } from "./session.js";

// Each cell button's spoken name: where it is, then what it holds.
const TEXT = {
  // Translators: a given is a digit the puzzle starts with.
  given: gettext("Row %(row)s, column %(column)s: %(digit)s, given"),
  digit: gettext("Row %(row)s, column %(column)s: %(digit)s"),
  // Translators: %(notes)s lists the digits the player noted in the cell, as in "1, 4, 7".
  candidates: gettext("Row %(row)s, column %(column)s: notes %(notes)s"),
  empty: gettext("Row %(row)s, column %(column)s: empty"),
  paused: gettext("Row %(row)s, column %(column)s: hidden while paused"),
  // Translators: added after a cell's name when its digit is not the solution's.
  wrong: gettext(", wrong"),
  // Translators: added after a cell's name when its digit clashes with a peer's.
  conflict: gettext(", in conflict"),
  // Translators: what goes between two items of a list, as in "1, 4, 7".
  listSeparator: gettext(", "),
};

const MARKS = ["selected", "peer", "same-digit", "placed", "wrong", "conflict"];
const HINT_MARKS = ["hint-unit", "hint-pattern", "hint-place", "hint-remove"];

function label(game, index) {
  const where = place(index);
  if (view.paused) return interpolate(TEXT.paused, where);
  const digit = game.digits[index];
  const candidates = game.candidates[index];
  let text;
  if (isGiven(game, index)) text = interpolate(TEXT.given, { ...where, digit });
  else if (digit) text = interpolate(TEXT.digit, { ...where, digit });
  // The message's placeholder keeps the name players know the candidates by.
  else if (candidates) {
    text = interpolate(TEXT.candidates, { ...where, notes: Array.from(candidates).join(TEXT.listSeparator) });
  }
  else text = interpolate(TEXT.empty, where);
  if (view.wrong.has(index)) text += TEXT.wrong;
  if (view.conflicts.has(index)) text += TEXT.conflict;
  return text;
}

// The candidates as a block of the box's shape (3 by 3 on 9x9, 4 by 4 on
// 16x16: play.css), each value in its own place; a hint's digit shown
// faintly; a first digit typed that waits for a second (keyboard.js).
function content(game, index) {
  const digit = game.digits[index];
  const ghost = view.hint?.place.get(index);
  if (view.paused) return [];
  if (view.pending?.index === index) return [span("play-pending", view.pending.digit)];
  if (digit) return [document.createTextNode(digit)];
  if (ghost) return [span("play-ghost", ghost)];
  const candidates = game.candidates[index];
  if (!candidates) return [];
  const block = span("play-candidates", "");
  for (const symbol of SYMBOLS) block.append(span("", candidates.includes(symbol) ? symbol : ""));
  return [block];
}

function span(className, text) {
  const node = document.createElement("span");
  if (className) node.className = className;
  node.textContent = text;
  return node;
}

// While paused, no mark shows either: the same-digit shading would give the digits away.
function marks(game, index) {
  if (view.paused) return Object.fromEntries([...MARKS, ...HINT_MARKS].map((name) => [name, false]));
  const selected = view.selected;
  const digit = game.digits[selected];
  const hint = view.hint;
  return {
    selected: index === selected,
    peer: optionOn("peers") && peersOf(selected).includes(index),
    "same-digit":
      optionOn("digits") && !!digit && (game.digits[index] === digit || game.candidates[index].includes(digit)),
    placed: !!game.digits[index] && !isGiven(game, index),
    wrong: view.wrong.has(index),
    conflict: view.conflicts.has(index),
    "hint-unit": !!hint?.units.has(index),
    "hint-pattern": !!hint?.cells.has(index),
    "hint-place": !!hint?.place.has(index),
    "hint-remove": !!hint?.remove.has(index),
  };
}

export function render(game) {
  buttons().forEach((button, index) => {
    const pending = view.pending?.index === index ? view.pending.digit : "";
    const key = `${view.paused}|${game.digits[index]}|${game.candidates[index]}|${view.hint?.place.get(index) ?? ""}|${pending}`;
    if (button.dataset.shown !== key) {
      button.replaceChildren(...content(game, index));
      button.dataset.shown = key;
    }
    button.setAttribute("aria-label", label(game, index));
    const classes = button.closest("td").classList;
    for (const [name, on] of Object.entries(marks(game, index))) classes.toggle(name, on);
  });
  buttons()[0]?.closest("table").classList.toggle("paused", view.paused);
}
