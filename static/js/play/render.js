// Draws the game into the server's grid: each cell button's digit or marks
// (centre marks in the middle, corner marks along the top and bottom edges,
// in order) and its spoken label, and on its <td> its colour and the
// highlights: the selected cell, its peers and the cells holding or noting
// its digit (each as its option says: options.js), the player's own digits,
// digits found wrong or in conflict, and a hint shown on the grid, from the
// session's view. The table stays.

import { gettext, interpolate } from "../core/i18n.js";
import { COLOURS, isGiven } from "./game.js";
import { boxColumns, buttons, gridTable, peersOf, place, symbols } from "./cell-buttons.js";
import { optionOn } from "./options.js";
import { selection } from "./selection.js";
import { onDraw, view } from "./session.js";

// Each cell button's spoken name: where it is, then what it holds.
const TEXT = {
  // Translators: a given is a digit the puzzle starts with.
  given: gettext("Row %(row)s, column %(column)s: %(digit)s, given"),
  digit: gettext("Row %(row)s, column %(column)s: %(digit)s"),
  // Translators: a cell's label when it holds marks but no digit; %(marks)s
  // is "centre marks 1, 4", "corner marks 2, 3" or both, joined by "; ".
  marks: gettext("Row %(row)s, column %(column)s: %(marks)s"),
  // Translators: %(marks)s lists the digits noted in the middle of the cell, as in "1, 4, 7".
  centre: gettext("centre marks %(marks)s"),
  // Translators: %(marks)s lists the digits noted in the corners of the cell, as in "2, 3".
  corner: gettext("corner marks %(marks)s"),
  // Translators: goes between a cell's centre marks and its corner marks.
  layerSeparator: gettext("; "),
  empty: gettext("Row %(row)s, column %(column)s: empty"),
  paused: gettext("Row %(row)s, column %(column)s: hidden while paused"),
  // Translators: added after a cell's name when its digit is not the solution's.
  wrong: gettext(", wrong"),
  // Translators: added after a cell's name when its digit clashes with a peer's.
  conflict: gettext(", in conflict"),
  // Translators: what goes between two items of a list, as in "1, 4, 7".
  listSeparator: gettext(", "),
  // Translators: added after a cell's name when the player coloured it; %(name)s is the colour's name.
  coloured: gettext(", colour %(number)s (%(name)s)"),
};

// The palette's names, as the page's palette buttons carry them (data-name): read by startRender.
let colourNames = [];

const COLOUR_CLASSES = Array.from({ length: COLOURS }, (_, at) => `colour-${at + 1}`);
const MARKS = ["selected", "peer", "same-digit", "placed", "wrong", "conflict", ...COLOUR_CLASSES];
const HINT_MARKS = ["hint-unit", "hint-pattern", "hint-place", "hint-remove"];

function marksText(game, index) {
  const list = (marks) => Array.from(marks).join(TEXT.listSeparator);
  const said = [];
  if (game.candidates[index]) said.push(interpolate(TEXT.centre, { marks: list(game.candidates[index]) }));
  if (game.corners[index]) said.push(interpolate(TEXT.corner, { marks: list(game.corners[index]) }));
  return said.join(TEXT.layerSeparator);
}

function label(game, index) {
  const where = place(index);
  if (view.paused) return interpolate(TEXT.paused, where);
  const digit = game.digits[index];
  let text;
  if (isGiven(game, index)) text = interpolate(TEXT.given, { ...where, digit });
  else if (digit) text = interpolate(TEXT.digit, { ...where, digit });
  else if (game.candidates[index] || game.corners[index]) {
    text = interpolate(TEXT.marks, { ...where, marks: marksText(game, index) });
  } else text = interpolate(TEXT.empty, where);
  const colour = game.colours[index];
  if (colour) text += interpolate(TEXT.coloured, { number: colour, name: colourNames[Number(colour) - 1] });
  if (view.wrong.has(index)) text += TEXT.wrong;
  if (view.conflicts.has(index)) text += TEXT.conflict;
  return text;
}

// A digit; or the marks: the centre marks each in its place (or, as the
// option says, in one line in the middle), the corner marks in order along the
// top edge and then the bottom, from the left; a hint's digit shown faintly;
// a first digit typed that waits for a second (keyboard.js).
function content(game, index) {
  const digit = game.digits[index];
  const ghost = view.hint?.place.get(index);
  if (view.paused) return [];
  if (view.pending?.index === index) return [span("play-pending", view.pending.digit)];
  if (digit) return [document.createTextNode(digit)];
  if (ghost) return [span("play-ghost", ghost)];
  const shown = [];
  const corner = game.corners[index];
  if (corner) {
    const top = Math.ceil(corner.length / 2);
    const edge = (name, marks) => {
      const node = span(name, "");
      for (const mark of marks) node.append(span("", mark));
      return node;
    };
    shown.push(edge("play-corner play-corner-top", corner.slice(0, top)));
    if (corner.length > top) shown.push(edge("play-corner play-corner-bottom", corner.slice(top)));
  }
  const centre = game.candidates[index];
  if (centre) shown.push(optionOn("centreLine") ? centreLine(centre) : centreGrid(centre, !!corner));
  return shown;
}

// Centre marks in one line in the middle, smaller the more there are (as SudokuPad draws them).
function centreLine(centre) {
  const node = span("play-centre", centre);
  node.dataset.count = String(Math.min(centre.length, 10));
  return node;
}

// Centre marks each in its place, as the steps page draws candidates: a
// mini-grid of the board's box shape (3x3 on 9x9, 4x4 on 16x16), value 1 at
// its top left, a slot left empty for each value not marked. Beside corner
// marks it keeps to the band between them.
function centreGrid(centre, corners) {
  const node = span(corners ? "play-centre play-fixed play-between" : "play-centre play-fixed", "");
  for (const value of symbols()) node.append(span("", centre.includes(value) ? value : ""));
  return node;
}

function span(className, text) {
  const node = document.createElement("span");
  if (className) node.className = className;
  node.textContent = text;
  return node;
}

// Which of its marks a cell's <td> wears (each a class); ``chosen``: the
// selected cells (selection.js), the focused one among them. While paused, none
// shows: the same-digit shading would give the digits away.
function highlights(game, index, chosen) {
  if (view.paused) return Object.fromEntries([...MARKS, ...HINT_MARKS].map((name) => [name, false]));
  const selected = view.selected;
  const digit = game.digits[selected];
  const hint = view.hint;
  return {
    selected: chosen.has(index),
    peer: optionOn("peers") && peersOf(selected).includes(index),
    "same-digit":
      optionOn("digits") &&
      !!digit &&
      (game.digits[index] === digit || game.candidates[index].includes(digit) || game.corners[index].includes(digit)),
    placed: !!game.digits[index] && !isGiven(game, index),
    wrong: view.wrong.has(index),
    conflict: view.conflicts.has(index),
    "hint-unit": !!hint?.units.has(index),
    "hint-pattern": !!hint?.cells.has(index),
    "hint-place": !!hint?.place.has(index),
    "hint-remove": !!hint?.remove.has(index),
    ...Object.fromEntries(COLOUR_CLASSES.map((name, at) => [name, game.colours[index] === String(at + 1)])),
  };
}

function render(game) {
  const chosen = new Set(selection.cells(view.selected));
  buttons().forEach((button, index) => {
    const pending = view.pending?.index === index ? view.pending.digit : "";
    const layers = `${game.digits[index]}|${game.candidates[index]}|${game.corners[index]}`;
    const key = `${view.paused}|${layers}|${view.hint?.place.get(index) ?? ""}|${pending}|${optionOn("centreLine")}`;
    if (button.dataset.shown !== key) {
      button.replaceChildren(...content(game, index));
      button.dataset.shown = key;
    }
    button.setAttribute("aria-label", label(game, index));
    const td = button.closest("td");
    const marks = highlights(game, index, chosen);
    for (const [name, on] of Object.entries(marks)) td.classList.toggle(name, on);
    td.setAttribute("aria-selected", String(marks.selected));
  });
  buttons()[0]?.closest("table").classList.toggle("paused", view.paused);
}

// Draw the game at every redraw, on the page's palette's names.
export function startRender() {
  colourNames = Array.from(document.querySelectorAll(".play-palette [data-colour]"), (key) => key.dataset.name);
  // Through the CSSOM, which the page's policy allows (a style attribute it would refuse).
  gridTable()?.style.setProperty("--mark-columns", String(boxColumns()));
  // Its cells (gridcells) say whether they are selected: one or several (selection.js).
  gridTable()?.setAttribute("aria-multiselectable", "true");
  onDraw(render);
}
