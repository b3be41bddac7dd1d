// Marks the play page's own modules put on cells beside render.js's: a class
// on a cell's <td> (play.css draws it) and, for screen readers, a note the
// cell's button is described by (aria-describedby, naming an element the
// server wrote in the page, in the reader's language). Nothing is marked
// while the game is paused: the grid is hidden then. Without the scripts no
// cell is marked.

import { buttons } from "./cell-buttons.js";
import { view } from "./session.js";

// The ids in ``button``'s aria-describedby, with ``id`` in or out of them.
function describedBy(button, id, on) {
  const ids = new Set((button.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean));
  if (on) ids.add(id);
  else ids.delete(id);
  return Array.from(ids).join(" ");
}

// Mark exactly ``cells`` (indices) with class ``name`` and note ``noteId``;
// every other cell loses both.
export function markCells(name, noteId, cells) {
  const marked = new Set(view.paused ? [] : cells);
  buttons().forEach((button, index) => {
    const on = marked.has(index);
    button.closest("td")?.classList.toggle(name, on);
    const ids = describedBy(button, noteId, on);
    if (ids) button.setAttribute("aria-describedby", ids);
    else button.removeAttribute("aria-describedby");
  });
}
