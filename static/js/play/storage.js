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

// The game's options, kept for every game, each under its own key: "on" or
// "off", else its default. The tidy option keeps its first key, so a choice
// made before still holds.
const OPTION_KEYS = {
  tidy: "sudoku.play.tidyNotes",
  peers: "sudoku.play.highlightPeers",
  digits: "sudoku.play.highlightDigits",
  mistakes: "sudoku.play.countMistakes",
  centreLine: "sudoku.play.centreMarksInLine",
};

export function storedOption(name, fallback) {
  try {
    const kept = localStorage.getItem(OPTION_KEYS[name]);
    return kept === null ? fallback : kept === "on";
  } catch {
    return fallback;
  }
}

export function rememberOption(name, on) {
  try {
    localStorage.setItem(OPTION_KEYS[name], on ? "on" : "off");
  } catch {
    // Not remembered; the option still works on this page.
  }
}

// The mistakes' limit, kept for every game: a whole number, 0 for none.
const LIMIT_KEY = "sudoku.play.mistakeLimit";

export function storedLimit() {
  const limit = Number(load(LIMIT_KEY));
  return Number.isInteger(limit) && limit > 0 ? limit : 0;
}

// Not remembered when storage fails; the limit still holds on this page.
export function rememberLimit(limit) {
  save(LIMIT_KEY, limit);
}
