// Hint: asks the teacher (/api/hint) about the player's own board, their
// digits and their notes. A wrong digit, or notes that lost the solution's
// digit, is pointed out first, and that is all. Otherwise the step comes in
// three presses, as on the entry page: where to look, the step shown on the
// grid, then the step applied (one undo step). Any other change starts
// over. Each step started counts as a hint.

import { createCandidates } from "../core/candidates.js";
import { gettext, interpolate } from "../core/i18n.js";
import { gridLine, progressLine } from "./game.js";
import { indexAt, peersOf, unitCells } from "./grid.js";
import { act, draw, onChange, playing, say, session, store, view } from "./session.js";
import { createPost } from "../core/post.js";
import { cellList } from "./check.js";
import { markConflicts } from "./conflicts.js";
import { applyStep } from "./moves.js";
import { tidyOn } from "./options.js";

const TEXT = {
  asking: gettext("Looking for the next step…"),
  failed: gettext("No hint could be had just now. Please try again."),
  invalid: gettext("The grid cannot go on as it stands:"),
  gaveUp: gettext("The solver ran out of time on this grid before it could find the next step."),
  solved: gettext("Every cell is filled: there is no step left."),
  // Translators: %(cells)s lists cells, as in "row 3, column 4; row 5, column 6".
  wrongDigits: gettext("Not the solution's digit: %(cells)s."),
  wrongNotes: gettext("Notes without the solution's digit: %(cells)s."),
  fixFirst: gettext("Put these right first, then ask again."),
  again: gettext("Press Hint again to see it on the grid."),
  apply: gettext("Press Hint again to fill it in."),
  applyRemoval: gettext("Press Hint again to apply it."),
  // Translators: %(cells)s lists the digits placed, as in "7 at row 3, column 4".
  placed: gettext("Filled in: %(cells)s."),
  // Translators: %(cells)s lists the candidates removed, as in "7 from row 3, column 4".
  removed: gettext("Removed from the notes: %(cells)s."),
  // Translators: a digit the hint placed in a cell, as in "7 at row 3, column 4".
  cell: gettext("%(digit)s at row %(row)s, column %(column)s"),
  // Translators: a digit the hint removed from a cell's candidates, as in "7 from row 3, column 4".
  notHere: gettext("%(digit)s from row %(row)s, column %(column)s"),
  // Translators: what goes between two items of a list, as in "7 at row 3, column 4, 2 at row 5, column 6".
  separator: gettext(", "),
};

const FAILED = Symbol("failed");

let stage = 0; // presses made on the current step: 0, 1 (said where), 2 (shown) or 3 (applying)
let step = null;
let generation = 0; // each change bumps it, so an older reply is dropped
let hintSender = null;
let candidatesSender = null;

const indexOfCell = ([row, column]) => indexAt(row, column);

// The player's notes as the teacher takes them: a cell's notes, null for an
// open cell without any (the rules' candidates), "" for a filled one; none
// at all when no cell has notes.
function board() {
  const { game, data } = session;
  const body = { puzzle: data.puzzle, progress: progressLine(game) };
  if (game.notes.some(Boolean)) {
    body.candidates = game.digits.map((digit, index) => (digit ? "" : game.notes[index] || null));
  }
  return body;
}

function reset() {
  generation += 1;
  if (stage || step) say("");
  stage = 0;
  step = null;
  view.hint = null;
}

// What a reply without a step to show says, or "" when it has one.
function trouble(answer) {
  if (!answer.reply) return TEXT.failed;
  const reply = answer.reply;
  if (!answer.ok) {
    const errors = Array.isArray(reply.errors) ? reply.errors : [];
    if (!errors.length) return TEXT.failed;
    markConflicts(errors);
    return [TEXT.invalid, ...errors.map((error) => error.message)].join(" ");
  }
  if (reply.status !== session.data.statuses.unique) return TEXT.gaveUp;
  if (!Array.isArray(reply.steps) || !reply.steps.length) return TEXT.solved;
  return "";
}

// The digits that clash, asked first of /api/candidates (which answers 200
// either way, where the teacher refuses such a board with a 400), marked;
// and of them, those that are not the solution's (from the page's data), as
// [row, column]. Empty when nothing clashes (or nothing could be asked).
async function clashing() {
  const { game, data } = session;
  const progress = progressLine(game);
  if (!/[1-9]/.test(progress)) return [];
  const conflicts = (await candidatesSender({ puzzle: data.puzzle, progress }))?.conflicts ?? [];
  if (!conflicts.length) return [];
  markConflicts(conflicts);
  const cells = conflicts.flatMap((conflict) => conflict.cells ?? []);
  const wrong = cells.filter((cell) => {
    const index = indexOfCell(cell);
    return index >= 0 && game.digits[index] && game.digits[index] !== data.solution[index];
  });
  return Array.from(new Map(wrong.map((cell) => [cell.join(","), cell])).values());
}

// Mark the cells the teacher found wrong and say which is which.
function pointOut(wrong) {
  const { game } = session;
  const cells = wrong.map(indexOfCell).filter((index) => index >= 0);
  view.wrong = new Set(cells);
  draw();
  const digits = cells.filter((index) => game.digits[index]);
  const notes = cells.filter((index) => !game.digits[index]);
  const said = [];
  if (digits.length) said.push(interpolate(TEXT.wrongDigits, { cells: cellList(digits) }));
  if (notes.length) said.push(interpolate(TEXT.wrongNotes, { cells: cellList(notes) }));
  say([...said, TEXT.fixFirst].join(" "));
}

async function first() {
  const mine = ++generation;
  say(TEXT.asking);
  const clashes = await clashing();
  if (mine !== generation) return;
  const answer = clashes.length ? { ok: true, reply: { wrong: clashes } } : await hintSender(board());
  if (answer === null || mine !== generation) return;
  // A board that departs from the solution has no sure step (its status may
  // be "none"): what is wrong comes first, whatever else the reply says.
  const wrong = answer.ok && Array.isArray(answer.reply.wrong) ? answer.reply.wrong : [];
  const problem = wrong.length ? "" : trouble(answer);
  if (problem) {
    say(problem);
    return;
  }
  session.game.hints += 1;
  store();
  if (wrong.length) {
    pointOut(wrong);
    return;
  }
  step = answer.reply.steps[0];
  stage = 1;
  say(`${step.look || step.name} ${TEXT.again}`);
}

function show() {
  const pattern = step.pattern ?? {};
  view.hint = {
    units: new Set((pattern.units ?? []).flatMap(unitCells)),
    cells: new Set((pattern.cells ?? []).map(indexOfCell)),
    place: new Map((step.placements ?? []).map(({ cell, digit }) => [indexOfCell(cell), String(digit)])),
    remove: new Set((step.eliminations ?? []).map(({ cell }) => indexOfCell(cell))),
  };
  stage = 2;
  draw();
  say(`${step.text} ${step.placements?.length ? TEXT.apply : TEXT.applyRemoval}`);
}

// The server's candidates, needed only when a cell losing one has no notes
// (null when none is needed, FAILED when none could be had).
async function candidatesFor(eliminations) {
  const { game, data } = session;
  const bare = eliminations.some(({ cell }) => !game.notes[indexOfCell(cell)]);
  if (!bare) return null;
  const board = await candidatesSender({ puzzle: data.puzzle, progress: progressLine(game) });
  return board?.candidates ?? FAILED;
}

async function apply() {
  stage = 3; // presses while the candidates come are ignored
  const mine = generation;
  const taken = step;
  const line = gridLine(session.game);
  const candidates = await candidatesFor(taken.eliminations ?? []);
  if (mine !== generation || line !== gridLine(session.game)) return;
  if (candidates === FAILED) {
    stage = 2;
    say(TEXT.failed);
    return;
  }
  const changes = applyStep(session.game, taken, { candidates, tidy: tidyOn(), peersOf, indexOf: indexOfCell });
  view.hint = null;
  stage = 0;
  step = null;
  act(changes, "hint");
  draw();
  const where = ({ cell: [row, column], digit }) => ({ row, column, digit });
  const list = (items, template) => items.map((item) => interpolate(template, where(item))).join(TEXT.separator);
  if (taken.placements?.length) say(interpolate(TEXT.placed, { cells: list(taken.placements, TEXT.cell) }));
  else say(interpolate(TEXT.removed, { cells: list(taken.eliminations ?? [], TEXT.notHere) }));
}

export function hint() {
  if (!playing()) return;
  if (stage === 0) first();
  else if (stage === 1) show();
  else if (stage === 2) apply();
}

export function startHint() {
  hintSender = createPost(session.data.hint_url);
  candidatesSender = createCandidates(session.data.candidates_url, session.game.digits.length);
  onChange(({ source }) => {
    if (source !== "hint") reset();
  });
}
