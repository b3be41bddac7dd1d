// Where the game's candidates, conflicts and hints come from: the API for a
// 9x9 board (its addresses in the page's data), the page itself for the
// sizes the API does not read (rules.js, own-hint.js). Either asker answers
// in the API's shapes, so the game reads both alike.

import { createCandidates } from "../core/candidates.js";
import { createPost } from "../core/post.js";
import { ownHint, digitsOf } from "./own-hint.js";
import { candidatesOf, conflictsOf } from "./rules.js";
import { session } from "./session.js";

// As core/candidates.js's asker: ``ask({puzzle, progress})`` resolves to
// {candidates, conflicts}.
export function candidatesAsker() {
  const { data, game } = session;
  if (data.candidates_url) return createCandidates(data.candidates_url, game.digits.length);
  async function ask(body) {
    const digits = digitsOf(body);
    return { candidates: candidatesOf(digits), conflicts: conflictsOf(digits) };
  }
  ask.abort = () => {};
  return ask;
}

// As core/post.js's sender to /api/hint: ``ask(board)`` resolves to {ok, reply}.
export function hintAsker() {
  return session.data.hint_url ? createPost(session.data.hint_url) : ownHint;
}
