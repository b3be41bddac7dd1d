// The mistakes counter (the option "Count mistakes", off by default): each
// digit the player places that is not the solution's counts, shown or not,
// and is kept with the game; while the option is on, the count shows under
// the grid. Check stays as it is.

import { gettext, interpolate } from "../core/i18n.js";
import { optionOn } from "./options.js";
import { onChange, onDraw, session } from "./session.js";

const TEXT = {
  count: gettext("Mistakes: %(count)s"),
};

export function startMistakes() {
  const line = document.getElementById("play-mistakes");
  onChange(({ step, source }) => {
    if (source !== "move") return;
    const { game, data } = session;
    for (const { index, to } of step ?? []) if (to[0] && to[0] !== data.solution[index]) game.mistakes += 1;
  });
  onDraw((game) => {
    if (!line) return;
    line.hidden = !optionOn("mistakes");
    line.textContent = interpolate(TEXT.count, { count: game.mistakes });
  });
}
