// "Where did I go wrong?": the first of the player's own moves since which
// the board has never agreed with the solution (a digit that is not the
// solution's, or a cell's centre marks without the solution's digit: corner
// marks say where a digit may go in a box, so a cell without it is no
// slip), found by replaying the game's undo history from its start (the
// givens, or the shared position it opened on).
//
// It shows before it acts: the move's cell is marked on the grid (a style,
// and a note its button is described by) and the status says which move it
// was and how many moves ago, counted on the undo history (the last move is
// 1 move ago), without the solution's digit. The board stays as it is; the
// buttons under the status then offer, each only when pressed: going back to
// just before it (one undo step, so one Undo returns), the teacher's step at
// the position before it (POST /api/hint), and the solution's digit there.
// Any other change to the game puts the offer away. When the board agrees
// with the solution, it says so.

import { gettext, interpolate, ngettext } from "../core/i18n.js";
import { hintAsker } from "./asks.js";
import { LAYERS, change, layersOf, replayed, startCells } from "./game.js";
import { showStep } from "./game-hint.js";
import { place } from "./cell-buttons.js";
import { markCells } from "./cell-marks.js";
import { act, count, draw, onChange, onDraw, playing, say, session, store } from "./session.js";
import { teacherBoard } from "./teacher-board.js";

const TEXT = {
  fine: gettext("Nothing is wrong so far: every digit and centre mark agrees with the solution. Hint gives the next step."),
  // Translators: %(ago)s says how long ago the move was, as in "8 moves ago".
  digit: gettext("Your first wrong move is marked on the grid: your %(digit)s in row %(row)s, column %(column)s, %(ago)s."),
  notes: gettext("Your first wrong move is marked on the grid: your centre marks in row %(row)s, column %(column)s, %(ago)s, which leave out a digit the cell needs."),
  // Translators: a game opened from a shared link starts from its position.
  start: gettext("The position this game started from already disagrees with the solution at row %(row)s, column %(column)s; Restart goes back to it, or open the puzzle without the position."),
  back: gettext("The board is back to just before your first wrong move. Undo returns to where you were."),
  asking: gettext("Asking for the step there…"),
  // Translators: %(text)s is the teacher's sentence for the step, as on the steps page.
  step: gettext("The right deduction there: %(text)s"),
  noStep: gettext("The step there could not be had just now; Hint may find it."),
  right: gettext("The solution has %(digit)s in row %(row)s, column %(column)s."),
};

let askHint = null;
let found = null; // the slip on offer: {agreed, cell, moves, back}, or null
let ours = false; // the change being made is this module's own going back

// The first cell where ``digits`` and ``notes`` depart from ``solution``, or -1.
function departure(digits, notes, solution) {
  return digits.findIndex((digit, index) =>
    digit ? digit !== solution[index] : notes[index] !== "" && !notes[index].includes(solution[index]),
  );
}

// Replaying ``game``'s moves from its start: the number of moves after
// which the board last agreed with ``solution`` (0 for the start alone, -1
// when even the start departs from it), and the cell the next move made
// depart; null when the board agrees now.
export function slipOf(game, solution) {
  const cells = startCells(game);
  const digits = cells.map((layers) => layers[0]);
  const notes = cells.map((layers) => layers[1]);
  const first = departure(digits, notes, solution);
  if (first >= 0) return { agreed: -1, cell: first };
  let agreed = 0;
  let cell = -1;
  game.undo.forEach((step, made) => {
    for (const { index, to } of step) [digits[index], notes[index]] = to;
    const departs = departure(digits, notes, solution);
    if (departs < 0) agreed = made + 1;
    else if (agreed === made) cell = departs;
  });
  return agreed === game.undo.length ? null : { agreed, cell };
}

// How many moves ago the slip was, on ``game``'s undo history: its last move is 1.
export function movesAgo(game, slip) {
  return game.undo.length - slip.agreed;
}

// What the slip's move left in its cell, as [digit, centre, corner, colour].
export function slipLayers(game, slip) {
  return game.undo[slip.agreed].find(({ index }) => index === slip.cell)?.to ?? ["", "", "", ""];
}

// The changes that take ``game`` back to where it stood after its first
// ``moves`` moves (every layer of every cell), as one step: none when it is there.
export function backChanges(game, moves) {
  const before = replayed(game, moves);
  return game.digits.flatMap((_, index) => {
    const layers = Object.fromEntries(LAYERS.map((name, at) => [name, layersOf(before, index)[at]]));
    return change(game, index, layers) ?? [];
  });
}

// The sentence naming the slip's move, without the solution's digit.
export function slipText(game, slip) {
  const n = movesAgo(game, slip);
  const ago = interpolate(ngettext("%(count)s move ago", "%(count)s moves ago", n), { count: n });
  const [digit] = slipLayers(game, slip);
  const values = { ...place(slip.cell), ago, digit };
  return interpolate(digit ? TEXT.digit : TEXT.notes, values);
}

function offer(slip) {
  found = slip;
  const panel = document.getElementById("play-slip");
  if (panel) panel.hidden = !slip;
  const back = document.querySelector('[data-slip="back"]');
  if (back) back.hidden = !slip || slip.back;
}

export function whereWrong() {
  if (!playing()) return;
  const slip = slipOf(session.game, session.data.solution);
  offer(null);
  if (!slip) say(TEXT.fine);
  else if (slip.agreed < 0) say(interpolate(TEXT.start, place(slip.cell)));
  else {
    offer({ ...slip, back: false });
    say(slipText(session.game, slip));
  }
  draw();
}

function goBack() {
  if (!found || found.back || !playing()) return;
  ours = true;
  act(backChanges(session.game, found.agreed), "back");
  ours = false;
  offer({ ...found, back: true });
  draw();
  say(TEXT.back);
}

async function rightStep() {
  if (!found || !playing()) return;
  const asked = found;
  say(TEXT.asking);
  const answer = await askHint(teacherBoard(replayed(session.game, asked.agreed)));
  if (found !== asked || answer === null) return; // the game moved on, or a newer ask
  const step = answer.ok ? answer.reply.steps?.[0] : null;
  if (!step) {
    say(TEXT.noStep);
    return;
  }
  count("hints");
  store();
  if (asked.back) showStep(step); // drawn only on the position it belongs to
  say(interpolate(TEXT.step, { text: step.text }));
}

function rightDigit() {
  if (!found) return;
  say(interpolate(TEXT.right, { ...place(found.cell), digit: session.data.solution[found.cell] }));
}

export function startWhereWrong() {
  askHint = hintAsker();
  const actions = { back: goBack, step: rightStep, digit: rightDigit };
  for (const button of document.querySelectorAll("[data-slip]")) {
    button.addEventListener("click", () => actions[button.dataset.slip]?.());
  }
  onChange(() => {
    if (!ours) offer(null);
  });
  onDraw(() => markCells("slip", "play-slip-note", found && !found.back ? [found.cell] : []));
}
