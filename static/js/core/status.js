// Says what a script just did in the entry page's live region (p#entry-status),
// so screen readers announce it. Without it, the region stays empty.

export function announce(text) {
  const status = document.getElementById("entry-status");
  if (status) status.textContent = text;
}

