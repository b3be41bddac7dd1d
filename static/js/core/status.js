// Says what a script just did in a page's live region (an element the server
// wrote with role="status"), so screen readers announce it. Without the
// scripts, the regions stay empty.

// A function that puts its text in the live region ``id``. The region is
// looked up at each call: a page without it says nothing, and no error.
export function announcer(id) {
  return (text) => {
    const region = document.getElementById(id);
    if (region) region.textContent = text;
  };
}
