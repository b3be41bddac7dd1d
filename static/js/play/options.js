// The option "Remove a placed digit from the notes of its row, column and
// box" (from its peers' pencilled candidates): on by default, remembered in
// localStorage for every game.

import { rememberTidy, tidyOption } from "./storage.js";

let box = null;

export function tidyOn() {
  return box ? box.checked : tidyOption();
}

export function startOptions() {
  box = document.getElementById("play-tidy");
  if (!box) return;
  box.checked = tidyOption();
  box.addEventListener("change", () => rememberTidy(box.checked));
}
