// The steps page's arrow keys: ← goes to the previous step and → to the next,
// by following the page's own Previous and Next links (rel="prev"/"next").
// Without it, those links are the way; each step is its own address. The
// page's module: it starts at its end.

// Keys typed into a field, or with a modifier (Alt+← is the browser's Back),
// are not ours.
function ours(event) {
  const target = event.target;
  const typing = target instanceof HTMLElement && target.closest("input, textarea, select, [contenteditable]");
  return !typing && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
}

function onKey(event, previous, next) {
  if (event.defaultPrevented || !ours(event)) return;
  const link = event.key === "ArrowLeft" ? previous : event.key === "ArrowRight" ? next : null;
  if (!link) return;
  event.preventDefault();
  window.location.assign(link.href);
}

function startStepKeys() {
  const previous = document.querySelector('a[rel="prev"]');
  const next = document.querySelector('a[rel="next"]');
  if (!previous && !next) return;
  document.addEventListener("keydown", (event) => onKey(event, previous, next));
  for (const help of document.querySelectorAll(".keys-help[data-enhanced]")) help.removeAttribute("hidden");
}

startStepKeys();
