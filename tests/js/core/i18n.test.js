// The scripts' words (static/js/core/i18n.js): Django's catalog when the page
// loaded it, else the English text; numbers grouped as the locale groups them.

import assert from "node:assert/strict";
import { test } from "node:test";

import { formatNumber, gettext, interpolate, ngettext } from "../../../static/js/core/i18n.js";

test("without the catalog, a message reads in English as written", () => {
  assert.equal(gettext("Grid cleared."), "Grid cleared.");
  assert.equal(ngettext("1 conflict:", "%(count)s conflicts:", 1), "1 conflict:");
  assert.equal(ngettext("1 conflict:", "%(count)s conflicts:", 2), "%(count)s conflicts:");
});

test("each named field is filled in, as Django's interpolate does", () => {
  assert.equal(interpolate("%(digit)s at row %(row)s", { digit: 7, row: 3 }), "7 at row 3");
  assert.equal(interpolate("no fields", {}), "no fields");
});

test("without the catalog, numbers are grouped in threes by commas", () => {
  assert.equal(formatNumber(0), "0");
  assert.equal(formatNumber(999), "999");
  assert.equal(formatNumber(12345), "12,345");
  assert.equal(formatNumber(1234567), "1,234,567");
  assert.equal(formatNumber(-12345), "-12,345");
  assert.equal(formatNumber(12345.9), "12,345");
});

// The module again, read once the page's catalog is in place (Django's
// /jsi18n defines these globals before any module runs).
async function withCatalog(t, formats) {
  const names = ["gettext", "ngettext", "interpolate", "get_format"];
  globalThis.gettext = (message) => `«${message}»`;
  globalThis.ngettext = (singular, plural, count) => (count === 1 ? `«${singular}»` : `«${plural}»`);
  globalThis.interpolate = (text, values, named) => (named ? text.replace("%(n)s", values.n) : text);
  globalThis.get_format = (name) => formats[name];
  t.after(() => names.forEach((name) => delete globalThis[name]));
  return import(`../../../static/js/core/i18n.js?catalog=${Object.keys(formats).join("")}${Math.random()}`);
}

test("with the catalog, its translations and its interpolate are used", async (t) => {
  const i18n = await withCatalog(t, { NUMBER_GROUPING: 3, THOUSAND_SEPARATOR: "." });
  assert.equal(i18n.gettext("Copied."), "«Copied.»");
  assert.equal(i18n.ngettext("one", "many", 2), "«many»");
  assert.equal(i18n.interpolate("n is %(n)s", { n: 4 }), "n is 4");
  assert.equal(i18n.formatNumber(12345), "12.345");
});

test("a locale that does not group, or groups by a list of sizes, leaves numbers whole", async (t) => {
  const none = await withCatalog(t, { NUMBER_GROUPING: 0, THOUSAND_SEPARATOR: "," });
  assert.equal(none.formatNumber(12345), "12345");
  const list = await withCatalog(t, { NUMBER_GROUPING: [3, 2, 0], THOUSAND_SEPARATOR: "," });
  assert.equal(list.formatNumber(1234567), "1234567");
});
