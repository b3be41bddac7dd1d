// The game's state and its undo history, with no page in sight: the
// digits placed, the candidates the player pencilled in each cell, and the
// steps that changed them. A step is a list of changes, each the cell's
// [digit, candidates] before and after, so undo and redo replay it either
// way and it stores as JSON. A cell holds a digit or candidates, never both;
// givens never change.

export const EMPTY = ".";

// A new game on ``givens`` (81 symbols, "." for an open cell).
export function newGame(givens) {
  return {
    givens,
    digits: Array.from(givens, (symbol) => (symbol === EMPTY ? "" : symbol)),
    candidates: Array.from(givens, () => ""), // each cell's pencilled candidates, as sorted digits
    undo: [],
    redo: [],
    elapsed: 0, // milliseconds played
    hints: 0,
    checks: 0,
    mistakes: 0, // digits placed that are not the solution's (shown when the player asks)
    finished: false,
  };
}

export function isGiven(game, index) {
  return game.givens[index] !== EMPTY;
}

function sorted(digits) {
  return Array.from(new Set(digits)).sort().join("");
}

// The change that makes cell ``index`` hold ``digit`` and ``candidates``,
// or null when it holds them already.
export function change(game, index, digit, candidates) {
  const from = [game.digits[index], game.candidates[index]];
  const to = [digit, sorted(candidates)];
  return from[0] === to[0] && from[1] === to[1] ? null : { index, from, to };
}

function apply(game, changes, side) {
  for (const item of changes) [game.digits[item.index], game.candidates[item.index]] = item[side];
}

// Make ``changes`` (nulls dropped) one step; false when nothing changes.
export function commit(game, changes) {
  const step = changes.filter(Boolean);
  if (!step.length) return false;
  apply(game, step, "to");
  game.undo.push(step);
  game.redo = [];
  return step;
}

// Take back the last step (or redo the last undone); the step, or null.
export function undo(game) {
  const step = game.undo.pop();
  if (!step) return null;
  apply(game, [...step].reverse(), "from");
  game.redo.push(step);
  return step;
}

export function redo(game) {
  const step = game.redo.pop();
  if (!step) return null;
  apply(game, step, "to");
  game.undo.push(step);
  return step;
}

// The digits as one line ("." where none), and the player's own only.
export function gridLine(game) {
  return game.digits.map((digit) => digit || EMPTY).join("");
}

export function progressLine(game) {
  return game.digits.map((digit, index) => (digit && !isGiven(game, index) ? digit : EMPTY)).join("");
}

export function isSolved(game, solution) {
  return gridLine(game) === solution;
}

// How many cells hold ``digit``.
export function used(game, digit) {
  return game.digits.filter((held) => held === digit).length;
}

// The game as JSON-ready data, and back: a stored game that does not fit
// ``givens`` (another version, a hand edit) reads as null. Games stored
// before the candidates had that name hold them as "notes": they read the
// same, and are stored under the new name at the next save.
export function toData(game) {
  const step = (changes) => changes.map(({ index, from, to }) => [index, ...from, ...to]);
  return { ...game, undo: game.undo.map(step), redo: game.redo.map(step) };
}

export function fromData(data, givens) {
  try {
    const candidates = data?.candidates ?? data?.notes;
    if (data?.givens !== givens || !valid(data, candidates)) return null;
    const step = (items) => items.map(([index, d0, c0, d1, c1]) => ({ index, from: [d0, c0], to: [d1, c1] }));
    return {
      ...newGame(givens),
      digits: [...data.digits],
      candidates: [...candidates],
      undo: data.undo.map(step),
      redo: data.redo.map(step),
      elapsed: Number(data.elapsed) || 0,
      hints: Number(data.hints) || 0,
      checks: Number(data.checks) || 0,
      mistakes: Number(data.mistakes) || 0,
      finished: data.finished === true,
    };
  } catch {
    return null;
  }
}

function valid(data, candidates) {
  const size = data.givens.length;
  const cells = (list) => Array.isArray(list) && list.length === size && list.every((item) => typeof item === "string");
  const isChange = (item) => Array.isArray(item) && item.length === 5;
  const steps = (list) => Array.isArray(list) && list.every((step) => Array.isArray(step) && step.every(isChange));
  return cells(data.digits) && cells(candidates) && steps(data.undo) && steps(data.redo);
}
