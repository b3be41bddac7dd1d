// Progressive enhancement for the entry grid: Reset clears in place.
// Without this script, Reset is a link that reloads an empty page.

const form = document.querySelector("form.entry");

function clearGrid(event) {
  event.preventDefault();
  for (const field of form.querySelectorAll(".grid input, textarea")) {
    field.value = "";
    field.removeAttribute("aria-invalid");
  }
  for (const cell of form.querySelectorAll(".grid td.invalid")) {
    cell.classList.remove("invalid");
  }
  document.getElementById("form-errors")?.remove();
  form.querySelector(".grid input")?.focus();
}

if (form) {
  form.querySelector("[data-action=reset]")?.addEventListener("click", clearGrid);
}
