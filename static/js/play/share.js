// Sharing a position: "Share this position" shows a link to this puzzle
// with the board as it stands (position.js) in a field, selected, with a
// Copy link button. A link with a position opens a game that starts there,
// kept under its own key, so the opener's own game of the puzzle stays as it
// was; undo, the replay and "Where did I go wrong?" start from it.

import { copyField } from "../core/copy.js";
import { gettext } from "../core/i18n.js";
import { symbols } from "./cell-buttons.js";
import { decode, encode } from "./position.js";
import { say, session } from "./session.js";

export const PARAMETER = "position";

const TEXT = {
  shared: gettext("The link below opens this puzzle with your digits, marks and colours."),
  copied: gettext("Link copied."),
  notCopied: gettext("The link could not be copied here: select it and copy it yourself."),
  opened: gettext("This game starts from a shared position; your own game of this puzzle is kept apart."),
  unreadable: gettext("The position in this link could not be read, so the puzzle starts from its givens."),
};

// The shared position the page's address holds: {cells, key} to start the
// game from and keep it under, or null when there is none or it cannot be
// read (then the page says so).
export function sharedStart(data) {
  const text = new URLSearchParams(window.location.search).get(PARAMETER);
  if (text === null) return null;
  const cells = decode(text, data.puzzle, symbols());
  document.getElementById("play-position").textContent = cells ? TEXT.opened : TEXT.unreadable;
  return cells ? { cells, key: `${data.key}#${text}` } : null;
}

function link() {
  const address = new URL(window.location.href);
  address.hash = "";
  address.searchParams.set(PARAMETER, encode(session.game, symbols()));
  return address.href;
}

async function copy(field) {
  if (await copyField(field)) {
    say(TEXT.copied);
    return;
  }
  field.focus(); // its text is selected, ready to copy by hand
  say(TEXT.notCopied);
}

export function startShare() {
  const part = document.getElementById("play-share");
  const field = document.getElementById("play-share-link");
  if (!part || !field) return;
  document.querySelector('[data-play="share"]')?.addEventListener("click", () => {
    field.value = link();
    part.hidden = false;
    field.focus();
    field.select();
    say(TEXT.shared);
  });
  document.querySelector('[data-play="copy-link"]')?.addEventListener("click", () => copy(field));
}
