// The answer page's level when the page was drawn before it was known: asks
// the server for it (data-level-url, a GET the server answers with the level
// as the page shows it, worked out once and kept for every later answer) and
// puts it in place of the paragraph that holds the url. The paragraph is
// inside the verdict's live region, so the level is announced as it comes.
// A level being worked out by the server's workers (202), or a server too
// busy to answer (503), is asked for again after the pause the reply names,
// a few times. Without it, the paragraph links to the steps page, which
// shows the level. The page's module for it: it starts at its end.

const TRIES = 10; // asks for one level, at most
const AGAIN = [202, 503]; // the replies that say to ask again

function pause(seconds) {
  return new Promise((resolve) => {
    setTimeout(resolve, seconds * 1000);
  });
}

// The paragraph the server wrote, from its reply: HTML of our own site, which
// holds the level's words in the reader's language; null if there is none.
function paragraphOf(html) {
  const holder = document.createElement("template");
  holder.innerHTML = html;
  return holder.content.querySelector("p.level");
}

// Ask for the level of ``pending`` (the paragraph holding the url) and put it there.
async function fetchLevel(pending) {
  try {
    let response;
    for (let tries = 1; ; tries += 1) {
      response = await fetch(pending.dataset.levelUrl, { headers: { Accept: "text/html" } });
      if (!AGAIN.includes(response.status) || tries >= TRIES) break;
      await pause(Number(response.headers.get("Retry-After")) || 1);
    }
    if (response.status !== 200) return; // the link stays: the steps page shows the level
    const paragraph = paragraphOf(await response.text());
    if (paragraph) pending.replaceWith(paragraph);
    else pending.remove(); // a puzzle with no level to show
  } catch {
    // A cut connection: the link stays.
  }
}

function startLevel() {
  const pending = document.querySelector("#answer-level[data-level-url]");
  if (pending) fetchLevel(pending);
}

startLevel();
