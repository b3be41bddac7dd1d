// The grid's geometry, as the server drew it: its cells in reading order,
// each naming its row and column (data-row, data-column), and the board's
// units as the engine defines them (rows, columns and boxes, or a variant's
// regions: jigsaw regions in the boxes' place, diagonals, windows; each the
// indices of its cells), which the page holds in #grid-units. A cell's peers
// are the other cells of its units: no rule of Sudoku is written here, not
// even a box's shape. Also the cell a navigation key leads to, the values'
// symbols, and a full-width digit read as a plain one. Shared by the entry
// grid and the play grid; nothing here runs by itself.

const KINDS = ["row", "column", "box"]; // the units the teacher names
const LINES = ["row", "column"]; // the units every board has, with boxes or jigsaw regions
const REGIONS = ["box", "jigsaw"];
// The values' symbols as the puzzle formats (and the server's replies) write
// them: the value d's at d - 1, letters above 9.
export const FORMAT_SYMBOLS = "123456789ABCDEFGHIJKLMNOP";

// The units ``page`` holds (the document, or any root holding the JSON
// element #grid-units the server wrote): {row, column, box}, or under a
// variant's rules {row, column, jigsaw, diagonal, ...}, each a list of units
// by number (from 1), each unit a list of cell indices. Null when the page
// has none or it cannot be read.
export function readUnits(page = globalThis.document) {
  try {
    return checkedUnits(JSON.parse(page?.querySelector("script#grid-units")?.textContent ?? "null"));
  } catch {
    return null;
  }
}

// ``units`` when it holds rows, columns, and boxes or jigsaw regions, and
// every kind it holds is a list of lists of indices; else null.
export function checkedUnits(units) {
  const indices = (unit) => Array.isArray(unit) && unit.every(Number.isInteger);
  const listed = (kind) => Array.isArray(units?.[kind]) && units[kind].every(indices);
  const valid = units !== null && typeof units === "object" && !Array.isArray(units);
  const whole = valid && LINES.every(listed) && REGIONS.some(listed);
  return whole && Object.keys(units).every(listed) ? units : null;
}

// The geometry of ``cells`` (elements in reading order, each with data-row
// and data-column) on the board of ``units`` (as readUnits gives them; read
// from the page when first needed if not given). An index out of the grid,
// or a page without units, reads as null, -1 or [] (as each function says),
// never as an error.
export function createGrid(cells, units) {
  const size = Math.round(Math.sqrt(cells.length)); // cells per row
  let known = units; // read from the page when first asked for, unless given
  let peers = null; // built when first asked for: the entry page may never ask

  function unitsOf() {
    known ??= readUnits() ?? { row: [], column: [], box: [] };
    return known;
  }

  // The indices of the other cells of the units (row, column, box or every
  // region of a variant) of cell ``index``.
  function peersOf(index) {
    if (peers === null) {
      const sets = cells.map(() => new Set());
      for (const kind of Object.keys(unitsOf())) {
        for (const unit of unitsOf()[kind]) for (const one of unit) for (const other of unit) sets[one]?.add(other);
      }
      peers = sets.map((set, one) => [...set].filter((other) => other !== one).sort((a, b) => a - b));
    }
    return peers[index] ?? [];
  }

  // The index of the cell at row, column (both from 1, as the server counts), or -1.
  function indexAt(row, column) {
    const inside = (n) => Number.isInteger(n) && n >= 1 && n <= size;
    return inside(row) && inside(column) ? (row - 1) * size + column - 1 : -1;
  }

  // The cell's row and column, as the server numbered them.
  function place(index) {
    const { row, column } = cells[index]?.dataset ?? {};
    return { row: Number(row), column: Number(column) };
  }

  // The indices of the cells of a unit given as {kind, number} ("row",
  // "column" or "box", numbered from 1), as the teacher names them; [] for
  // another kind or number.
  function unitCells({ kind, number }) {
    if (!KINDS.includes(kind)) return [];
    return [...(unitsOf()[kind]?.[Number(number) - 1] ?? [])];
  }

  return {
    size,
    cells,
    at: (index) => cells[index] ?? null,
    indexOf: (node) => cells.indexOf(node),
    indexAt,
    peersOf,
    place,
    unitCells,
  };
}

// The index a navigation key leads to from ``index`` in a grid of ``size``
// cells a row, or null for other keys: arrows (Left and Right wrap between
// rows), Home and End (a row's ends; with Ctrl, the grid's).
export function destination(key, index, ctrl, size) {
  const last = size * size - 1;
  const rowStart = index - (index % size);
  if (ctrl) return { Home: 0, End: last }[key] ?? null;
  switch (key) {
    case "ArrowLeft":
      return Math.max(index - 1, 0);
    case "ArrowRight":
      return Math.min(index + 1, last);
    case "ArrowUp":
      return index >= size ? index - size : index;
    case "ArrowDown":
      return index + size <= last ? index + size : index;
    case "Home":
      return rowStart;
    case "End":
      return rowStart + size - 1;
    default:
      return null;
  }
}

// The two-digit rule both grids type by, on a board of ``size`` values above
// 9: a digit begins a two-digit value when ten times it is one of the board's
// values (1 on 16x16; 1 and 2 on 25x25).
export function beginsNumber(digit, size) {
  return size > 9 && /^[1-9]$/.test(digit) && Number(digit) * 10 <= size;
}

// The value a first digit and a second make (1 then 2 is 12), or null when
// the board has no such value: the first then stands alone.
export function numberOf(first, second, size) {
  const number = Number(first) * 10 + Number(second);
  return beginsNumber(first, size) && /^[0-9]$/.test(second) && number <= size ? number : null;
}

// A full-width digit, as CJK input methods type it, as its plain digit;
// any other character as it is.
export function halfWidth(char) {
  const code = char.codePointAt(0);
  return code >= 0xff10 && code <= 0xff19 ? String.fromCodePoint(code - 0xfee0) : char;
}
