// The mistakes counter (the option "Count mistakes", off by default): each
// digit the player places that is not the solution's counts, shown or not,
// and is kept with the game; while the option is on, or a limit is set, the
// count shows beside the clock, above the grid. While the option is on, each
// digit on the grid that is not the solution's is marked there too (a style,
// and a note its button is described by), until it changes. The limit ("Stop the game at this many
// mistakes", none by default, remembered for every game): once the count
// reaches it the game stops, clock and all, until the player restarts or
// raises the limit. Check stays as it is.

import { gettext, interpolate } from "../core/i18n.js";
import { isGiven } from "./game.js";
import { markCells } from "./cell-marks.js";
import { optionOn } from "./options.js";
import { count, draw, onChange, onDraw, say, session, setOverLimit, view } from "./session.js";
import { rememberLimit, storedLimit } from "./storage.js";

const TEXT = {
  count: gettext("Mistakes: %(count)s"),
  // Translators: the mistakes counter when a limit is set, as in "Mistakes: 2 of 3".
  countOf: gettext("Mistakes: %(count)s of %(limit)s"),
  stopped: gettext("That is the limit of mistakes set: the game stops here. Restart, or raise the limit to go on."),
};

let select = null;

function chosenLimit() {
  return select ? Number(select.value) || 0 : storedLimit();
}

// How many digits ``step`` newly places that are not ``solution``'s: not one
// a colour or a mark's change carries along.
export function mistakesIn(step, solution) {
  return (step ?? []).filter(({ index, from, to }) => to[0] && to[0] !== from[0] && to[0] !== solution[index]).length;
}

// The cells of ``game`` holding a digit of the player's that is not ``solution``'s.
export function wrongDigits(game, solution) {
  return game.digits.flatMap((digit, index) =>
    digit && !isGiven(game, index) && digit !== solution[index] ? [index] : [],
  );
}

// Whether ``game`` stops at ``limit`` mistakes (0: no limit); a finished game never does.
export function overLimit(game, limit) {
  return limit > 0 && game.mistakes >= limit && !game.finished;
}

// Stop or go on as the count and the limit say; true when the game stops now.
function weigh() {
  const over = overLimit(session.game, chosenLimit());
  if (over === view.overLimit) return false;
  setOverLimit(over);
  return over;
}

function show(line, game) {
  if (!line) return;
  line.hidden = !optionOn("mistakes") && !chosenLimit();
  const values = { count: game.mistakes, limit: chosenLimit() };
  line.textContent = interpolate(chosenLimit() ? TEXT.countOf : TEXT.count, values);
}

export function startMistakes() {
  const line = document.getElementById("play-mistakes");
  select = document.getElementById("play-mistakes-limit");
  if (select) {
    const kept = String(storedLimit());
    if (Array.from(select.options).some((option) => option.value === kept)) select.value = kept;
    select.addEventListener("change", () => {
      rememberLimit(chosenLimit());
      if (weigh()) say(TEXT.stopped);
      draw();
    });
  }
  onChange(({ step, source }) => {
    // The player's own moves count: not a hint's, an undo's or a redo's.
    if (source === "move") count("mistakes", mistakesIn(step, session.data.solution));
    if (weigh()) say(TEXT.stopped);
  });
  onDraw((game) => {
    show(line, game);
    markCells("mistake", "play-mistake-note", optionOn("mistakes") ? wrongDigits(game, session.data.solution) : []);
  });
  weigh();
}
