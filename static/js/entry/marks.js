// Marks the cells that conflicts name (td class "conflict", aria-invalid, and
// a description holding the server's message) and clears these marks or the
// ones the server drew. Without it, marks come only with a page from the server.

import { cellIn, cells, form, valueOf } from "./cells.js";
import { interpolate, ngettext } from "../core/i18n.js";

const MESSAGES_ID = "live-problems"; // holds the messages the marked cells point to
const LIVE_PREFIX = "live-problem-";
const SERVER_PREFIX = "problem-";

// The short summary for the status line: "2 conflicts: <message> <message>".
export function conflictSummary(problems) {
  if (!problems.length) return "";
  const count = problems.length;
  // Translators: the lead of a status line; the conflicts' own messages follow it.
  const lead = interpolate(ngettext("1 conflict:", "%(count)s conflicts:", count), { count });
  return [lead, ...problems.map((problem) => problem.message)].join(" ");
}

function messages() {
  let holder = document.getElementById(MESSAGES_ID);
  if (!holder) {
    holder = document.createElement("div");
    holder.id = MESSAGES_ID;
    holder.className = "visually-hidden";
    (document.getElementById("entry-status") ?? form.lastElementChild).after(holder);
  }
  return holder;
}

// The messages now marked, one a line ("" when none), to tell whether a new
// check changed anything worth announcing.
export function markedMessages() {
  const holder = document.getElementById(MESSAGES_ID);
  return holder ? Array.from(holder.children, (message) => message.textContent).join("\n") : "";
}

function describedBy(field) {
  return (field.getAttribute("aria-describedby") ?? "").split(" ").filter(Boolean);
}

function setDescribedBy(field, ids) {
  if (ids.length) field.setAttribute("aria-describedby", ids.join(" "));
  else field.removeAttribute("aria-describedby");
}

function forget(field, prefix) {
  setDescribedBy(
    field,
    describedBy(field).filter((id) => !id.startsWith(prefix) && id !== "form-errors"),
  );
}

// Replace the live marks with one per conflict in ``problems``.
export function markConflicts(problems) {
  clearLiveMarks();
  problems.forEach((problem, index) => {
    const message = document.createElement("span");
    message.id = LIVE_PREFIX + (index + 1);
    message.textContent = problem.message;
    messages().append(message);
    for (const [row, column] of problem.cells ?? []) {
      const cell = cellIn(row, column);
      if (!cell) continue;
      cell.closest("td").classList.add("conflict");
      cell.setAttribute("aria-invalid", "true");
      setDescribedBy(cell, [...describedBy(cell), message.id]);
    }
  });
}

// A cell stays aria-invalid while the other kind of mark remains.
function unmark(cell, ownClass, otherClass, prefix) {
  const classes = cell.closest("td").classList;
  classes.remove(ownClass);
  forget(cell, prefix);
  if (!classes.contains(otherClass)) cell.removeAttribute("aria-invalid");
}

// An edited cell no longer holds the digit its live conflicts were about:
// clear each of them from every cell it names, and drop its message.
export function clearConflictsOf(cell) {
  const ids = describedBy(cell).filter((id) => id.startsWith(LIVE_PREFIX));
  for (const id of ids) {
    for (const other of cells()) {
      const kept = describedBy(other).filter((ref) => ref !== id);
      if (kept.length === describedBy(other).length) continue;
      setDescribedBy(other, kept);
      if (!kept.some((ref) => ref.startsWith(LIVE_PREFIX))) {
        unmark(other, "conflict", "invalid", LIVE_PREFIX);
      }
    }
    document.getElementById(id)?.remove();
  }
}

export function clearLiveMarks() {
  document.getElementById(MESSAGES_ID)?.replaceChildren();
  for (const cell of cells()) unmark(cell, "conflict", "invalid", LIVE_PREFIX);
}

// The server's marks describe the puzzle it was sent; once the grid is
// replaced or cleared they no longer apply.
export function clearServerMarks() {
  document.getElementById("form-errors")?.remove();
  document.querySelector(".notices")?.remove();
  for (const cell of cells()) unmark(cell, "invalid", "conflict", SERVER_PREFIX);
  for (const field of form.querySelectorAll("textarea, input[type=file]")) {
    forget(field, SERVER_PREFIX);
    field.removeAttribute("aria-invalid");
  }
}

// A live check knows the grid as it is now, so its conflicts replace the
// server's. The server's marks stay on cells holding something other than a
// value (a live check, sent only values, cannot speak for them), and so does
// its summary while any cell is still marked.
export function clearServerConflicts() {
  for (const cell of cells()) {
    if (!cell.value || valueOf(cell.value) !== null) unmark(cell, "invalid", "conflict", SERVER_PREFIX);
  }
  if (!form.querySelector("td.invalid")) document.getElementById("form-errors")?.remove();
}
