// The rules the entry grid is checked under, in the site's short text
// (solver/engine/rules/text.py): those a link brought, carried in the form's
// hidden "rules" field, then those ticked and the jigsaw region map typed in
// the rules section ("" for classic Sudoku). The scripts that ask the server
// about the grid (conflicts as one types, Hint) send it with the grid, so
// the answers follow the same rules as Show Answer. Nothing runs by itself.

import { form } from "./cells.js";

// The short text of ``carried`` (a hidden field's value), the ``ticked``
// tokens and a region ``map`` (whitespace dropped), joined by commas.
export function rulesText(carried, ticked, map) {
  const regions = map.replace(/\s+/g, "");
  return [carried.trim(), ...ticked, regions ? `jigsaw:${regions}` : ""].filter(Boolean).join(",");
}

// The rules of the page's entry form, as ``rulesText`` writes them.
export function chosenRules() {
  if (!form) return "";
  const carried = form.querySelector("input[name=rules]")?.value ?? "";
  const ticked = Array.from(form.querySelectorAll("input[name=rule]:checked"), (box) => box.value);
  return rulesText(carried, ticked, form.querySelector("textarea[name=regions]")?.value ?? "");
}

// ``body`` with the form's rules added when there are any (a classic grid's
// body stays as it was).
export function withRules(body) {
  const rules = chosenRules();
  return rules ? { ...body, rules } : body;
}
