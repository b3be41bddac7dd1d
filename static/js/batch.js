// A running batch's page: asks the server to solve the next slice of the
// puzzles, again and again, showing the progress, the status line and the
// counts after each, and reloads the page to show the results once all are
// solved. A failed request stops it, says so, and brings back the Continue
// button, which starts it again. Without this script, each press of Continue
// solves one slice. Its only message comes from the page, translated there.

const form = document.getElementById("batch-continue");
const bar = document.getElementById("batch-progress");
const status = document.getElementById("batch-status");

// The reply as {done, total, finished, counts, text}; null if it is not one
// (an HTML error page, a cut connection).
function reading(reply) {
  if (typeof reply !== "object" || reply === null) return null;
  const { done, total, finished, counts, text } = reply;
  if (!Number.isInteger(done) || !Number.isInteger(total) || typeof finished !== "boolean") {
    return null;
  }
  return {
    done,
    total,
    finished,
    counts: typeof counts === "object" && counts !== null ? counts : {},
    text: typeof text === "string" ? text : "",
  };
}

// One slice solved on the server; its progress, or null when the request failed.
async function step() {
  // The form holds the CSRF token (the cookie is HttpOnly, out of a script's reach).
  const request = { method: "POST", body: new FormData(form), headers: { Accept: "application/json" } };
  try {
    const response = await fetch(form.action, request);
    return response.ok ? reading(await response.json()) : null;
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
    if (Number.isInteger(count)) cell.textContent = String(count);
  }
}

async function run() {
  form.hidden = true;
  for (;;) {
    const state = await step();
    if (state === null) {
      status.textContent = status.dataset.failed ?? "";
      form.hidden = false;
      return;
    }
    show(state);
    if (state.finished) {
      window.location.reload();
      return;
    }
  }
}

if (form && bar && status) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    run();
  });
  run();
}
