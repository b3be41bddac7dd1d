// A position as text for a link (?position=): every cell's digit, centre
// and corner marks and colour, so that a shared link opens the same board.
// The text is "1." (this writing's version) and then whole numbers, each
// written in base64url characters of five bits and a flag for "more
// follows". A cell is a header, (digit << 3) | centre? << 2 | corner? << 1 |
// colour?, followed by what the flags announce (each layer of marks as a bit
// mask of values, the colour's number); a run of cells holding nothing is 0
// and its length. A given's digit is the puzzle's, so it is written as 0.

import { COLOURS, EMPTY, blankCells, isGiven, layersOf } from "./game.js";

const VERSION = "1.";
const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
export const MAX_LENGTH = 4000; // longer than any position of a 25x25 board needs

function pushNumber(out, number) {
  let rest = number;
  do {
    const low = rest % 32;
    rest = Math.floor(rest / 32);
    out.push(ALPHABET[low + (rest > 0 ? 32 : 0)]);
  } while (rest > 0);
}

function mask(marks, symbols) {
  return Array.from(marks).reduce((bits, mark) => bits + 2 ** symbols.indexOf(mark), 0);
}

function marksOf(bits, symbols) {
  return Array.from(symbols).filter((_, at) => Math.floor(bits / 2 ** at) % 2 === 1).join("");
}

// ``game``'s position as text; ``symbols`` are the board's values in order.
export function encode(game, symbols) {
  const out = [];
  let run = 0;
  const flush = () => {
    if (!run) return;
    pushNumber(out, 0);
    pushNumber(out, run);
    run = 0;
  };
  game.digits.forEach((_, index) => {
    const [digit, centre, corner, colour] = layersOf(game, index);
    const value = digit && !isGiven(game, index) ? symbols.indexOf(digit) + 1 : 0;
    const header = value * 8 + (centre ? 4 : 0) + (corner ? 2 : 0) + (colour ? 1 : 0);
    if (!header) {
      run += 1;
      return;
    }
    flush();
    pushNumber(out, header);
    if (centre) pushNumber(out, mask(centre, symbols));
    if (corner) pushNumber(out, mask(corner, symbols));
    if (colour) pushNumber(out, Number(colour));
  });
  flush();
  return VERSION + out.join("");
}

function reader(text) {
  let at = 0;
  return {
    done: () => at >= text.length,
    next() {
      let number = 0;
      let scale = 1;
      for (;;) {
        const code = ALPHABET.indexOf(text[at++] ?? "");
        if (code < 0 || scale > 2 ** 30) throw new Error("unreadable");
        number += (code % 32) * scale;
        scale *= 32;
        if (code < 32) return number;
      }
    },
  };
}

// Every cell's layers of the position ``text`` on ``givens``, or null when
// it cannot be read or does not fit them (a digit in a given's cell, marks
// beside a digit, a value or a colour the board has not).
export function decode(text, givens, symbols) {
  if (typeof text !== "string" || !text.startsWith(VERSION) || text.length > MAX_LENGTH) return null;
  const cells = blankCells(givens);
  const read = reader(text.slice(VERSION.length));
  const full = 2 ** symbols.length;
  try {
    let index = 0;
    while (!read.done()) {
      const header = read.next();
      if (!header) {
        index += read.next();
        continue;
      }
      if (index >= cells.length) return null;
      const value = Math.floor(header / 8);
      const layers = cells[index];
      if (value) {
        if (value > symbols.length || givens[index] !== EMPTY) return null;
        layers[0] = symbols[value - 1];
      }
      for (const [flag, layer] of [[4, 1], [2, 2]]) {
        if (!(header & flag)) continue;
        const bits = read.next();
        if (!bits || bits >= full || layers[0]) return null;
        layers[layer] = marksOf(bits, symbols);
      }
      if (header & 1) {
        const colour = read.next();
        if (colour < 1 || colour > COLOURS) return null;
        layers[3] = String(colour);
      }
      index += 1;
    }
    return index === cells.length ? cells : null;
  } catch {
    return null;
  }
}
