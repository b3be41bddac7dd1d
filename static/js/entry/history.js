// Lets Back from the answer page return to the filled grid: just before
// Show Answer posts the form, the entry page's address becomes
// /index?puzzle=<grid>, which the server opens filled. Without it, Back
// shows whatever the browser kept of the page (often an empty grid).

import { form, readGrid } from "./cells.js";

function onSubmit(event) {
  const indexUrl = document.getElementById("reset-form")?.action;
  // Only Show Answer (the buttons with a data-action do other jobs), and
  // only when the grid is what is posted: a paste box or a file wins over it.
  if (event.defaultPrevented || event.submitter?.dataset.action || !indexUrl) return;
  const pasteBox = form.querySelector("textarea[name=puzzle]");
  const file = form.querySelector("input[type=file]");
  const grid = readGrid();
  if (pasteBox?.value.trim() || file?.files?.length || !/[^.]/.test(grid)) return;
  // The size and writing the page shows (the reset form's fields) go too.
  const query = new URLSearchParams(new FormData(document.getElementById("reset-form")));
  query.set("puzzle", grid);
  history.replaceState(null, "", `${indexUrl}?${query}`);
}

export function startHistory() {
  form?.addEventListener("submit", onSubmit);
}
