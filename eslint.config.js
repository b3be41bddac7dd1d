// ESLint's flat config for the browser scripts (static/js/, ES modules run
// by the browser) and their unit tests (tests/js/, run by Node's own test
// runner): the recommended rules, and a few more that each catch a real
// mistake rather than a matter of taste (ruff formats nothing here; the
// scripts keep the layout they have).

import js from "@eslint/js";
import globals from "globals";

// Mistakes the recommended set lets through.
const MISTAKES = {
  "array-callback-return": "error", // a map or filter callback that forgets to return
  eqeqeq: ["error", "always"], // == converts: "" == 0
  "no-param-reassign": ["error", { props: false }],
  "no-promise-executor-return": "error",
  "no-self-compare": "error",
  "no-shadow": ["error", { builtinGlobals: false }],
  "no-template-curly-in-string": "error", // "${x}" meant as a template
  "no-unmodified-loop-condition": "error",
  "no-unreachable-loop": "error",
  "no-unused-vars": ["error", { argsIgnorePattern: "^_", caughtErrors: "all" }],
  "no-use-before-define": ["error", { functions: false, classes: true, variables: true }],
  "no-var": "error",
  "prefer-const": "error",
};

export default [
  { ignores: ["node_modules/", "staticfiles/", ".venv/", "var/"] },
  js.configs.recommended,
  {
    files: ["static/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      // The browser's globals, and Django's JavaScript catalog (/jsi18n),
      // which core/i18n.js reads through globalThis, never by name.
      globals: { ...globals.browser },
    },
    rules: MISTAKES,
  },
  {
    files: ["tests/js/**/*.js", "eslint.config.js"],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.node },
    },
    rules: MISTAKES,
  },
];
