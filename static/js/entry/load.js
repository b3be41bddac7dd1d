// Asks the server to read a puzzle: posts text or a file to the load
// endpoint (form.entry's data-load-url), which is the one reader of puzzle
// formats and rules. Without it, "Fill the grid" posts the form instead.

import { cells, form } from "./cells.js";

export const FAILED = Object.freeze({ failed: true });

// The reply as {grid, problems, notices}; grid is null when the text could
// not be read. Anything else (an HTML error page, a cut connection) is FAILED.
function reading(reply) {
  if (typeof reply !== "object" || reply === null) return FAILED;
  const grid = typeof reply.grid === "string" && reply.grid.length === cells().length;
  return {
    grid: grid ? reply.grid : null,
    problems: Array.isArray(reply.problems) ? reply.problems : [],
    notices: Array.isArray(reply.notices) ? reply.notices : [],
  };
}

// A sender of load requests where only the latest counts: sending again
// aborts the one in flight, whose promise then resolves to null, and so does
// calling its ``abort`` (when what was asked for no longer applies).
export function createLoader() {
  let pending = null;
  async function send(field, value) {
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    const url = form?.dataset.loadUrl;
    const token = form?.querySelector("[name=csrfmiddlewaretoken]")?.value;
    if (!url || !token) return FAILED;
    const body = new FormData();
    body.append("csrfmiddlewaretoken", token);
    body.append(field, value);
    const request = { method: "POST", body, headers: { Accept: "application/json" } };
    try {
      const response = await fetch(url, { ...request, signal: controller.signal });
      const reply = await response.json();
      return controller.signal.aborted ? null : reading(reply);
    } catch {
      return controller.signal.aborted ? null : FAILED;
    }
  }
  send.abort = () => pending?.abort();
  return send;
}
