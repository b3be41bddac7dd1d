// The play page's Hint: the three presses of core/hint.js on the player's own
// board, their digits and their pencilled candidates (the API's teacher, at
// every size: asks.js). A wrong digit, or
// candidates that lost the solution's digit, is pointed out first, and that
// is all. Otherwise: where to look, the step shown on the grid, then the
// step applied (one undo step). Any other change starts over. Each step
// started counts as a hint.

import { createHint } from "../core/hint.js";
import { gettext, interpolate } from "../core/i18n.js";
import { candidatesAsker, hintAsker } from "./asks.js";
import { cellList } from "./check.js";
import { markConflicts } from "./conflicts.js";
import { progressLine } from "./game.js";
import { teacherBoard } from "./teacher-board.js";
import { gridTable, indexAt, peersOf, unitCells } from "./cell-buttons.js";
import { layDrawing, removeDrawing } from "../steps/overlay.js";
import { applyStep } from "./moves.js";
import { tidyOn } from "./options.js";
import { act, count, draw, onChange, playing, say, session, setHint, setWrong, store } from "./session.js";

const TEXT = {
  invalid: gettext("The grid cannot go on as it stands:"),
  // Translators: %(cells)s lists cells, as in "row 3, column 4; row 5, column 6".
  wrongDigits: gettext("Not the solution's digit: %(cells)s."),
  wrongCandidates: gettext("Centre marks without the solution's digit: %(cells)s."),
  fixFirst: gettext("Put these right first, then ask again."),
  // Translators: %(cells)s lists the candidates removed, as in "7 from row 3, column 4".
  removed: gettext("Removed from the centre marks: %(cells)s."),
};

let machine = null; // the three presses (core/hint.js)
let askHint = null;
let askCandidates = null;

const indexOfCell = ([row, column]) => indexAt(row, column);

// The player's candidates as the teacher takes them: a cell's pencilled
// candidates, null for an open cell without any (the rules' candidates), ""
// for a filled one; none at all when no cell has any pencilled.
export function hintBoard() {
  return teacherBoard(session.game);
}

// The digits that clash, asked first of /api/candidates (which answers 200
// either way, where the teacher refuses such a board with a 400), marked;
// and of them, those that are not the solution's (from the page's data), as
// [row, column]. Empty when nothing clashes (or nothing could be asked);
// null when a newer ask superseded this one.
async function clashing() {
  const { game, data } = session;
  const progress = progressLine(game);
  if (!/[^.]/.test(progress)) return [];
  const answer = await askCandidates({ puzzle: data.puzzle, progress });
  if (answer === null) return null;
  const conflicts = answer.conflicts ?? [];
  if (!conflicts.length) return [];
  markConflicts(conflicts);
  const cells = conflicts.flatMap((conflict) => conflict.cells ?? []);
  const wrong = cells.filter((cell) => {
    const index = indexOfCell(cell);
    return index >= 0 && game.digits[index] && game.digits[index] !== data.solution[index];
  });
  return Array.from(new Map(wrong.map((cell) => [cell.join(","), cell])).values());
}

async function ask() {
  const clashes = await clashing();
  if (clashes === null) return null;
  return clashes.length ? { ok: true, reply: { wrong: clashes } } : askHint(hintBoard());
}

// Mark the cells found wrong; what to say about them.
function pointOut(wrong) {
  const { game } = session;
  const cells = wrong.map(indexOfCell).filter((index) => index >= 0);
  setWrong(cells);
  draw();
  const digits = cells.filter((index) => game.digits[index]);
  const pencilled = cells.filter((index) => !game.digits[index]);
  const said = [];
  if (digits.length) said.push(interpolate(TEXT.wrongDigits, { cells: cellList(digits) }));
  if (pencilled.length) said.push(interpolate(TEXT.wrongCandidates, { cells: cellList(pencilled) }));
  return [...said, TEXT.fixFirst].join(" ");
}

function counted() {
  count("hints");
  store();
}

// Draw ``step`` on the grid (its pattern, what it places and removes), and
// lay its drawing over it (a chain's links, fins, sets: steps/overlay.js).
export function showStep(step) {
  const pattern = step.pattern ?? {};
  setHint({
    units: new Set((pattern.units ?? []).flatMap(unitCells)),
    cells: new Set((pattern.cells ?? []).map(indexOfCell)),
    place: new Map((step.placements ?? []).map(({ cell, digit }) => [indexOfCell(cell), String(digit)])),
    remove: new Set((step.eliminations ?? []).map(({ cell }) => indexOfCell(cell))),
  });
  draw();
  layDrawing(gridTable(), step.drawing);
}

function clear() {
  removeDrawing(gridTable());
  setHint(null);
}

// The server's candidates, needed only when a cell losing one has none pencilled:
// {candidates} (null when none is needed), or null when none could be had.
async function prepare(step) {
  const { game, data } = session;
  const bare = (step.eliminations ?? []).some(({ cell }) => !game.candidates[indexOfCell(cell)]);
  if (!bare) return { candidates: null };
  const answer = await askCandidates({ puzzle: data.puzzle, progress: progressLine(game) });
  return answer?.candidates ? { candidates: answer.candidates } : null;
}

function apply(step, { candidates }) {
  const changes = applyStep(session.game, step, { candidates, tidy: tidyOn(), peersOf, indexOf: indexOfCell });
  removeDrawing(gridTable());
  setHint(null);
  act(changes, "hint");
  draw();
}

export function hint() {
  if (playing()) machine.press();
}

export function startHint() {
  askHint = hintAsker();
  askCandidates = candidatesAsker();
  machine = createHint({
    say,
    unique: session.data.statuses.unique,
    statusText: {},
    invalid: TEXT.invalid,
    removed: TEXT.removed,
    ask,
    markConflicts,
    pointOut,
    counted,
    show: showStep,
    clear,
    prepare,
    apply,
  });
  onChange(({ source }) => {
    if (source !== "hint") machine.reset();
  });
}
