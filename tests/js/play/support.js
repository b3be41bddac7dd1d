// What the play scripts' tests share (not a test itself): a 4x4 puzzle and
// its solution, and stand-ins for the browser's parts the modules use when
// asked to (localStorage, the clock, the server's grid).

import { unitsOf } from "../support/page.js";

// A 4x4 board (boxes 2x2) read row by row, and its solution.
export const SOLUTION = "1234341221434321";
export const GIVENS = "12..34....43..21";

// A localStorage of its own, or one that fails at every call (private modes,
// a full disk) when ``failing``.
export function fakeStorage({ failing = false } = {}) {
  const kept = new Map();
  const fail = () => {
    throw new Error("storage refused");
  };
  return {
    kept,
    getItem: (key) => (failing ? fail() : (kept.get(key) ?? null)),
    setItem: (key, value) => (failing ? fail() : kept.set(key, String(value))),
    removeItem: (key) => (failing ? fail() : kept.delete(key)),
  };
}

// Puts ``storage`` in globalThis.localStorage for the test, and takes it
// away again after it (``t`` is the test's context).
export function useStorage(t, storage = fakeStorage()) {
  globalThis.localStorage = storage;
  t.after(() => delete globalThis.localStorage);
  return storage;
}

// A clock as timer.js's createClock makes one, without time: it reads what
// the test sets (``clock.time``) and says whether it runs.
export function fakeClock(time = 0) {
  const clock = {
    time,
    running: false,
    read: () => clock.time,
    start: () => (clock.running = true),
    stop: () => (clock.running = false),
    reset: (value = 0) => (clock.time = value),
  };
  return clock;
}

// The server's grid of ``size`` x ``size`` cells with boxes of ``boxRows`` x
// ``boxColumns``, as a page: a root whose querySelector finds the table (each
// cell naming its row and column) and the board's units (#grid-units).
export function fakePage(size = 4, boxRows = 2, boxColumns = 2) {
  const cells = Array.from({ length: size * size }, (_, index) => ({
    dataset: { row: String(Math.floor(index / size) + 1), column: String((index % size) + 1) },
  }));
  const table = { querySelectorAll: (selector) => (selector === "button.play-cell" ? cells : []) };
  const units = { textContent: JSON.stringify(unitsOf(size, boxRows, boxColumns)) };
  const found = { "table.play-grid": table, "script#grid-units": units };
  return { querySelector: (selector) => found[selector] ?? null };
}

// The server's play_data for ``givens`` and ``solution``, as the view sends it.
export function playData(givens = GIVENS, solution = SOLUTION) {
  const size = Math.round(Math.sqrt(givens.length));
  const symbols = "123456789ABCDEFGHIJKLMNOP".slice(0, size);
  return {
    puzzle: givens,
    solution,
    value_counts: Object.fromEntries(Array.from(symbols, (symbol) => [symbol, size])),
    key: `sudoku.play.${givens}`,
    hint_url: "/api/hint",
    candidates_url: "/api/candidates",
    statuses: { unique: "unique" },
  };
}
