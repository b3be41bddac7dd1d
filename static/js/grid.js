// Progressive enhancement for the entry grid: Reset clears in place.
// Without this script, Reset submits an empty GET form: a fresh, empty page.

const form = document.querySelector("form.entry");

// The error summary is about to go: no field may still point at it.
function forgetErrors(field) {
  const described = (field.getAttribute("aria-describedby") || "")
    .split(" ")
    .filter((id) => id && id !== "form-errors");
  if (described.length) {
    field.setAttribute("aria-describedby", described.join(" "));
  } else {
    field.removeAttribute("aria-describedby");
  }
}

function clearGrid(event) {
  event.preventDefault();
  for (const field of form.querySelectorAll(".grid input, textarea")) {
    field.value = "";
    field.removeAttribute("aria-invalid");
    forgetErrors(field);
  }
  for (const cell of form.querySelectorAll(".grid td.invalid")) {
    cell.classList.remove("invalid");
  }
  document.getElementById("form-errors")?.remove();
  form.querySelector(".grid input")?.focus();
}

if (form) {
  document.querySelector("[data-action=reset]")?.addEventListener("click", clearGrid);
}
