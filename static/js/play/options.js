// The game's options, each a checkbox under the grid, remembered in
// localStorage for every game: remove a placed digit from its peers' notes
// (on), highlight the cells that see the selected one (on) and the cells
// holding or pencilling its digit (on), count mistakes (off), draw centre
// marks in one line in the middle rather than each in its place (off). A
// change redraws the grid.

import { draw } from "./session.js";
import { rememberOption, storedOption } from "./storage.js";

// Each option's checkbox id and its default.
const OPTIONS = {
  tidy: ["play-tidy", true],
  peers: ["play-peers", true],
  digits: ["play-digits", true],
  mistakes: ["play-mistakes-option", false],
  centreLine: ["play-centre-line", false],
};
const boxes = {};

export function optionOn(name) {
  const [, fallback] = OPTIONS[name];
  return boxes[name] ? boxes[name].checked : storedOption(name, fallback);
}

export function tidyOn() {
  return optionOn("tidy");
}

export function startOptions() {
  for (const [name, [id, fallback]] of Object.entries(OPTIONS)) {
    const box = document.getElementById(id);
    if (!box) continue;
    boxes[name] = box;
    box.checked = storedOption(name, fallback);
    box.addEventListener("change", () => {
      rememberOption(name, box.checked);
      draw();
    });
  }
}
