// Keeps a game in localStorage under the page's key. Storage may be
// unavailable or full (private modes, blocked cookies): then the game goes
// on unsaved, and a reload starts it afresh.

export function load(key) {
  try {
    return JSON.parse(localStorage.getItem(key) ?? "null");
  } catch {
    return null;
  }
}

export function save(key, data) {
  try {
    localStorage.setItem(key, JSON.stringify(data));
  } catch {
    // Not kept; play goes on.
  }
}

export function forget(key) {
  try {
    localStorage.removeItem(key);
  } catch {
    // Nothing kept to forget.
  }
}

// The "remove placed digits from peers' candidates" option, kept for every
// game. The key keeps its first name, so a choice made before still holds.
const OPTION_KEY = "sudoku.play.tidyNotes";

export function tidyOption() {
  try {
    return localStorage.getItem(OPTION_KEY) !== "off";
  } catch {
    return true;
  }
}

export function rememberTidy(on) {
  try {
    localStorage.setItem(OPTION_KEY, on ? "on" : "off");
  } catch {
    // Not remembered; the option still works on this page.
  }
}
