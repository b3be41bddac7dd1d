// The scripts' words in the reader's language: gettext, ngettext and
// interpolate from Django's JavaScript catalog (/jsi18n), which base.html
// loads as a classic script before any module runs. Without the catalog (it
// failed to load, or a page lacks it) each falls back to the English text,
// so every message still reads, in English.

const catalog = globalThis;

export const gettext = typeof catalog.gettext === "function" ? catalog.gettext : (message) => message;

export const ngettext =
  typeof catalog.ngettext === "function"
    ? catalog.ngettext
    : (singular, plural, count) => (count === 1 ? singular : plural);

// Django's interpolate, named only: each %(name)s becomes values[name].
export function interpolate(text, values) {
  if (typeof catalog.interpolate === "function") return catalog.interpolate(text, values, true);
  return text.replace(/%\((\w+)\)s/g, (_, key) => String(values[key]));
}

function format(name, fallback) {
  return typeof catalog.get_format === "function" ? catalog.get_format(name) : fallback;
}

// A whole number grouped as the templates' floatformat:"g" groups it, from
// the same locale formats: "12,345" in English, "12345" where the locale does
// not group (Chinese and Vietnamese in Django's formats). Only a plain group
// size is followed; a list of sizes (as some locales have) leaves it ungrouped.
export function formatNumber(number) {
  const digits = String(Math.abs(Math.trunc(number)));
  const size = format("NUMBER_GROUPING", 3);
  const separator = format("THOUSAND_SEPARATOR", ",");
  const groups = [];
  if (Number.isInteger(size) && size > 0 && separator) {
    for (let end = digits.length; end > 0; end -= size) groups.unshift(digits.slice(Math.max(0, end - size), end));
  } else {
    groups.push(digits);
  }
  return (number < 0 ? "-" : "") + groups.join(separator);
}
