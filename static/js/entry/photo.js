// From a photo: an image chosen (a file, or the camera on a phone) or a
// screenshot pasted anywhere on the page is sent to the API's reader
// (fieldset#photo's data-read-url, /api/read), and the grid is filled with
// what it read. Each cell to check is marked (td class "doubtful" and the
// end of its spoken label, data-doubtful-suffix, from the server) until the
// person edits it or types its digit again; the status line says how many there are and what the
// solver check changed. Nothing is solved: Show Answer does that. A problem
// is shown beside the control, the grid untouched. Without the script,
// "Read the photo" posts the form to /photo, which answers with the page filled.

import { cellAt, cells, fillGrid, isCell, symbolOf, table } from "./cells.js";
import { createPost } from "../core/post.js";
import { gettext, interpolate, ngettext } from "../core/i18n.js";
import { clearLiveMarks, clearServerMarks } from "./marks.js";
import { announcer } from "../core/status.js";

const TEXT = {
  reading: gettext("Reading the photo…"),
  none: gettext("Read from the photo: no cell to check."),
  changed: gettext("The solver check changed:"),
  change: gettext("row %(row)s, column %(column)s (%(read)s → %(chosen)s)"),
  nothingSolved: gettext("Nothing is solved: check the marked cells, then press Show Answer."),
  nothingYet: gettext("Nothing is solved yet: press Show Answer."),
  failed: gettext("The photo could not be read: check the connection and try again."),
};
// What the page says of the check's verdict when it is not one solution (views.VERDICT_NOTES).
const VERDICT_NOTES = new Map([
  [
    "multiple",
    gettext("The grid as read has more than one solution: a digit was probably missed. Compare the grid with the photo."),
  ],
  ["none", gettext("The grid as read has no solution: a digit was probably misread. Compare the grid with the photo.")],
  ["unchecked", gettext("The grid as read could not be checked in time: compare it with the photo.")],
]);

const status = announcer("photo-status");
const error = announcer("photo-error");
let suffix = "";

function toCheck(count) {
  if (!count) return TEXT.none;
  const text = ngettext(
    "Read from the photo: %(count)s cell to check, marked in the grid.",
    "Read from the photo: %(count)s cells to check, marked in the grid.",
    count,
  );
  return interpolate(text, { count });
}

// "row 4, column 5 (3 → 8)", for each change the solver check made.
function changes(changed) {
  if (!changed.length) return "";
  const each = changed.map((change) => interpolate(TEXT.change, change));
  return `${TEXT.changed} ${each.join("; ")}.`;
}

function mark(cell) {
  cell.closest("td").classList.add("doubtful");
  const label = cell.getAttribute("aria-label") ?? "";
  if (suffix && !label.endsWith(suffix)) cell.setAttribute("aria-label", label + suffix);
}

// An edited cell holds the person's own entry: its mark no longer applies.
function unmark(cell) {
  const td = cell?.closest("td");
  if (!td?.classList.contains("doubtful")) return;
  td.classList.remove("doubtful");
  const label = cell.getAttribute("aria-label") ?? "";
  if (suffix && label.endsWith(suffix)) cell.setAttribute("aria-label", label.slice(0, -suffix.length));
}

export function clearPhotoMarks() {
  for (const cell of cells()) unmark(cell);
}

function show(reply) {
  clearServerMarks();
  clearLiveMarks();
  clearPhotoMarks();
  fillGrid(reply.puzzle);
  const doubtful = Array.isArray(reply.doubtful) ? reply.doubtful : [];
  for (const { index } of doubtful) {
    const cell = cellAt(index);
    if (cell) mark(cell);
  }
  const changed = Array.isArray(reply.changed) ? reply.changed : [];
  error("");
  const verdict = VERDICT_NOTES.get(reply.verdict) ?? "";
  // With no cell marked, there is nothing to check before Show Answer.
  const next = doubtful.length ? TEXT.nothingSolved : TEXT.nothingYet;
  status([toCheck(doubtful.length), changes(changed), verdict, next].filter(Boolean).join(" "));
}

function refuse(reply, input) {
  const messages = reply?.errors?.map((problem) => problem.message).filter(Boolean) ?? [];
  status("");
  error(messages.length ? messages.join(" ") : TEXT.failed);
  input?.setAttribute("aria-invalid", "true");
}

function startReading(section) {
  const send = createPost(section.dataset.readUrl);
  const inputs = Array.from(section.querySelectorAll("input[type=file]"));
  return async function read(image, input = null) {
    for (const field of inputs) field.removeAttribute("aria-invalid");
    error("");
    status(TEXT.reading);
    const body = new FormData();
    body.append("image", image, image.name || "pasted-image.png");
    const answer = await send(body);
    if (answer === null) return; // a newer image was sent
    if (answer.ok && typeof answer.reply.puzzle === "string" && answer.reply.puzzle.length === cells().length) {
      show(answer.reply);
    } else {
      refuse(answer.reply, input);
    }
  };
}

// The first image among what was pasted, or null (text is left to paste.js).
function pastedImage(event) {
  const files = Array.from(event.clipboardData?.files ?? []);
  return files.find((file) => file.type.startsWith("image/")) ?? null;
}

export function startPhoto() {
  const section = document.getElementById("photo");
  if (!table || !section?.dataset.readUrl) return;
  suffix = section.dataset.doubtfulSuffix ?? "";
  const read = startReading(section);
  for (const input of section.querySelectorAll("input[type=file]")) {
    input.addEventListener("change", () => {
      const chosen = input.files?.[0];
      if (!chosen) return;
      read(chosen, input);
      input.value = ""; // the File is in the request; nothing is left to post
    });
  }
  section.querySelector("[data-action=photo]")?.setAttribute("hidden", "");
  section.querySelector("[data-enhanced]")?.removeAttribute("hidden");
  document.addEventListener("paste", (event) => {
    // A puzzle's text pasted with the image was taken already (paste.js).
    const image = event.defaultPrevented ? null : pastedImage(event);
    if (!image) return;
    event.preventDefault();
    read(image);
  });
  // A change naming its cell is the person's; one naming none replaced the
  // whole grid (a paste, Reset, or a photo read, whose marks and words
  // come after it), and what was said of a photo no longer applies.
  table.addEventListener("cells:change", (event) => {
    if (event.detail) {
      unmark(event.detail);
      return;
    }
    clearPhotoMarks();
    status("");
    error("");
  });
  table.addEventListener("input", (event) => unmark(event.target));
  // Typing the digit a cell already holds changes nothing, but confirms it.
  table.addEventListener("keydown", (event) => {
    const typed = event.key.length === 1 && symbolOf(event.key) !== null;
    if (isCell(event.target) && (typed || event.key === "Backspace" || event.key === "Delete")) {
      unmark(event.target);
    }
  });
}
