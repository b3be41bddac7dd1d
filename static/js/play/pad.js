// The digit pad: a key per digit fills the selected cell (or pencils a
// candidate in candidate mode), Erase empties it, Notes switches candidate
// mode. Each digit key is named by its digit alone; how many are left is its
// description ("3 left"), and a digit placed as many times as the board
// has rows (nine on 9x9) is greyed
// (aria-disabled) and does nothing, as every key does while the game is
// paused or over. A pointer press keeps focus where it was (on the grid).

import { interpolate, ngettext } from "../core/i18n.js";
import { used } from "./game.js";
import { SIZE } from "./grid.js";
import { enterDigit } from "./input.js";
import { onDraw, session, view } from "./session.js";

function keys(pad) {
  return Array.from(pad.querySelectorAll(".pad-key[data-digit]"));
}

function update(pad, game) {
  for (const key of keys(pad)) {
    const left = Math.max(0, SIZE - used(game, key.dataset.digit));
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
