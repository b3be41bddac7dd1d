// Asks the server for a board's candidates and conflicts (POST
// /api/candidates): the one source of both, since no rule of Sudoku is
// written in the scripts. The entry page sends {puzzle} (the grid as typed,
// whose digits may clash), the play page {puzzle, progress}. Nothing here
// runs by itself; without the scripts, conflicts are named when a grid is
// posted.

import { createPost } from "./post.js";

// An asker of ``url`` for a grid of ``size`` cells, where only the latest
// ask counts: ``ask(body)`` resolves to null when a newer ask (or
// ``ask.abort()``) superseded it, else to {candidates, conflicts}:
// candidates each cell's candidate digits as a string ("" for a filled
// cell), conflicts a list of {code, message, cells}; either null when the
// reply could not be read.
export function createCandidates(url, size) {
  const send = createPost(url);
  async function ask(body) {
    const answer = await send(body);
    if (answer === null) return null;
    const { candidates, conflicts } = answer.ok ? answer.reply : {};
    const strings = Array.isArray(candidates) && candidates.every((item) => typeof item === "string");
    return {
      candidates: strings && candidates.length === size ? candidates : null,
      conflicts: Array.isArray(conflicts) ? conflicts : null,
    };
  }
  ask.abort = send.abort;
  return ask;
}
