// No module of core/, entry/, answer/, batch/ or steps/ touches the page when
// imported: each reads it only in a function the page's own module calls
// (the one a template names, which starts the page at its end), so each can
// be loaded, and tested, outside a browser.

import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SCRIPTS = join(ROOT, "static", "js");
const FOLDERS = ["core", "entry", "answer", "batch", "steps"];

function files(folder, ending) {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(ending))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));
}

// The modules the templates name ({% module 'js/...' %}): the pages' own.
function pageModules() {
  const named = files(join(ROOT, "templates"), ".html").flatMap((template) =>
    Array.from(readFileSync(template, "utf8").matchAll(/\{%\s*module\s+["'](js\/[^"']+)["']/g), (m) => m[1]),
  );
  return new Set(named.map((name) => join(ROOT, "static", name)));
}

test("the pages' own modules are the templates' only scripts in these folders", () => {
  const pages = [...pageModules()].map((path) => relative(SCRIPTS, path)).filter((path) => !path.startsWith("play"));
  assert.deepEqual(pages.sort(), [
    "answer/copy-buttons.js",
    "answer/level.js",
    "batch/batch.js",
    "entry/entry.js",
    "steps/steps.js",
  ]);
});

test("importing any other module reads nothing of the page", async (t) => {
  const touched = [];
  for (const name of ["document", "window", "navigator", "localStorage"]) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get: () => touched.push(name),
    });
    t.after(() => delete globalThis[name]);
  }
  const pages = pageModules();
  const modules = FOLDERS.flatMap((folder) => files(join(SCRIPTS, folder), ".js")).filter((path) => !pages.has(path));
  assert.ok(modules.length > 20, `${modules.length} modules`);
  for (const module of modules) {
    await import(pathToFileURL(module));
    assert.deepEqual(touched, [], relative(SCRIPTS, module));
  }
});
