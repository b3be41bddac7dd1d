// The entry grid: its cells (inputs) in reading order, on the shared grid
// geometry (core/grid.js); the grid as a line of symbols ("." for empty);
// what a typed character means in a cell; and a "cells:change" event on the
// table whenever a script changes a value, so highlights and checks can
// follow. Nothing here runs by itself: the page's entry module calls
// startCells first; without the scripts the grid is a plain form.
//
// A cell holds one of the board's symbols (form.entry's data-symbols, from
// the server: "1" to "9", then "A" = 10, "B" = 11 ... on boards above 9x9;
// or hexadoku's "0" to "F" on a 16x16 board written so). The grid travels
// as a line of the formats' symbols (FORMAT_SYMBOLS) whatever the page shows.

import { FORMAT_SYMBOLS, createGrid, halfWidth, readUnits } from "../core/grid.js";

// Each is read from the page by startCells (an importer sees the values it set).
export let form = null;
export let table = null;
export let grid = createGrid([]);
let CELLS = grid.cells;
export const EMPTY = ".";
// Space and the ideographic space (CJK keyboards) are blanks too: they are
// keys a person presses to skip a cell, not symbols of the puzzle formats.
const KEYED_BLANKS = [" ", "\u3000"];
// The symbols the server reads as an empty cell (data-blanks, from the
// engine), so typing follows the same rules as pasting.
let BLANKS = new Set(KEYED_BLANKS);
// The board's symbols in order: the one at index d - 1 stands for the value d.
export let SYMBOLS = "123456789";
// Values above 9 may be typed as numbers only where they are written from 1.
export let NUMBERED = true;

// Read the entry grid from the page: form.entry, its table's cells, and the
// board's symbols and blanks. On a page without the grid, no cell.
export function startCells() {
  form = document.querySelector("form.entry");
  table = form?.querySelector("table.entry-grid") ?? null;
  grid = createGrid(table ? Array.from(table.querySelectorAll("input[data-row]")) : [], readUnits());
  CELLS = grid.cells;
  BLANKS = new Set([...(form?.dataset.blanks ?? ""), ...KEYED_BLANKS]);
  SYMBOLS = form?.dataset.symbols || "123456789";
  NUMBERED = SYMBOLS.startsWith("1");
}

export function cells() {
  return CELLS;
}

export function isCell(node) {
  return CELLS.includes(node);
}

export function indexOf(cell) {
  return grid.indexOf(cell);
}

export function cellAt(index) {
  return grid.at(index);
}

// The cell at row, column (both from 1, as the server counts), or null.
export function cellIn(row, column) {
  return grid.at(grid.indexAt(row, column));
}

// What one typed character means in a cell: one of SYMBOLS (a letter in
// either case), "" for a blank (one of BLANKS, or the full-width full stop),
// or null for anything else. Full-width digits count as digits (and a
// full-width 0 as a blank).
export function symbolOf(char) {
  const plain = halfWidth(char);
  if (BLANKS.has(plain) || plain === "\uff0e") return "";
  const symbol = plain.toUpperCase();
  return symbol.length === 1 && SYMBOLS.includes(symbol) ? symbol : null;
}

// The symbol of the value ``number`` (12 is "C"), or null when the board has no such value.
export function symbolFor(number) {
  return Number.isInteger(number) && number >= 1 ? (SYMBOLS[number - 1] ?? null) : null;
}

// The formats' symbol of the value ``number``, as the server's replies write it.
export function engineSymbol(number) {
  return FORMAT_SYMBOLS[number - 1] ?? "";
}

// The symbol a cell's text stands for: one symbol, or a number of two
// digits typed as such ("12" is "C"); null for anything else.
export function valueOf(text) {
  if (NUMBERED && /^[0-9]{2}$/.test(text)) return symbolFor(Number(text));
  return text.length === 1 && SYMBOLS.includes(text.toUpperCase()) ? text.toUpperCase() : null;
}

// The grid as a line of the formats' symbols, "." for an empty cell.
export function readGrid() {
  return CELLS.map((cell) => {
    const symbol = valueOf(cell.value);
    return symbol === null ? EMPTY : FORMAT_SYMBOLS[SYMBOLS.indexOf(symbol)];
  }).join("");
}

// Fill every cell from a line of the formats' symbols, one per cell; a line
// of another length is refused (false), leaving the grid as it was.
export function fillGrid(line) {
  if (typeof line !== "string" || line.length !== CELLS.length) return false;
  CELLS.forEach((cell, index) => {
    cell.value = symbolFor(FORMAT_SYMBOLS.indexOf(line[index].toUpperCase()) + 1) ?? "";
  });
  changed(null);
  return true;
}

export function setValue(cell, symbol) {
  if (cell.value === symbol) return;
  cell.value = symbol;
  changed(cell);
}

// Scripts writing a value raise no "input" event; this one tells the others.
export function changed(cell) {
  table?.dispatchEvent(new CustomEvent("cells:change", { detail: cell }));
}
