// What each of the player's moves changes, as a list of changes for
// game.commit (one undo step). No Sudoku rule is decided here: candidates
// come from the server, and a cell's peers from the page's grid (peersOf).

import { change, isGiven } from "./game.js";

// Place ``digit`` in an open cell (its notes go); with ``tidy``, the digit
// also leaves the notes of the cell's peers, in the same step.
export function place(game, index, digit, { tidy, peersOf }) {
  if (isGiven(game, index) || game.digits[index] === digit) return [];
  const changes = [change(game, index, digit, "")];
  if (tidy) {
    for (const peer of peersOf(index)) {
      const notes = game.notes[peer];
      if (notes.includes(digit)) changes.push(change(game, peer, game.digits[peer], notes.replace(digit, "")));
    }
  }
  return changes;
}

// Empty a cell of its digit, or else of its notes.
export function erase(game, index) {
  if (isGiven(game, index)) return [];
  return [change(game, index, "", game.digits[index] ? game.notes[index] : "")];
}

// Write ``digit`` in a cell's notes, or take it out; a cell holding a digit takes no notes.
export function toggleNote(game, index, digit) {
  if (isGiven(game, index) || game.digits[index]) return [];
  const notes = game.notes[index];
  const next = notes.includes(digit) ? notes.replace(digit, "") : notes + digit;
  return [change(game, index, "", next)];
}

// Every open cell's notes become the server's ``candidates`` for it.
export function fill(game, candidates) {
  return game.digits.map((digit, index) => (digit ? null : change(game, index, "", candidates[index] ?? "")));
}

// A teacher's step: its placements become digits (tidying peers as a placed
// digit does), its eliminations leave notes. A cell losing a candidate
// without notes first gets ``candidates`` (the server's), so the removal shows.
export function applyStep(game, step, { candidates, tidy, peersOf, indexOf }) {
  const digits = [...game.digits];
  const notes = [...game.notes];
  const touch = (index) => index >= 0 && !isGiven(game, index);
  for (const { cell, digit } of step.placements ?? []) {
    const index = indexOf(cell);
    if (!touch(index)) continue;
    digits[index] = String(digit);
    notes[index] = "";
    if (tidy) for (const peer of peersOf(index)) notes[peer] = notes[peer].replace(String(digit), "");
  }
  for (const { cell, digit } of step.eliminations ?? []) {
    const index = indexOf(cell);
    if (!touch(index) || digits[index]) continue;
    if (!notes[index]) notes[index] = candidates?.[index] ?? "";
    notes[index] = notes[index].replace(String(digit), "");
  }
  return digits.map((digit, index) => change(game, index, digit, notes[index]));
}
