// Enter shows the answer from the paste box too, as it does from a cell
// (there the browser's implicit submission presses Show Answer, the form's
// first submit button); Shift+Enter starts a new line. Without it, Enter in
// the paste box starts a new line, and Show Answer is pressed by hand.

import { form } from "./cells.js";

function onKeydown(event, showAnswer) {
  if (event.key !== "Enter" || event.shiftKey || event.altKey || event.isComposing) return;
  event.preventDefault();
  form.requestSubmit(showAnswer);
}

export function startEnterKey() {
  const pasteBox = form?.querySelector("#id_puzzle");
  const showAnswer = form?.querySelector(".actions button.primary[type='submit']");
  if (!pasteBox || !showAnswer) return;
  pasteBox.addEventListener("keydown", (event) => onKeydown(event, showAnswer));
  document.querySelector("#paste-help [data-enhanced]")?.removeAttribute("hidden");
}
