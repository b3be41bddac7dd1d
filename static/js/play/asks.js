// Where the game's candidates, conflicts and hints come from: the API, at
// every size (its addresses in the page's data). No rule of Sudoku is
// written in the page's scripts.

import { createCandidates } from "../core/candidates.js";
import { createPost } from "../core/post.js";
import { session } from "./session.js";

// As core/candidates.js's asker: ``ask({puzzle, progress})`` resolves to
// {candidates, conflicts}.
export function candidatesAsker() {
  const { data, game } = session;
  return createCandidates(data.candidates_url, game.digits.length);
}

// As core/post.js's sender to /api/hint: ``ask(board)`` resolves to {ok, reply}.
export function hintAsker() {
  return createPost(session.data.hint_url);
}
