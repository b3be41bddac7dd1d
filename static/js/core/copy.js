// Copying a field's text: by the Clipboard API, or else (a browser without
// it, an insecure origin, a denied permission) by the older way, the field's
// selection copied. Each page says what came of it in its own words.

// The older way: copy the field's selection.
function copyBySelection(field) {
  field.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  }
}

// Copy ``field``'s value; true when it was copied. On failure the field's
// text is left selected, ready to copy by hand.
export async function copyField(field) {
  try {
    await navigator.clipboard.writeText(field.value);
    return true;
  } catch {
    return copyBySelection(field);
  }
}
