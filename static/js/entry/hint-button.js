// The entry page's Hint button: the next step from the grid as typed, in the
// three presses of core/hint.js. Shown on the grid, the step's units are
// shaded and its cells ringed, a digit to place shown faintly in its cell
// and cells that lose a candidate marked, and the step drawn over the grid
// as the steps page draws it (its links, fins, sets; steps/overlay.js);
// applied, its digits are typed in.
// Typing in the grid starts over. Digits that clash are named first, from
// /api/candidates (form.entry's data-candidates-url), and the step comes from
// /api/hint (the button's data-hint-url). Without the script the button
// stays hidden; the answer page's "Explain step by step" shows every step.

import { createCandidates } from "../core/candidates.js";
import { createHint } from "../core/hint.js";
import { gettext } from "../core/i18n.js";
import { createPost } from "../core/post.js";
import { layDrawing, removeDrawing } from "../steps/overlay.js";
import { announcer } from "../core/status.js";
import { cellIn, cells, engineSymbol, form, grid, readGrid, setValue, symbolFor, table } from "./cells.js";
import { markConflicts } from "./marks.js";
import { withRules } from "./rules.js";

const TEXT = {
  invalid: gettext("The grid cannot be solved as it stands:"),
  multiple: gettext("This grid has more than one solution, so no step is sure: check the givens, or add one."),
  none: gettext("This grid has no solution: some digit in it is wrong. Show Answer checks it against the givens."),
  // Translators: %(cells)s lists the candidates removed, as in "7 from row 3, column 4".
  removed: gettext(
    "This step removes %(cells)s. The grid has no pencil marks, so nothing changes in it; the next hint takes it into account.",
  ),
};
const MARKS = ["hint-unit", "hint-pattern", "hint-place", "hint-remove"];

let applying = false; // the hint itself is filling cells: not a person's typing
let seen = ""; // the grid as last seen, to tell a digit added from one changed
let removed = new Map(); // cell index -> Set of digits the hints removed

function cellOf([row, column]) {
  return cellIn(row, column);
}

// The board the next hint starts from, once earlier hints removed some
// candidates: each cell they touched holds what the rules allow (the
// server's ``allowed``: no rule is written here) less what they removed;
// every other cell is null, which the server reads as the rules'. Null when
// nothing was removed, or the candidates could not be had.
function pencilled(allowed) {
  if (!removed.size || !allowed) return null;
  return allowed.map((text, index) => {
    const gone = removed.get(index);
    return gone ? Array.from(text).filter((digit) => !gone.has(digit)).join("") : null;
  });
}

// The grid's conflicts, asked first of /api/candidates (which answers 200
// either way, so a grid with a conflict logs no failed request) and given
// as the server's refusal would give them; else the hint for the grid.
async function ask(askCandidates, askHint) {
  const puzzle = readGrid();
  const board = await askCandidates(withRules({ puzzle }));
  if (board === null) return null;
  if (board.conflicts?.length) return { ok: false, reply: { errors: board.conflicts } };
  // The hint under the rules chosen: the teacher refuses variant rules by
  // name for now, rather than hint as if they were not there.
  const body = withRules({ puzzle });
  const candidates = pencilled(board.candidates);
  if (candidates) body.candidates = candidates;
  return askHint(body);
}

function clear() {
  removeDrawing(table);
  for (const cell of cells()) {
    cell.closest("td").classList.remove(...MARKS);
    cell.removeAttribute("placeholder");
  }
}

function show(step) {
  for (const unit of step.pattern?.units ?? []) {
    for (const index of grid.unitCells(unit)) cells()[index].closest("td").classList.add("hint-unit");
  }
  for (const cell of step.pattern?.cells ?? []) cellOf(cell)?.closest("td").classList.add("hint-pattern");
  for (const { cell, digit } of step.placements ?? []) {
    const input = cellOf(cell);
    input?.closest("td").classList.add("hint-place");
    input?.setAttribute("placeholder", symbolFor(digit) ?? String(digit));
  }
  for (const { cell } of step.eliminations ?? []) cellOf(cell)?.closest("td").classList.add("hint-remove");
  layDrawing(table, step.drawing);
}

// The grid has no pencil marks: a step's eliminations are remembered, for
// the next hints to start from.
function apply(step) {
  clear();
  applying = true;
  for (const { cell, digit } of step.placements ?? []) {
    const input = cellOf(cell);
    if (input) setValue(input, symbolFor(digit) ?? String(digit));
  }
  applying = false;
  seen = readGrid();
  for (const { cell: [row, column], digit } of step.eliminations ?? []) {
    const index = grid.indexAt(row, column);
    if (!removed.has(index)) removed.set(index, new Set());
    removed.get(index).add(engineSymbol(digit)); // as the server writes candidates
  }
}

// A person's edit starts the cycle over. Candidates the hints removed stay
// right while digits are only added (a deduction still holds with more
// digits placed); a digit cleared or changed may undo one, so they go.
function onChange(hint) {
  if (applying) return;
  const now = readGrid();
  const undone = Array.from(seen).some((symbol, index) => symbol !== "." && now[index] !== symbol);
  if (undone) removed = new Map();
  seen = now;
  hint.reset();
}

export function startHint() {
  const button = form?.querySelector("[data-hint-url]");
  const candidatesUrl = form?.dataset.candidatesUrl;
  if (!table || !button || !candidatesUrl) return;
  const askCandidates = createCandidates(candidatesUrl, cells().length);
  const askHint = createPost(button.dataset.hintUrl);
  const { dataset } = button;
  const hint = createHint({
    say: announcer("hint-status"),
    unique: dataset.unique,
    // The status words come from the page, as the server spells them.
    statusText: { [dataset.multiple]: TEXT.multiple, [dataset.none]: TEXT.none },
    invalid: TEXT.invalid,
    removed: TEXT.removed,
    ask: () => ask(askCandidates, askHint),
    markConflicts,
    show,
    clear,
    apply,
  });
  button.removeAttribute("hidden");
  seen = readGrid();
  table.addEventListener("cells:change", () => onChange(hint));
  button.addEventListener("click", hint.press);
}
