// The board as the teacher (POST /api/hint) takes it, from any game: its
// givens, the player's digits, and their pencilled centre marks (null for an
// open cell without any, the rules' candidates; "" for a filled one; none at
// all when no cell has any). "Where did I go wrong?" sends it the game as it
// stood before a move, and Hint (game-hint.js's hintBoard) the game in play.

import { progressLine } from "./game.js";

export function teacherBoard(game) {
  const body = { puzzle: game.givens, progress: progressLine(game) };
  if (game.candidates.some(Boolean)) {
    body.candidates = game.digits.map((digit, index) => (digit ? "" : game.candidates[index] || null));
  }
  return body;
}
