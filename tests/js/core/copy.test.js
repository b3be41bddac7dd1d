// Copying a field's text (static/js/core/copy.js): by the Clipboard API, or
// else by the field's selection.

import assert from "node:assert/strict";
import { test } from "node:test";

import { copyField } from "../../../static/js/core/copy.js";
import { useGlobal } from "../support/page.js";

function fakeField(value) {
  const field = { value, selected: false, select: () => (field.selected = true) };
  return field;
}

// A browser whose clipboard ``writeText`` does as given, and whose older
// copy command answers ``copied`` (or throws when it is an Error).
function useBrowser(t, writeText, copied = true) {
  const written = [];
  const clipboard = writeText && { writeText: async (text) => written.push(text) && writeText(text) };
  useGlobal(t, "navigator", { clipboard });
  useGlobal(t, "document", {
    execCommand: (command) => {
      if (copied instanceof Error) throw copied;
      return command === "copy" && copied;
    },
  });
  return written;
}

test("the field's value is copied by the Clipboard API when it works", async (t) => {
  const written = useBrowser(t, () => undefined);
  const field = fakeField("1234341221434321");
  assert.equal(await copyField(field), true);
  assert.deepEqual(written, ["1234341221434321"]);
  assert.equal(field.selected, false);
});

test("when the Clipboard API refuses, the field's selection is copied instead", async (t) => {
  useBrowser(t, () => Promise.reject(new Error("denied")));
  const field = fakeField("x");
  assert.equal(await copyField(field), true);
  assert.equal(field.selected, true);
});

test("a browser without the Clipboard API copies the selection", async (t) => {
  useBrowser(t, null);
  assert.equal(await copyField(fakeField("x")), true);
});

test("when neither way copies, the answer is false and the text is left selected", async (t) => {
  useBrowser(t, null, false);
  const field = fakeField("x");
  assert.equal(await copyField(field), false);
  assert.equal(field.selected, true);
  useBrowser(t, null, new Error("not allowed"));
  assert.equal(await copyField(fakeField("x")), false);
});
