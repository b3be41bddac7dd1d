// The Hint button: the next step from the grid as typed, in three presses.
// The first says where to look and what for, the second shows the step on
// the grid (its pattern's units shaded and cells ringed, a digit to place shown faintly in its
// cell, cells that lose a candidate marked), the third applies it. Typing in
// the grid starts over. The step comes from POST /api/hint (the button's
// data-hint-url). Without the script the button stays hidden; the answer
// page's "Explain step by step" shows every step without it.

import { cellIn, cells, form, grid, readGrid, setValue, table } from "./cells.js";
import { createCandidates } from "../core/candidates.js";
import { gettext } from "../core/i18n.js";
import { createPost } from "../core/post.js";
import { FAILED, createLoader } from "./load.js";
import { markConflicts } from "./marks.js";

const TEXT = {
  asking: gettext("Looking for the next step…"),
  failed: gettext("No hint could be had just now. Please try again."),
  invalid: gettext("The grid cannot be solved as it stands:"),
  multiple: gettext("This grid has more than one solution, so no step is sure: check the givens, or add one."),
  none: gettext("This grid has no solution: some digit in it is wrong. Show Answer checks it against the givens."),
  gaveUp: gettext("The solver ran out of time on this grid before it could find the next step."),
  solved: gettext("Every cell is filled: there is no step left."),
  again: gettext("Press Hint again to see it on the grid."),
  apply: gettext("Press Hint again to fill it in."),
  applyRemoval: gettext("Press Hint again to apply it."),
  // Translators: %(cells)s lists the digits placed, as in "7 at row 3, column 4".
  placed: gettext("Filled in: %(cells)s."),
  // Translators: %(cells)s lists the candidates removed, as in "7 from row 3, column 4".
  removed: gettext(
    "This step removes %(cells)s. The grid has no pencil marks, so nothing changes in it; the next hint takes it into account.",
  ),
  // Translators: a digit the hint placed in a cell, as in "7 at row 3, column 4".
  cell: gettext("%(digit)s at row %(row)s, column %(column)s"),
  // Translators: a digit the hint removed from a cell's candidates, as in "7 from row 3, column 4".
  notHere: gettext("%(digit)s from row %(row)s, column %(column)s"),
  // Translators: what goes between two items of a list, as in "7 at row 3, column 4, 2 at row 5, column 6".
  separator: gettext(", "),
};
const MARKS = ["hint-unit", "hint-pattern", "hint-place", "hint-remove"];

let stage = 0; // presses made on the current step: 0, 1 (said where) or 2 (shown)
let step = null; // the step of this cycle, from the server
let generation = 0; // each change bumps it, so an older reply is dropped
let applying = false; // the hint itself is filling cells: not a person's typing
let seen = ""; // the grid as last seen, to tell a digit added from one changed
let removed = new Map(); // cell index -> Set of digits the hints removed
const check = createLoader();
let askHint = null;
let askCandidates = null;

function say(text) {
  const status = document.getElementById("hint-status");
  if (status) status.textContent = text;
}

function fill(template, values) {
  return template.replace(/%\((\w+)\)s/g, (_, key) => String(values[key]));
}

function cellOf([row, column]) {
  return cellIn(row, column);
}

function unmark() {
  for (const cell of cells()) {
    cell.closest("td").classList.remove(...MARKS);
    cell.removeAttribute("placeholder");
  }
}

function reset() {
  generation += 1;
  stage = 0;
  step = null;
  unmark();
}

// The board the next hint starts from, once earlier hints removed some
// candidates: each cell they touched holds what the rules allow (asked of the
// server's candidates endpoint: no rule is written here) less what they
// removed; every other cell is null, which the server reads as the rules'.
// Null when nothing was removed, or the candidates could not be had.
async function candidates() {
  if (!removed.size) return null;
  const allowed = (await askCandidates({ puzzle: readGrid() }))?.candidates;
  if (!allowed) return null;
  return allowed.map((text, index) => {
    const gone = removed.get(index);
    return gone ? Array.from(text).filter((digit) => !gone.has(digit)).join("") : null;
  });
}

async function ask() {
  const body = { puzzle: readGrid() };
  const pencilled = await candidates();
  if (pencilled) body.candidates = pencilled;
  return askHint(body);
}

// What a reply without a step to show says, or "" when it has one. The
// status words come from the page (the button's data-unique, data-multiple
// and data-none), as the server spells them.
function trouble(answer, words) {
  if (answer.reply === null) return TEXT.failed;
  const reply = answer.reply;
  if (!answer.ok) {
    const errors = Array.isArray(reply.errors) ? reply.errors : [];
    if (!errors.length) return TEXT.failed;
    return describe(errors);
  }
  if (reply.status === words.multiple) return TEXT.multiple;
  if (reply.status === words.none) return TEXT.none;
  if (reply.status !== words.unique) return TEXT.gaveUp;
  if (!Array.isArray(reply.steps) || !reply.steps.length) return TEXT.solved;
  return "";
}

// The grid's problems (conflicting digits), as the server reads the grid,
// or null when it has none. Asked first through the page's own reader, which
// answers 200 either way, so a grid with a conflict logs no failed request.
async function problems() {
  const reply = await check("puzzle", readGrid());
  if (reply === null || reply === FAILED || !reply.problems.length) return null;
  return reply.problems;
}

// Mark the conflicting cells, and say what is wrong.
function describe(errors) {
  markConflicts(errors.filter((error) => error.code === "conflict"));
  return [TEXT.invalid, ...errors.map((error) => error.message)].join(" ");
}

async function first({ dataset }) {
  const mine = ++generation;
  say(TEXT.asking);
  const found = await problems();
  if (mine !== generation) return;
  if (found) {
    say(describe(found));
    return;
  }
  const answer = await ask();
  if (answer === null || mine !== generation) return;
  const problem = trouble(answer, dataset);
  if (problem) {
    say(problem);
    return;
  }
  step = answer.reply.steps[0];
  stage = 1;
  say(`${step.look || step.name} ${TEXT.again}`);
}

function show() {
  for (const unit of step.pattern?.units ?? []) {
    for (const index of grid.unitCells(unit)) cells()[index].closest("td").classList.add("hint-unit");
  }
  for (const cell of step.pattern?.cells ?? []) cellOf(cell)?.closest("td").classList.add("hint-pattern");
  for (const { cell, digit } of step.placements ?? []) {
    const input = cellOf(cell);
    input?.closest("td").classList.add("hint-place");
    input?.setAttribute("placeholder", String(digit));
  }
  for (const { cell } of step.eliminations ?? []) cellOf(cell)?.closest("td").classList.add("hint-remove");
  stage = 2;
  say(`${step.text} ${step.placements?.length ? TEXT.apply : TEXT.applyRemoval}`);
}

function apply() {
  const placements = step.placements ?? [];
  const eliminations = step.eliminations ?? [];
  const place = ({ cell: [row, column], digit }) => ({ row, column, digit });
  unmark();
  applying = true;
  for (const { cell, digit } of placements) {
    const input = cellOf(cell);
    if (input) setValue(input, String(digit));
  }
  applying = false;
  seen = readGrid();
  for (const { cell: [row, column], digit } of eliminations) {
    const index = grid.indexAt(row, column);
    if (!removed.has(index)) removed.set(index, new Set());
    removed.get(index).add(String(digit));
  }
  if (placements.length) {
    const said = placements.map((p) => fill(TEXT.cell, place(p))).join(TEXT.separator);
    say(fill(TEXT.placed, { cells: said }));
  } else {
    const said = eliminations.map((p) => fill(TEXT.notHere, place(p))).join(TEXT.separator);
    say(fill(TEXT.removed, { cells: said }));
  }
  stage = 0;
  step = null;
}

// A person's edit starts the cycle over. Candidates the hints removed stay
// right while digits are only added (a deduction still holds with more
// digits placed); a digit cleared or changed may undo one, so they go.
function onChange() {
  if (applying) return;
  const now = readGrid();
  const undone = Array.from(seen).some((symbol, index) => symbol !== "." && now[index] !== symbol);
  if (undone) removed = new Map();
  seen = now;
  if (stage || step) say("");
  reset();
}

export function startHint() {
  const button = form?.querySelector("[data-hint-url]");
  const candidatesUrl = form.dataset.candidatesUrl;
  if (!table || !button || !candidatesUrl) return;
  askHint = createPost(button.dataset.hintUrl);
  askCandidates = createCandidates(candidatesUrl, cells().length);
  button.removeAttribute("hidden");
  seen = readGrid();
  table.addEventListener("cells:change", onChange);
  button.addEventListener("click", () => {
    if (stage === 0) first(button);
    else if (stage === 1) show();
    else apply();
  });
}
