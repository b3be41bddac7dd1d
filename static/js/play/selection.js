// Which cells a move goes to: the focused cell (the session's view.selected,
// the grid's one Tab stop) and the others selected with it, as SudokuPad
// players expect: a drag, Shift+click or Ctrl (Cmd)+click, and Shift with
// an arrow key (keyboard.js, pointer.js). A plain click or arrow selects one
// cell again. The selection is this module's own state (never the game's:
// it is not kept, undone or shared), read by render.js (aria-selected) and
// input.js (a value, a mark, a colour or an erase goes to every cell).

// A set of selected cells, by index. It starts with ``first`` alone.
export function createSelection(first = 0) {
  const chosen = new Set([first]);
  return {
    // ``index`` alone (a plain click or arrow).
    only(index) {
      chosen.clear();
      chosen.add(index);
    },
    // ``index`` joins the selection (Shift+click, Shift+arrow, a drag).
    add(index) {
      chosen.add(index);
    },
    // ``index`` joins, or leaves when it was in (Ctrl+click).
    toggle(index) {
      if (chosen.has(index)) chosen.delete(index);
      else chosen.add(index);
    },
    has(index) {
      return chosen.has(index);
    },
    // Every selected cell in reading order; ``focus`` alone when Ctrl+click
    // took every cell out (a move still goes where the focus is).
    cells(focus) {
      return chosen.size ? [...chosen].sort((a, b) => a - b) : [focus];
    },
  };
}

// The page's selection (one per page).
export const selection = createSelection();
