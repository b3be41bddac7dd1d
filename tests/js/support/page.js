// What the scripts' tests share (not a test itself): stand-ins for the parts
// of a page the modules read when asked to: the server's cells, its units
// (#grid-units), an element's text, and globals put in place for one test.

// Each cell of a ``size`` x ``size`` grid as the server writes it: an
// element naming its row and column (from 1), holding ``values[index]``.
export function fakeCells(size, values = "") {
  return Array.from({ length: size * size }, (_, index) => ({
    dataset: { row: String(Math.floor(index / size) + 1), column: String((index % size) + 1) },
    value: values[index] ?? "",
  }));
}

// The units of a ``size`` x ``size`` board with boxes of ``boxRows`` x
// ``boxColumns``, as the server's #grid-units lists them (solver/engine/board.py
// is the one source; this copy is the tests' oracle, written out plainly).
export function unitsOf(size, boxRows, boxColumns) {
  const range = (n) => Array.from({ length: n }, (_, i) => i);
  const row = range(size).map((r) => range(size).map((c) => r * size + c));
  const column = range(size).map((c) => range(size).map((r) => r * size + c));
  const across = size / boxColumns;
  const box = range(size).map((b) => {
    const top = Math.floor(b / across) * boxRows;
    const left = (b % across) * boxColumns;
    return range(boxRows).flatMap((r) => range(boxColumns).map((c) => (top + r) * size + left + c));
  });
  return { row, column, box };
}

// A page (a root whose querySelector finds what ``found`` maps each selector to).
export function fakePage(found) {
  return { querySelector: (selector) => found[selector] ?? null };
}

// A page holding ``units`` in its #grid-units element, as text.
export function pageWithUnits(text) {
  return fakePage({ "script#grid-units": { textContent: text } });
}

// Puts ``value`` in globalThis[name] for the test ``t`` and puts back what
// was there after it.
export function useGlobal(t, name, value) {
  const before = Object.getOwnPropertyDescriptor(globalThis, name);
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
  t.after(() => {
    if (before) Object.defineProperty(globalThis, name, before);
    else delete globalThis[name];
  });
  return value;
}
