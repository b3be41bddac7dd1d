// The Hint button's three presses, for every page with a grid: the first
// says where to look and what for, the second shows the step on the grid,
// the third applies it; any change to the board starts over. The step comes
// from POST /api/hint; each page's adapter (entry/hint-button.js, play/game-hint.js)
// reads its board, draws and applies. Nothing here runs by itself; without
// the scripts there is no Hint button, and the steps page explains every step.

import { gettext, interpolate } from "./i18n.js";

const TEXT = {
  asking: gettext("Looking for the next step…"),
  failed: gettext("No hint could be had just now. Please try again."),
  gaveUp: gettext("The solver ran out of time on this grid before it could find the next step."),
  solved: gettext("Every cell is filled: there is no step left."),
  again: gettext("Press Hint again to see it on the grid."),
  apply: gettext("Press Hint again to fill it in."),
  applyRemoval: gettext("Press Hint again to apply it."),
  // Translators: %(cells)s lists the digits placed, as in "7 at row 3, column 4".
  placed: gettext("Filled in: %(cells)s."),
  // Translators: a digit the hint placed in a cell, as in "7 at row 3, column 4".
  cell: gettext("%(digit)s at row %(row)s, column %(column)s"),
  // Translators: a digit the hint removed from a cell's candidates, as in "7 from row 3, column 4".
  notHere: gettext("%(digit)s from row %(row)s, column %(column)s"),
  // Translators: what goes between two items of a list, as in "7 at row 3, column 4, 2 at row 5, column 6".
  separator: gettext(", "),
};

// Cells as a sentence lists them, from a step's placements or eliminations.
function list(items, template) {
  const where = ({ cell: [row, column], digit }) => ({ row, column, digit });
  return items.map((item) => interpolate(template, where(item))).join(TEXT.separator);
}

// The hint of one page, driven by ``page``, its adapter:
//   say(text)            the page's live region for the hint;
//   unique               the server's status word for one solution;
//   statusText           {status word: text} for the other statuses the
//                        page names (any other one reads "ran out of time");
//   invalid, removed     the page's words for a board the server refused
//                        ("…as it stands:") and for a step that only removes
//                        candidates (with %(cells)s);
//   ask()                the reply to the hint asked for the page's board, as
//                        core/post.js gives it ({ok, reply}; null when
//                        superseded); the page may answer {errors} (its
//                        conflicts) or {wrong} (cells not the solution's)
//                        without asking /api/hint;
//   markConflicts(list)  marks the conflicts the server named;
//   pointOut(wrong)      marks the wrong cells ([row, column]) and gives the
//                        words for them (needed when ask can answer {wrong});
//   counted()            (optional) a hint was given (the play page counts them);
//   show(step), clear()  draws the step on the grid, and takes it off;
//   prepare(step)        (optional) what applying the step needs from the
//                        server, or null when it could not be had;
//   apply(step, prepared) applies the step.
// Returns {press, reset}: the button's press, and the start over that the
// page calls on each change to its board that is not the hint's own.
export function createHint(page) {
  let stage = 0; // presses made on the current step: 0, 1 (said where), 2 (shown) or 3 (applying)
  let step = null; // the step of this cycle, from the server
  let generation = 0; // each change bumps it, so an older reply is dropped

  // What a reply without a step to show says, or "" when it has one.
  function trouble({ ok, reply }) {
    if (reply === null) return TEXT.failed;
    if (!ok) {
      const errors = Array.isArray(reply.errors) ? reply.errors : [];
      if (!errors.length) return TEXT.failed;
      page.markConflicts(errors.filter((error) => error.code === "conflict"));
      return [page.invalid, ...errors.map((error) => error.message)].join(" ");
    }
    if (page.statusText[reply.status]) return page.statusText[reply.status];
    if (reply.status !== page.unique) return TEXT.gaveUp;
    if (!Array.isArray(reply.steps) || !reply.steps.length) return TEXT.solved;
    return "";
  }

  async function first() {
    const mine = ++generation;
    page.say(TEXT.asking);
    const answer = await page.ask();
    if (answer === null || mine !== generation) return;
    // A board that departs from the solution has no sure step (its status may
    // be "none"): what is wrong comes first, whatever else the reply says.
    const wrong = answer.ok && Array.isArray(answer.reply.wrong) ? answer.reply.wrong : [];
    const problem = wrong.length ? "" : trouble(answer);
    if (problem) {
      page.say(problem);
      return;
    }
    page.counted?.();
    if (wrong.length) {
      page.say(page.pointOut(wrong));
      return;
    }
    step = answer.reply.steps[0];
    stage = 1;
    page.say(`${step.look || step.name} ${TEXT.again}`);
  }

  function show() {
    page.show(step);
    stage = 2;
    page.say(`${step.text} ${step.placements?.length ? TEXT.apply : TEXT.applyRemoval}`);
  }

  async function apply() {
    stage = 3; // presses while the page prepares it are ignored
    const mine = generation;
    const taken = step;
    const prepared = page.prepare ? await page.prepare(taken) : {};
    if (mine !== generation) return;
    if (prepared === null) {
      stage = 2;
      page.say(TEXT.failed);
      return;
    }
    page.apply(taken, prepared);
    stage = 0;
    step = null;
    if (taken.placements?.length) page.say(interpolate(TEXT.placed, { cells: list(taken.placements, TEXT.cell) }));
    else page.say(interpolate(page.removed, { cells: list(taken.eliminations ?? [], TEXT.notHere) }));
  }

  function press() {
    if (stage === 0) first();
    else if (stage === 1) show();
    else if (stage === 2) apply();
  }

  function reset() {
    generation += 1;
    if (stage || step) page.say("");
    stage = 0;
    step = null;
    page.clear();
  }

  return { press, reset };
}
