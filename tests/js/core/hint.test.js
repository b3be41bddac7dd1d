// The Hint button's three presses (static/js/core/hint.js), driven by a
// stand-in page adapter: where to look, the step shown, the step applied;
// any change to the board starts over, and what the server could not give
// is said.

import assert from "node:assert/strict";
import { test } from "node:test";

import { createHint } from "../../../static/js/core/hint.js";

const STEP = {
  name: "Naked single",
  look: "Look at row 1.",
  text: "Row 1 lacks only 4.",
  placements: [{ cell: [1, 4], digit: 4 }],
};
const REMOVAL = {
  name: "Pointing pair",
  text: "The 2s of box 1 lie in row 1.",
  placements: [],
  eliminations: [
    { cell: [1, 3], digit: 2 },
    { cell: [1, 4], digit: 2 },
  ],
};

// A page whose board asks ``replies`` in turn (each a reply or a function of
// nothing giving one), recording what it was told to say and do.
function fakePage(replies, extra = {}) {
  const page = {
    said: [],
    done: [],
    unique: "unique",
    statusText: { multiple: "Many solutions." },
    invalid: "Cannot be solved:",
    removed: "Removes %(cells)s.",
    say: (text) => page.said.push(text),
    ask: async () => {
      const reply = replies.shift();
      return typeof reply === "function" ? reply() : reply;
    },
    markConflicts: (list) => page.done.push(["conflicts", list]),
    pointOut: (wrong) => `Wrong: ${wrong.length}.`,
    counted: () => page.done.push(["counted"]),
    show: (step) => page.done.push(["show", step.name]),
    clear: () => page.done.push(["clear"]),
    apply: (step) => page.done.push(["apply", step.name]),
    ...extra,
  };
  return page;
}

const hinted = (step) => ({ ok: true, reply: { status: "unique", steps: [step] } });
function settle() {
  return new Promise((resolve) => {
    setImmediate(resolve);
  });
}

// A promise and the function that resolves it, for a reply the test holds back.
function deferred() {
  let resolve;
  const promise = new Promise((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

async function press(hint, times = 1) {
  for (let i = 0; i < times; i += 1) {
    hint.press();
    await settle();
  }
}

test("the first press says where to look, the second shows the step, the third fills it in", async () => {
  const page = fakePage([hinted(STEP)]);
  const hint = createHint(page);
  await press(hint);
  assert.equal(page.said.at(-1), "Look at row 1. Press Hint again to see it on the grid.");
  await press(hint);
  assert.equal(page.said.at(-1), "Row 1 lacks only 4. Press Hint again to fill it in.");
  await press(hint);
  assert.equal(page.said.at(-1), "Filled in: 4 at row 1, column 4.");
  assert.deepEqual(page.done, [["counted"], ["show", "Naked single"], ["apply", "Naked single"]]);
});

test("a step without a place to look is named instead", async () => {
  const page = fakePage([hinted({ ...STEP, look: "" })]);
  await press(createHint(page));
  assert.equal(page.said.at(-1), "Naked single Press Hint again to see it on the grid.");
});

test("a step that only removes candidates says which, in the page's words", async () => {
  const page = fakePage([hinted(REMOVAL)]);
  const hint = createHint(page);
  await press(hint, 2);
  assert.equal(page.said.at(-1), "The 2s of box 1 lie in row 1. Press Hint again to apply it.");
  await press(hint);
  assert.equal(page.said.at(-1), "Removes 2 from row 1, column 3, 2 from row 1, column 4.");
});

test("after a step is applied the next press asks for a new one", async () => {
  const page = fakePage([hinted(STEP), hinted(REMOVAL)]);
  const hint = createHint(page);
  await press(hint, 4);
  assert.equal(page.said.at(-1), "Pointing pair Press Hint again to see it on the grid.");
});

test("a change to the board starts over: the step is cleared and the next press asks again", async () => {
  const page = fakePage([hinted(STEP), hinted(REMOVAL)]);
  const hint = createHint(page);
  await press(hint, 2);
  hint.reset();
  assert.equal(page.said.at(-1), "");
  assert.deepEqual(page.done.at(-1), ["clear"]);
  await press(hint);
  assert.equal(page.said.at(-1), "Pointing pair Press Hint again to see it on the grid.");
});

test("a reply that comes after a change to the board is dropped", async () => {
  const later = deferred();
  const page = fakePage([() => later.promise]);
  const hint = createHint(page);
  hint.press();
  hint.reset();
  later.resolve(hinted(STEP));
  await settle();
  assert.deepEqual(page.said, ["Looking for the next step…"]);
  assert.deepEqual(page.done, [["clear"]]);
});

test("a superseded ask (null) says nothing more", async () => {
  const page = fakePage([null]);
  await press(createHint(page));
  assert.deepEqual(page.said, ["Looking for the next step…"]);
});

test("no reply to read says the hint could not be had", async () => {
  const page = fakePage([{ ok: false, reply: null }]);
  await press(createHint(page));
  assert.equal(page.said.at(-1), "No hint could be had just now. Please try again.");
});

test("a board the server refuses has its conflicts marked and its reasons said", async () => {
  const conflict = { code: "conflict", message: "Two 5s in row 1.", cells: [[1, 1], [1, 2]] };
  const other = { code: "too_few", message: "Too few givens." };
  const page = fakePage([{ ok: false, reply: { errors: [conflict, other] } }]);
  await press(createHint(page));
  assert.deepEqual(page.done, [["conflicts", [conflict]]]);
  assert.equal(page.said.at(-1), "Cannot be solved: Two 5s in row 1. Too few givens.");
});

test("a status the page names is said in its words, any other as the solver running out of time", async () => {
  const many = fakePage([{ ok: true, reply: { status: "multiple" } }]);
  await press(createHint(many));
  assert.equal(many.said.at(-1), "Many solutions.");
  const late = fakePage([{ ok: true, reply: { status: "timeout" } }]);
  await press(createHint(late));
  assert.match(late.said.at(-1), /ran out of time/);
});

test("a solved board has no step left", async () => {
  const page = fakePage([{ ok: true, reply: { status: "unique", steps: [] } }]);
  await press(createHint(page));
  assert.equal(page.said.at(-1), "Every cell is filled: there is no step left.");
});

test("cells that are not the solution's are pointed out first, and count as a hint", async () => {
  const page = fakePage([{ ok: true, reply: { status: "none", wrong: [[2, 2]] } }]);
  await press(createHint(page));
  assert.equal(page.said.at(-1), "Wrong: 1.");
  assert.deepEqual(page.done, [["counted"]]);
});

test("when what applying needs cannot be had, the step stays shown and the next press tries again", async () => {
  const prepared = [null, {}];
  const page = fakePage([hinted(STEP)], { prepare: async () => prepared.shift() });
  const hint = createHint(page);
  await press(hint, 3);
  assert.equal(page.said.at(-1), "No hint could be had just now. Please try again.");
  await press(hint);
  assert.equal(page.said.at(-1), "Filled in: 4 at row 1, column 4.");
});

test("presses while the step is being applied are ignored", async () => {
  const ready = deferred();
  const page = fakePage([hinted(STEP)], { prepare: () => ready.promise });
  const hint = createHint(page);
  await press(hint, 3);
  await press(hint, 2);
  ready.resolve({});
  await settle();
  assert.deepEqual(page.done.filter(([what]) => what === "apply"), [["apply", "Naked single"]]);
});
