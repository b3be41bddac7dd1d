// The grid's geometry, as the server drew it: its cells in reading order,
// each naming its row, column and box (data-row, data-column, data-box).
// Those attributes are the only geometry the scripts know: a cell's peers are
// the cells sharing one of them, so no rule of Sudoku is written here. Also
// the cell a navigation key leads to, the values' symbols, and a full-width
// digit read as a plain one. Shared by the entry grid and the play grid;
// nothing here runs by itself.

const UNITS = ["row", "column", "box"];
// The values' symbols as the puzzle formats (and the server's replies) write
// them: the value d's at d - 1, letters above 9.
export const FORMAT_SYMBOLS = "123456789ABCDEFGHIJKLMNOP";

// The geometry of ``cells`` (elements in reading order, each with the three
// attributes). An index out of the grid reads as null, -1 or [] (as each
// function says), never as an error.
export function createGrid(cells) {
  const size = Math.round(Math.sqrt(cells.length)); // cells per row
  const units = cells.map((cell) => UNITS.map((unit) => cell.dataset[unit]));
  const shares = (a, b) => units[a].some((number, unit) => number === units[b][unit]);
  let peers = null; // built when first asked for: the entry page may never ask

  // The index of the cell at row, column (both from 1, as the server counts), or -1.
  function indexAt(row, column) {
    const inside = (n) => Number.isInteger(n) && n >= 1 && n <= size;
    return inside(row) && inside(column) ? (row - 1) * size + column - 1 : -1;
  }

  // The indices of the other cells of the row, column and box of cell ``index``.
  function peersOf(index) {
    peers ??= cells.map((_, one) => cells.flatMap((__, other) => (other !== one && shares(one, other) ? [other] : [])));
    return peers[index] ?? [];
  }

  // The cell's row and column, as the server numbered them.
  function place(index) {
    const { row, column } = cells[index]?.dataset ?? {};
    return { row: Number(row), column: Number(column) };
  }

  // The indices of the cells of a unit given as {kind, number} ("row",
  // "column" or "box"), as the teacher names them; [] for another kind.
  function unitCells({ kind, number }) {
    const unit = UNITS.indexOf(kind);
    if (unit < 0) return [];
    return units.flatMap((numbers, index) => (numbers[unit] === String(number) ? [index] : []));
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
