// The game in play and the one writer of its state (static/js/play/session.js):
// moves as undo steps, when input and the clock run, keeping, restarting,
// the replay's frames.

import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { change, newGame } from "../../../static/js/play/game.js";
import {
  act,
  begin,
  beginReplay,
  count,
  endReplay,
  onChange,
  onFinish,
  playing,
  restart,
  resumeClock,
  session,
  setOverLimit,
  setConflicts,
  setPaused,
  setWrong,
  showFrame,
  store,
  takeBack,
  view,
} from "../../../static/js/play/session.js";
import { GIVENS, SOLUTION, fakeClock, playData, useStorage } from "./support.js";

const changes = [];
const finished = [];
onChange((event) => changes.push(event));
onFinish((game) => finished.push(game));

let clock = null;

beforeEach((t) => {
  useStorage(t);
  clock = fakeClock();
  changes.length = 0;
  finished.length = 0;
  setPaused(false);
  setOverLimit(false);
  endReplay();
  begin({ data: playData(), game: newGame(GIVENS), clock });
});

const digit = (index, value) => [change(session.game, index, { digit: value })];

test("a move is one undo step, and the other modules are told of it", () => {
  const step = act(digit(2, "3"));
  assert.equal(session.game.digits[2], "3");
  assert.deepEqual(session.game.undo, [step]);
  assert.deepEqual(changes, [{ step, source: "move" }]);
});

test("a move that changes nothing makes no step", () => {
  assert.equal(act([null]), false);
  assert.deepEqual(changes, []);
});

test("a step carries the time played when it was made", () => {
  clock.time = 4200;
  assert.equal(act(digit(2, "3")).at, 4200);
});

test("undo takes the last step back and redo makes it again", () => {
  act(digit(2, "3"));
  assert.ok(takeBack());
  assert.equal(session.game.digits[2], "");
  assert.ok(takeBack(true));
  assert.equal(session.game.digits[2], "3");
  assert.deepEqual(changes.map(({ source }) => source), ["move", "undo", "redo"]);
});

test("a cell found wrong is no longer marked once it changes", () => {
  setWrong([2, 3]);
  act(digit(2, "4"));
  assert.deepEqual([...view.wrong], [3]);
});

test("a cell marked in conflict is no longer marked once it changes", () => {
  setConflicts([2, 3]);
  act(digit(2, "4"));
  assert.deepEqual([...view.conflicts], [3]);
  assert.ok(act([change(session.game, 3, { colour: "2" })])); // the same digit: still in conflict
  assert.deepEqual([...view.conflicts], [3]);
});

test("no input counts while paused, at the mistakes' limit or replaying", () => {
  setPaused(true);
  assert.equal(playing(), false);
  assert.equal(act(digit(2, "3")), false);
  setPaused(false);
  setOverLimit(true);
  assert.equal(takeBack(), null);
  setOverLimit(false);
  assert.equal(playing(), true);
});

test("the clock runs only while the game runs", () => {
  resumeClock();
  assert.equal(clock.running, true);
  setPaused(true);
  assert.equal(clock.running, false);
  setPaused(false);
  assert.equal(clock.running, true);
  setOverLimit(true);
  assert.equal(clock.running, false);
  setPaused(true);
  setOverLimit(false);
  assert.equal(clock.running, false); // paused still
});

test("the game is finished once every cell holds the solution's digit: the clock stops, input stops", () => {
  resumeClock();
  clock.time = 65000;
  act(Array.from(SOLUTION, (value, index) => change(session.game, index, { digit: value })));
  assert.equal(session.game.finished, true);
  assert.equal(session.game.elapsed, 65000);
  assert.equal(clock.running, false);
  assert.deepEqual(finished, [session.game]);
  assert.equal(playing(), false);
});

test("each change is kept under the page's key, with the time played", () => {
  clock.time = 3000;
  act(digit(2, "3"));
  const kept = JSON.parse(localStorage.getItem(session.data.key));
  assert.equal(kept.digits[2], "3");
  assert.equal(kept.elapsed, 3000);
});

test("hints, checks and mistakes are counted with the game", () => {
  count("hints");
  count("checks");
  count("mistakes", 2);
  store();
  const kept = JSON.parse(localStorage.getItem(session.data.key));
  assert.deepEqual([kept.hints, kept.checks, kept.mistakes], [1, 1, 2]);
});

test("restart forgets what was kept and goes back to where the game started", () => {
  act(digit(2, "3"));
  setWrong([3]);
  restart();
  assert.equal(localStorage.getItem(session.data.key), null);
  assert.equal(session.game.digits[2], "");
  assert.deepEqual([session.game.undo, [...view.wrong]], [[], []]);
  assert.deepEqual(changes.at(-1), { step: null, source: "restart" });
});

test("a game opened on a shared position restarts there", () => {
  const start = newGame(GIVENS).digits.map((value) => [value, "", "", ""]);
  start[2] = ["3", "", "", ""];
  begin({ data: playData(), game: newGame(GIVENS, start), clock });
  act(digit(3, "4"));
  restart();
  assert.deepEqual([session.game.digits[2], session.game.digits[3]], ["3", ""]);
});

test("the replay shows its frames and then the finished game again, keeping nothing meanwhile", () => {
  act(Array.from(SOLUTION, (value, index) => change(session.game, index, { digit: value })));
  const solved = beginReplay();
  assert.equal(solved, session.game);
  showFrame(newGame(GIVENS));
  assert.equal(session.game.digits[2], "");
  localStorage.removeItem(session.data.key);
  store();
  assert.equal(localStorage.getItem(session.data.key), null);
  endReplay();
  assert.equal(session.game, solved);
  assert.equal(session.replaying, false);
});

test("the state is read-only outside its module", () => {
  assert.throws(() => {
    session.game = null;
  }, TypeError);
  assert.throws(() => {
    view.selected = 3;
  }, TypeError);
});
