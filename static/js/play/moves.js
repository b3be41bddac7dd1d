// What each of the player's moves changes, as a list of changes for
// game.commit (one undo step). No Sudoku rule is decided here: candidates
// come from the player or the server, and a cell's peers from the page's
// grid (peersOf).

import { change, isGiven } from "./game.js";

// Place ``digit`` in an open cell (its candidates go); with ``tidy``, the
// digit also leaves the candidates of the cell's peers, in the same step.
export function place(game, index, digit, { tidy, peersOf }) {
  if (isGiven(game, index) || game.digits[index] === digit) return [];
  const changes = [change(game, index, digit, "")];
  if (tidy) {
    for (const peer of peersOf(index)) {
      const candidates = game.candidates[peer];
      if (candidates.includes(digit)) {
        changes.push(change(game, peer, game.digits[peer], candidates.replace(digit, "")));
      }
    }
  }
  return changes;
}

// Empty a cell of its digit, or else of its candidates.
export function erase(game, index) {
  if (isGiven(game, index)) return [];
  return [change(game, index, "", game.digits[index] ? game.candidates[index] : "")];
}

// Pencil ``digit`` in as one of a cell's candidates, or take it out; a cell
// holding a digit takes no candidates.
export function toggleCandidate(game, index, digit) {
  if (isGiven(game, index) || game.digits[index]) return [];
  const candidates = game.candidates[index];
  const next = candidates.includes(digit) ? candidates.replace(digit, "") : candidates + digit;
  return [change(game, index, "", next)];
}

// Every open cell's candidates become the server's ``candidates`` for it.
export function fillCandidates(game, candidates) {
  return game.digits.map((digit, index) => (digit ? null : change(game, index, "", candidates[index] ?? "")));
}

// A teacher's step: its placements become digits (tidying peers as a placed
// digit does), its eliminations leave the candidates. A cell losing a
// candidate without any pencilled first gets ``candidates`` (the server's),
// so the removal shows.
export function applyStep(game, step, { candidates, tidy, peersOf, indexOf }) {
  const digits = [...game.digits];
  const pencilled = [...game.candidates];
  const touch = (index) => index >= 0 && !isGiven(game, index);
  for (const { cell, digit } of step.placements ?? []) {
    const index = indexOf(cell);
    if (!touch(index)) continue;
    digits[index] = String(digit);
    pencilled[index] = "";
    if (tidy) for (const peer of peersOf(index)) pencilled[peer] = pencilled[peer].replace(String(digit), "");
  }
  for (const { cell, digit } of step.eliminations ?? []) {
    const index = indexOf(cell);
    if (!touch(index) || digits[index]) continue;
    if (!pencilled[index]) pencilled[index] = candidates?.[index] ?? "";
    pencilled[index] = pencilled[index].replace(String(digit), "");
  }
  return digits.map((digit, index) => change(game, index, digit, pencilled[index]));
}
