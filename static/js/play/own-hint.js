// The page's own hint, for the boards the API's teacher does not read (every
// size but 9x9), answered in the API's shape so the three presses of
// core/hint.js go as they do on 9x9: first the cells that depart from the
// solution (a digit not its, or notes without its value); else a cell where
// one value alone fits (its row, column and box hold every other); else,
// in the open cell with the fewest candidates, the solution's value.

import { gettext, interpolate } from "../core/i18n.js";
import { boxOf, place } from "./grid.js";
import { candidatesOf } from "./rules.js";
import { session } from "./session.js";

const TEXT = {
  lookSingle: gettext("Look at row %(row)s, column %(column)s: its row, column and box leave it one value."),
  // Translators: %(digit)s is a value of the board, 1 to 9 or a letter (A is 10).
  single: gettext("Only %(digit)s fits at row %(row)s, column %(column)s: its row, column and box hold every other value."),
  lookSolution: gettext("Look at row %(row)s, column %(column)s: the open cell with the fewest candidates."),
  solution: gettext("The solution has %(digit)s at row %(row)s, column %(column)s."),
};

// The digits of a board as the API reads one: the givens, then the progress.
export function digitsOf({ puzzle, progress }) {
  return Array.from(puzzle, (given, index) => {
    const symbol = given !== "." ? given : (progress?.[index] ?? ".");
    return symbol === "." ? "" : symbol;
  });
}

function step(index, digit, look, text) {
  const { row, column } = place(index);
  const units = [
    { kind: "row", number: row },
    { kind: "column", number: column },
    { kind: "box", number: boxOf(index) },
  ];
  return {
    name: "",
    look: interpolate(look, { row, column }),
    text: interpolate(text, { digit, row, column }),
    placements: [{ cell: [row, column], digit }],
    eliminations: [],
    pattern: { cells: [[row, column]], units },
  };
}

function nextStep(digits, solution) {
  const open = digits.flatMap((digit, index) => (digit ? [] : [index]));
  if (!open.length) return null;
  const candidates = candidatesOf(digits);
  const single = open.find((index) => candidates[index].length === 1);
  if (single !== undefined) return step(single, candidates[single], TEXT.lookSingle, TEXT.single);
  const fewest = open.reduce((best, index) => (candidates[index].length < candidates[best].length ? index : best));
  return step(fewest, solution[fewest], TEXT.lookSolution, TEXT.solution);
}

// The reply to {puzzle, progress, candidates} as core/post.js gives the
// API's: {ok, reply: {status, steps, wrong}}.
export async function ownHint(body) {
  const { solution, statuses } = session.data;
  const digits = digitsOf(body);
  const pencilled = body.candidates ?? [];
  const departs = (digit, index) =>
    digit ? digit !== solution[index] : !!pencilled[index] && !pencilled[index].includes(solution[index]);
  const wrong = digits.flatMap((digit, index) => {
    if (!departs(digit, index)) return [];
    const { row, column } = place(index);
    return [[row, column]];
  });
  const found = wrong.length ? null : nextStep(digits, solution);
  return { ok: true, reply: { status: statuses.unique, steps: found ? [found] : [], wrong } };
}
