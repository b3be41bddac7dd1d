// A running batch's page: asks the server to solve the next slice of the
// puzzles, again and again, showing the progress, the status line and the
// counts after each, and reloads the page to show the results once all are
// solved. When the server's own workers solve the batch (the celery runner:
// the form names data-progress-url), it asks for no slice, only reads how
// far they have got every few seconds. A busy server (503) is asked again
// after the pause it names. A batch that is gone (404) is said so, with the
// server's message. Any other failure stops it, says so, and brings back the
// form's button, which starts it again. Without this script, each press of
// Continue solves one slice (Refresh, under workers, shows their progress).
// Its messages come from the page or the server, translated there; the
// counts are grouped as the page's own (floatformat:"g"). The page's module:
// it starts at its end.

import { formatNumber } from "../core/i18n.js";
import { reading } from "./progress.js";

// The page's form, progress bar and status line, and the workers' progress
// address (under the celery runner), as startBatch finds them.
let form = null;
let bar = null;
let status = null;
let progressUrl = "";
const POLL_SECONDS = 2; // between two readings of the workers' progress

function pause(seconds) {
  return new Promise((resolve) => {
    setTimeout(resolve, seconds * 1000);
  });
}

// The server's message in a JSON error reply, or "".
async function messageOf(response) {
  try {
    const reply = await response.json();
    return typeof reply?.message === "string" ? reply.message : "";
  } catch {
    return "";
  }
}

// One slice solved on the server, or, under its workers, their progress read
// after a pause: {state} with its progress, {wait} seconds when the server is
// busy, {gone} with the server's message when the batch no longer exists, or
// null when the request failed.
async function step() {
  const headers = { Accept: "application/json" };
  // The form holds the CSRF token (the cookie is HttpOnly, out of a script's reach).
  const request = progressUrl ? { headers } : { method: "POST", body: new FormData(form), headers };
  if (progressUrl) await pause(POLL_SECONDS);
  try {
    const response = await fetch(progressUrl || form.action, request);
    // Busy (503), or this client's rate reached (429, nginx): wait and ask again.
    if (response.status === 503 || response.status === 429) {
      return { wait: Number(response.headers.get("Retry-After")) || 2 };
    }
    if (response.status === 404) return { gone: await messageOf(response) };
    const state = response.ok ? reading(await response.json()) : null;
    return state && { state };
  } catch {
    return null;
  }
}

function show(state) {
  bar.max = state.total;
  bar.value = state.done;
  if (state.text) status.textContent = state.text;
  for (const cell of document.querySelectorAll("dd[data-status]")) {
    const count = state.counts[cell.dataset.status];
    if (Number.isInteger(count)) cell.textContent = formatNumber(count);
  }
}

async function run() {
  form.hidden = true;
  for (;;) {
    const reply = await step();
    if (reply?.wait) {
      await pause(reply.wait);
      continue;
    }
    if (reply?.gone !== undefined) {
      status.textContent = reply.gone || status.dataset.failed || "";
      return;
    }
    if (!reply) {
      status.textContent = status.dataset.failed ?? "";
      form.hidden = false;
      return;
    }
    const { state } = reply;
    show(state);
    if (state.finished) {
      window.location.reload();
      return;
    }
  }
}

function startBatch() {
  form = document.getElementById("batch-continue");
  bar = document.getElementById("batch-progress");
  status = document.getElementById("batch-status");
  progressUrl = form?.dataset.progressUrl ?? "";
  if (!form || !bar || !status) return;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run();
  });
  run();
}

startBatch();
