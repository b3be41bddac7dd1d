// Asks the server to read a puzzle: posts text or a file to the load
// endpoint (form.entry's data-load-url), which is the one reader of puzzle
// formats and rules, through the shared sender (core/post.js). Without it,
// "Fill the grid" posts the form instead.

import { createPost } from "../core/post.js";
import { cells, form } from "./cells.js";

export const FAILED = Object.freeze({ failed: true });

// The reply as {grid, problems, notices, elsewhere}; grid is null when the
// text could not be read, or when it is a board of another size than the
// page's: then elsewhere is the address of the entry grid at its size,
// filled (else null). Anything else (an HTML error page, a cut connection)
// is FAILED.
function reading(reply) {
  if (typeof reply !== "object" || reply === null) return FAILED;
  const grid = typeof reply.grid === "string" && reply.grid.length === cells().length;
  return {
    grid: grid ? reply.grid : null,
    problems: Array.isArray(reply.problems) ? reply.problems : [],
    notices: Array.isArray(reply.notices) ? reply.notices : [],
    elsewhere: sameSite(reply.entry_url),
  };
}

// ``url`` when it is an address on this site, else null.
function sameSite(url) {
  return typeof url === "string" && url.startsWith("/") && !url.startsWith("//") ? url : null;
}

// A sender of load requests where only the latest counts: ``load(field,
// value)`` sends ``value`` as the form field ``field`` ("puzzle" or "file");
// sending again aborts the one in flight, whose promise then resolves to
// null, and so does calling its ``abort`` (when what was asked for no
// longer applies).
export function createLoader() {
  const url = form?.dataset.loadUrl;
  const send = createPost(url);
  async function load(field, value) {
    if (!url) return FAILED;
    const body = new FormData();
    body.append(field, value);
    // The board the page shows: a puzzle of another size is named, not read for it.
    const size = form.querySelector("input[name=size]");
    if (size) body.append("size", size.value);
    const answer = await send(body);
    return answer === null ? null : reading(answer.reply);
  }
  load.abort = send.abort;
  return load;
}
