// The mode buttons (Normal, Centre, Corner, Colour: one pressed at a time,
// as the keys Z, C, X and V switch them, keyboard.js) and the colour
// palette, whose buttons colour the selected cell whatever the mode. A
// pointer press keeps focus where it was (on the grid), as the pad's does.

import { MODES, colourCell, setMode } from "./input.js";
import { onDraw, playing, session } from "./session.js";

function keepFocus(group) {
  group?.addEventListener("mousedown", (event) => {
    if (event.target.closest("button")) event.preventDefault();
  });
}

function update(modes, palette) {
  for (const button of modes?.querySelectorAll("[data-mode]") ?? []) {
    button.setAttribute("aria-pressed", String(button.dataset.mode === session.mode));
  }
  for (const button of [...(modes?.querySelectorAll("button") ?? []), ...(palette?.querySelectorAll("button") ?? [])]) {
    if (playing()) button.removeAttribute("aria-disabled");
    else button.setAttribute("aria-disabled", "true");
  }
}

export function startModes() {
  const modes = document.querySelector(".play-modes");
  const palette = document.querySelector(".play-palette");
  keepFocus(modes);
  keepFocus(palette);
  modes?.addEventListener("click", (event) => {
    const button = event.target.closest("[data-mode]");
    if (button && MODES.includes(button.dataset.mode) && session.mode !== button.dataset.mode) {
      setMode(button.dataset.mode);
    }
  });
  palette?.addEventListener("click", (event) => {
    const button = event.target.closest("[data-colour]");
    if (button && button.getAttribute("aria-disabled") !== "true") colourCell(button.dataset.colour);
  });
  onDraw(() => update(modes, palette));
}
