// "Where did I go wrong?": the first of the player's own moves since which
// the board has never agreed with the solution (a digit that is not the
// solution's, or a cell's centre marks without the solution's digit: corner
// marks say where a digit may go in a box, so a cell without it is no
// slip), found by replaying the game's undo history from its start (the
// givens, or the shared position it opened on). The board goes back to
// just before that move (Redo goes forward again) and the teacher's step
// that was available there is shown on the grid, as Hint's second press
// shows one. When the board agrees with the solution, it says so.

import { gettext, interpolate } from "../core/i18n.js";
import { hintAsker } from "./asks.js";
import { startCells } from "./game.js";
import { hintBoard, showStep } from "./game-hint.js";
import { place } from "./cell-buttons.js";
import { playing, say, session, takeBack } from "./session.js";

const TEXT = {
  fine: gettext("Nothing is wrong so far: every digit and centre mark agrees with the solution. Hint gives the next step."),
  // Translators: move %(move)s counts the player's moves from the start (undone ones left out).
  digit: gettext("Move %(move)s went wrong: it put %(digit)s at row %(row)s, column %(column)s, where the solution has %(right)s."),
  notes: gettext("Move %(move)s went wrong: it left the centre marks of row %(row)s, column %(column)s without %(right)s, the solution's digit there."),
  // Translators: a game opened from a shared link starts from its position.
  start: gettext("The position this game started from already disagrees with the solution at row %(row)s, column %(column)s; Restart goes back to it, or open the puzzle without the position."),
  back: gettext("The board is back to just before it; Redo goes forward again."),
  // Translators: %(text)s is the teacher's sentence for the step, as on the steps page.
  step: gettext("The step there was: %(text)s"),
  noStep: gettext("The step there could not be had just now; Hint may find it."),
};

let askHint = null;

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

function slipText({ agreed, cell }) {
  const { game, data } = session;
  const { row, column } = place(cell);
  const right = data.solution[cell];
  const step = game.undo[agreed];
  const made = step.find(({ index }) => index === cell)?.to ?? ["", "", "", ""];
  const where = { move: agreed + 1, row, column, right };
  return made[0] ? interpolate(TEXT.digit, { ...where, digit: made[0] }) : interpolate(TEXT.notes, where);
}

export async function whereWrong() {
  if (!playing()) return;
  const slip = slipOf(session.game, session.data.solution);
  if (!slip) {
    say(TEXT.fine);
    return;
  }
  if (slip.agreed < 0) {
    say(interpolate(TEXT.start, place(slip.cell)));
    return;
  }
  const said = [slipText(slip), TEXT.back];
  while (session.game.undo.length > slip.agreed) takeBack();
  say(said.join(" "));
  const answer = await askHint(hintBoard());
  const step = answer?.ok ? answer.reply.steps?.[0] : null;
  if (session.game.undo.length !== slip.agreed) return; // the player moved on meanwhile
  if (step) showStep(step);
  say([...said, step ? interpolate(TEXT.step, { text: step.text }) : TEXT.noStep].join(" "));
}

export function startWhereWrong() {
  askHint = hintAsker();
}
