// The digit pad: a key per value fills the selected cell (or writes a mark
// or a colour, as the mode says), Erase empties it. Each key is named by its
// value alone; how many are left is its description ("3 left"): the times
// the value stands in the solved grid (the page's data, value_counts: nine
// on 9x9) less the times it is placed. A value placed that often is greyed
// (aria-disabled) and does nothing, as every key does while the game is
// paused or over. A pointer press keeps focus where it was (on the grid).

import { interpolate, ngettext } from "../core/i18n.js";
import { used } from "./game.js";
import { enterDigit } from "./input.js";
import { onDraw, session, view } from "./session.js";

function keys(pad) {
  return Array.from(pad.querySelectorAll(".pad-key[data-digit]"));
}

// How many more times ``value`` can be placed: ``counts`` (the page's data)
// says how often it stands in the solved grid.
export function leftOf(game, value, counts) {
  return Math.max(0, (counts[value] ?? 0) - used(game, value));
}

function update(pad, game) {
  for (const key of keys(pad)) {
    const left = leftOf(game, key.dataset.digit, session.data.value_counts);
    const count = document.getElementById(key.getAttribute("aria-describedby") ?? "");
    if (count) {
      count.querySelector(".pad-count").textContent = String(left);
      // Translators: how many more times a digit key's digit can be placed on the grid.
      const text = ngettext("%(count)s left", "%(count)s left", left);
      count.querySelector(".visually-hidden").textContent = interpolate(text, { count: left });
    }
    if (left === 0 || game.finished || view.paused) key.setAttribute("aria-disabled", "true");
    else key.removeAttribute("aria-disabled");
  }
}

export function startPad() {
  const pad = document.querySelector(".play-pad");
  if (!pad) return;
  pad.addEventListener("mousedown", (event) => {
    if (event.target.closest("button")) event.preventDefault();
  });
  pad.addEventListener("click", (event) => {
    const key = event.target.closest(".pad-key[data-digit]");
    if (key && key.getAttribute("aria-disabled") !== "true") enterDigit(key.dataset.digit);
  });
  onDraw((game) => update(pad, game));
  update(pad, session.game);
}
