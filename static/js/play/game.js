// The game's state and its undo history, with no page in sight. Each cell
// holds four things, its LAYERS: a digit, centre marks (the candidates the
// player pencilled, which Fill candidates and the teacher read), corner marks
// (digits noted by place, as in Snyder notation) and a colour ("1" to "8",
// or "" for none). A cell holding a digit shows no marks; givens keep their
// digit but may be coloured.
//
// A step is a list of changes, each a cell's layers before and after, so
// undo and redo replay it either way and it stores as JSON; it also carries
// ``at``, the time played when it was made, for the replay. A game may start
// from a shared position rather than its givens (``start``): undo stops
// there, and the replay and "Where did I go wrong?" begin there.

export const EMPTY = ".";
export const LAYERS = ["digit", "centre", "corner", "colour"];
export const COLOURS = 8;

function givenDigits(givens) {
  return Array.from(givens, (symbol) => (symbol === EMPTY ? "" : symbol));
}

// The layers of every cell of a game on ``givens`` with nothing played.
export function blankCells(givens) {
  return givenDigits(givens).map((digit) => [digit, "", "", ""]);
}

// A new game on ``givens`` (one symbol a cell, "." for an open cell),
// starting from ``start`` (every cell's layers) or else the givens.
export function newGame(givens, start = null) {
  const cells = (start ?? blankCells(givens)).map((layers) => [...layers]);
  return {
    givens,
    start: start ? cells.map((layers) => [...layers]) : null,
    digits: cells.map((layers) => layers[0]),
    candidates: cells.map((layers) => layers[1]), // the centre marks, as sorted digits
    corners: cells.map((layers) => layers[2]), // the corner marks, as sorted digits
    colours: cells.map((layers) => layers[3]),
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

// Cell ``index``'s layers, as [digit, centre, corner, colour].
export function layersOf(game, index) {
  return [game.digits[index], game.candidates[index], game.corners[index], game.colours[index]];
}

// Every cell's layers where the game started (its givens or a shared position).
export function startCells(game) {
  return (game.start ?? blankCells(game.givens)).map((layers) => [...layers]);
}

function sorted(digits) {
  return Array.from(new Set(digits)).sort().join("");
}

// The change that makes cell ``index`` hold ``layers`` ({digit, centre,
// corner, colour}, each optional: the others stay), or null when it holds
// them already.
export function change(game, index, layers) {
  const from = layersOf(game, index);
  const to = LAYERS.map((name, at) => (name in layers ? layers[name] : from[at]));
  to[1] = sorted(to[1]);
  to[2] = sorted(to[2]);
  return from.every((value, at) => value === to[at]) ? null : { index, from, to };
}

function setLayers(game, index, [digit, centre, corner, colour]) {
  game.digits[index] = digit;
  game.candidates[index] = centre;
  game.corners[index] = corner;
  game.colours[index] = colour;
}

function apply(game, changes, side) {
  for (const item of changes) setLayers(game, item.index, item[side]);
}

// Make ``changes`` (nulls dropped) one step, made at ``at`` milliseconds
// played; false when nothing changes.
export function commit(game, changes, at = game.elapsed) {
  const step = changes.filter(Boolean);
  if (!step.length) return false;
  apply(game, step, "to");
  step.at = at;
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

export function redo(game, at = game.elapsed) {
  const step = game.redo.pop();
  if (!step) return null;
  apply(game, step, "to");
  step.at = at;
  game.undo.push(step);
  return step;
}

// The game as it stood after its first ``moves`` steps, from its start:
// a new game (no history) for the replay and "Where did I go wrong?".
export function replayed(game, moves) {
  const copy = newGame(game.givens, game.start);
  for (const step of game.undo.slice(0, moves)) apply(copy, step, "to");
  return copy;
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
// ``givens`` (another version, a hand edit) reads as null. A step stores as
// [at, change, ...], a change as [index, ...layers before, ...layers after].
// Games stored before the marks had two layers (changes of five items,
// candidates once called "notes", steps without a time) read the same.
export function toData(game) {
  const step = (changes) => [changes.at ?? 0, ...changes.map(({ index, from, to }) => [index, ...from, ...to])];
  return { ...game, undo: game.undo.map(step), redo: game.redo.map(step) };
}

function readStep(items) {
  const at = typeof items[0] === "number" ? items[0] : 0;
  const step = items.filter(Array.isArray).map((item) => {
    if (item.length === 5) {
      const [index, d0, c0, d1, c1] = item;
      return { index, from: [d0, c0, "", ""], to: [d1, c1, "", ""] };
    }
    return { index: item[0], from: item.slice(1, 5), to: item.slice(5, 9) };
  });
  step.at = at;
  return step;
}

export function fromData(data, givens) {
  try {
    const candidates = data?.candidates ?? data?.notes;
    if (data?.givens !== givens || !valid(data, candidates)) return null;
    const blank = () => Array.from(givens, () => "");
    const start = Array.isArray(data.start) && data.start.length === givens.length ? data.start : null;
    return {
      ...newGame(givens, start),
      digits: [...data.digits],
      candidates: [...candidates],
      corners: Array.isArray(data.corners) ? [...data.corners] : blank(),
      colours: Array.isArray(data.colours) ? [...data.colours] : blank(),
      undo: data.undo.map(readStep),
      redo: data.redo.map(readStep),
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
  const optional = (list) => list === undefined || cells(list);
  const isChange = (item) => typeof item === "number" || (Array.isArray(item) && [5, 9].includes(item.length));
  const steps = (list) => Array.isArray(list) && list.every((step) => Array.isArray(step) && step.every(isChange));
  return (
    cells(data.digits) &&
    cells(candidates) &&
    optional(data.corners) &&
    optional(data.colours) &&
    steps(data.undo) &&
    steps(data.redo)
  );
}
