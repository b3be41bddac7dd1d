// Where the game's candidates, conflicts and hints come from: the API, at
// every size (its addresses in the page's data). No rule of Sudoku is
// written in the page's scripts.

import { createCandidates } from "../core/candidates.js";
import { createPost } from "../core/post.js";
import { session } from "./session.js";

// ``ask``, with the puzzle's rules (the page data's short text, "" for
// classic Sudoku) added to every body it sends: the answers follow them.
export function withRules(ask, rules) {
  if (!rules) return ask;
  const ruled = (body) => ask({ ...body, rules });
  ruled.abort = ask.abort;
  return ruled;
}

// As core/candidates.js's asker: ``ask({puzzle, progress})`` resolves to
// {candidates, conflicts}, under the puzzle's rules.
export function candidatesAsker() {
  const { data, game } = session;
  return withRules(createCandidates(data.candidates_url, game.digits.length), data.rules);
}

// As core/post.js's sender to /api/hint: ``ask(board)`` resolves to {ok, reply}
// (a puzzle under variant rules is refused by name: the teacher takes classic only).
export function hintAsker() {
  return withRules(createPost(session.data.hint_url), session.data.rules);
}
