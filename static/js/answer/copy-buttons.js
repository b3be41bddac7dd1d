// The copy buttons of the answer page and of a library puzzle's page: each
// copies the field named by its data-copy (the solution line, the link) and
// says so in p#copy-status. Without it, the buttons stay hidden and the
// fields are selected by hand. The pages' module for it: it starts at its end.

import { copyField } from "../core/copy.js";
import { gettext } from "../core/i18n.js";
import { announcer } from "../core/status.js";

const TEXT = {
  copied: gettext("Copied."),
  failed: gettext("Copy failed: select the text and copy it."),
};
const say = announcer("copy-status");

async function copy(button, field) {
  const copied = await copyField(field);
  say(copied ? TEXT.copied : TEXT.failed);
  // On failure focus stays on the selected text, ready to copy by hand.
  if (copied) button.focus();
}

function startCopyButtons() {
  for (const button of document.querySelectorAll("button[data-copy]")) {
    const field = document.getElementById(button.dataset.copy);
    if (!field) continue;
    button.removeAttribute("hidden");
    button.addEventListener("click", () => copy(button, field));
  }
}

startCopyButtons();
