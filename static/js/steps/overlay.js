// A step's drawing laid over a grid: the SVG the hint API gives with a
// step (``drawing``, made by the server as the steps page's own, in the
// board's units), placed over the grid's cells from their first to their
// last. The entry page's and the play page's Hint show a step with it.
// Decorative (aria-hidden, as the server made it): the hint's words say the
// step. Without the script there is no hint to draw; the steps page draws
// every step without one.

const OVERLAY = "hint-drawing";
const HOLDER = "holds-hint-drawing"; // drawing.css positions it

const placed = new Map(); // table -> { overlay, observer }

// The SVG of ``markup``, or null when it is not one (nothing is drawn).
function parsed(markup) {
  if (!markup) return null;
  const doc = new DOMParser().parseFromString(markup, "image/svg+xml");
  const svg = doc.documentElement;
  return svg instanceof SVGSVGElement || svg?.localName === "svg" ? document.importNode(svg, true) : null;
}

// Put ``overlay`` over the cells of ``table``, in its holder's coordinates.
function fit(table, overlay) {
  const cells = table.querySelectorAll("td");
  if (!cells.length) return;
  const holder = overlay.parentElement;
  const first = cells[0].getBoundingClientRect();
  const last = cells[cells.length - 1].getBoundingClientRect();
  const origin = holder.getBoundingClientRect();
  overlay.style.left = `${first.left - origin.left + holder.scrollLeft - holder.clientLeft}px`;
  overlay.style.top = `${first.top - origin.top + holder.scrollTop - holder.clientTop}px`;
  overlay.style.width = `${last.right - first.left}px`;
  overlay.style.height = `${last.bottom - first.top}px`;
}

// Lay ``markup`` (an SVG) over ``table``'s cells, in place of any drawing
// there; nothing when ``markup`` is empty.
export function layDrawing(table, markup) {
  removeDrawing(table);
  const svg = parsed(markup);
  if (!table || !svg) return;
  const overlay = document.createElement("div");
  overlay.className = OVERLAY;
  overlay.setAttribute("aria-hidden", "true");
  overlay.append(svg);
  const holder = table.parentElement;
  holder.classList.add(HOLDER);
  holder.append(overlay);
  fit(table, overlay);
  // The grid changes size with the window (and a phone's turn): follow it.
  const observer = new ResizeObserver(() => fit(table, overlay));
  observer.observe(table);
  placed.set(table, { overlay, observer });
}

// Take the drawing off ``table``, if it has one.
export function removeDrawing(table) {
  const drawn = placed.get(table);
  if (!drawn) return;
  drawn.observer.disconnect();
  drawn.overlay.parentElement?.classList.remove(HOLDER);
  drawn.overlay.remove();
  placed.delete(table);
}
