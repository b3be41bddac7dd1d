// The mistakes counter (the option "Count mistakes", off by default): each
// digit the player places that is not the solution's counts, shown or not,
// and is kept with the game; while the option is on, or a limit is set, the
// count shows under the grid. The limit ("Stop the game at this many
// mistakes", none by default, remembered for every game): once the count
// reaches it the game stops, clock and all, until the player restarts or
// raises the limit. Check stays as it is.

import { gettext, interpolate } from "../core/i18n.js";
import { optionOn } from "./options.js";
import { draw, onChange, onDraw, resumeClock, say, session, view } from "./session.js";
import { rememberLimit, storedLimit } from "./storage.js";

const TEXT = {
  count: gettext("Mistakes: %(count)s"),
  // Translators: the mistakes counter when a limit is set, as in "Mistakes: 2 of 3".
  countOf: gettext("Mistakes: %(count)s of %(limit)s"),
  stopped: gettext("That is the limit of mistakes set: the game stops here. Restart, or raise the limit to go on."),
};

let select = null;

function limit() {
  return select ? Number(select.value) || 0 : storedLimit();
}

// Stop or go on as the count and the limit say; true when the game stops now.
function weigh() {
  const { game, clock } = session;
  const over = limit() > 0 && game.mistakes >= limit() && !game.finished;
  if (over === view.overLimit) return false;
  view.overLimit = over;
  if (over) clock?.stop();
  else resumeClock();
  return over;
}

function show(line, game) {
  if (!line) return;
  line.hidden = !optionOn("mistakes") && !limit();
  const values = { count: game.mistakes, limit: limit() };
  line.textContent = interpolate(limit() ? TEXT.countOf : TEXT.count, values);
}

export function startMistakes() {
  const line = document.getElementById("play-mistakes");
  select = document.getElementById("play-mistakes-limit");
  if (select) {
    const kept = String(storedLimit());
    if (Array.from(select.options).some((option) => option.value === kept)) select.value = kept;
    select.addEventListener("change", () => {
      rememberLimit(limit());
      if (weigh()) say(TEXT.stopped);
      draw();
    });
  }
  onChange(({ step, source }) => {
    const { game, data } = session;
    if (source === "move") {
      // A digit newly placed counts, not one a colour or a mark's change carries along.
      for (const { index, from, to } of step ?? []) {
        if (to[0] && to[0] !== from[0] && to[0] !== data.solution[index]) game.mistakes += 1;
      }
    }
    if (weigh()) say(TEXT.stopped);
  });
  onDraw((game) => show(line, game));
  weigh();
}
