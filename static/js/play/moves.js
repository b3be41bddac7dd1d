// What each of the player's moves changes, as a list of changes for
// game.commit (one undo step). No Sudoku rule is decided here: candidates
// come from the player or the server, and a cell's peers from the page's
// grid (peersOf).

import { COLOURS, change, isGiven } from "./game.js";

// The marks layers a digit can be noted in, by name.
const MARKS = { centre: "candidates", corner: "corners" };

// Place ``digit`` in an open cell (its marks go: Undo brings them back);
// with ``tidy``, the digit also leaves the centre and corner marks of the
// cell's peers, in the same step.
export function place(game, index, digit, { tidy, peersOf }) {
  if (isGiven(game, index) || game.digits[index] === digit) return [];
  const changes = [change(game, index, { digit, centre: "", corner: "" })];
  if (tidy) {
    for (const peer of peersOf(index)) {
      const centre = game.candidates[peer].replace(digit, "");
      const corner = game.corners[peer].replace(digit, "");
      changes.push(change(game, peer, { centre, corner }));
    }
  }
  return changes;
}

// Empty a cell: of its digit if it has one; else, in ``mode``, of that
// layer (a colour in colour mode, the corner or centre marks in theirs), or
// in normal mode of both layers of marks.
export function erase(game, index, mode = "normal") {
  if (mode === "colour") return [change(game, index, { colour: "" })];
  if (isGiven(game, index)) return [];
  if (game.digits[index]) return [change(game, index, { digit: "" })];
  if (mode === "centre") return [change(game, index, { centre: "" })];
  if (mode === "corner") return [change(game, index, { corner: "" })];
  return [change(game, index, { centre: "", corner: "" })];
}

// Note ``digit`` in a cell's ``layer`` of marks ("centre" or "corner"), or
// take it out; a cell holding a digit takes no marks.
export function toggleMark(game, index, digit, layer = "centre") {
  if (isGiven(game, index) || game.digits[index]) return [];
  const marks = game[MARKS[layer]][index];
  const next = marks.includes(digit) ? marks.replace(digit, "") : marks + digit;
  return [change(game, index, { [layer]: next })];
}

// Colour a cell (given or not) with colour ``colour`` ("1" to "8"), or take
// that colour off again.
export function toggleColour(game, index, colour) {
  if (!(Number(colour) >= 1 && Number(colour) <= COLOURS)) return [];
  return [change(game, index, { colour: game.colours[index] === colour ? "" : colour })];
}

// Every open cell's centre marks become the server's ``candidates`` for it.
export function fillCandidates(game, candidates) {
  return game.digits.map((digit, index) => (digit ? null : change(game, index, { centre: candidates[index] ?? "" })));
}

// A teacher's step: its placements become digits (tidying peers as a placed
// digit does), its eliminations leave the centre marks. A cell losing a
// candidate without any pencilled first gets ``candidates`` (the server's),
// so the removal shows.
export function applyStep(game, step, { candidates, tidy, peersOf, indexOf }) {
  const digits = [...game.digits];
  const centre = [...game.candidates];
  const corner = [...game.corners];
  const touch = (index) => index >= 0 && !isGiven(game, index);
  for (const { cell, digit } of step.placements ?? []) {
    const index = indexOf(cell);
    if (!touch(index)) continue;
    digits[index] = String(digit);
    centre[index] = "";
    corner[index] = "";
    if (!tidy) continue;
    for (const peer of peersOf(index)) {
      centre[peer] = centre[peer].replace(String(digit), "");
      corner[peer] = corner[peer].replace(String(digit), "");
    }
  }
  for (const { cell, digit } of step.eliminations ?? []) {
    const index = indexOf(cell);
    if (!touch(index) || digits[index]) continue;
    if (!centre[index]) centre[index] = candidates?.[index] ?? "";
    centre[index] = centre[index].replace(String(digit), "");
  }
  return digits.map((digit, index) =>
    change(game, index, { digit, centre: centre[index], corner: corner[index] }),
  );
}

// Moves on several selected cells, each one undo step as a whole (a group):

// Place ``digit`` in every open cell of ``cells``, each as ``place`` does
// (tidying peers when ``tidy``), one after another: the step takes each
// touched cell from its layers now to its last, so one undo takes all back.
export function placeAll(game, cells, digit, { tidy, peersOf }) {
  const board = {
    givens: game.givens,
    digits: [...game.digits],
    candidates: [...game.candidates],
    corners: [...game.corners],
    colours: [...game.colours],
  };
  const touched = new Set();
  for (const index of cells) {
    for (const item of place(board, index, digit, { tidy, peersOf }).filter(Boolean)) {
      [board.digits[item.index], board.candidates[item.index], board.corners[item.index]] = item.to;
      touched.add(item.index);
    }
  }
  return [...touched].map((index) =>
    change(game, index, { digit: board.digits[index], centre: board.candidates[index], corner: board.corners[index] }),
  );
}

// Note ``digit`` in the ``layer`` of marks of every open cell of ``cells``;
// when every one has it already, take it out of all (as SudokuPad does).
export function toggleMarks(game, cells, digit, layer = "centre") {
  const open = cells.filter((index) => !isGiven(game, index) && !game.digits[index]);
  const marks = (index) => game[MARKS[layer]][index];
  const remove = open.length > 0 && open.every((index) => marks(index).includes(digit));
  return open.map((index) =>
    change(game, index, { [layer]: remove ? marks(index).replace(digit, "") : marks(index) + digit }),
  );
}

// Colour every cell of ``cells`` with ``colour``; when every one has it
// already, take it off all.
export function toggleColours(game, cells, colour) {
  if (!(Number(colour) >= 1 && Number(colour) <= COLOURS)) return [];
  const off = cells.every((index) => game.colours[index] === colour);
  return cells.map((index) => change(game, index, { colour: off ? "" : colour }));
}

// Empty every cell of ``cells`` as ``erase`` does, in ``mode``.
export function eraseAll(game, cells, mode = "normal") {
  return cells.flatMap((index) => erase(game, index, mode));
}
