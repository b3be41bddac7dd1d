// The clock (static/js/play/timer.js): the time played and how it reads.

import assert from "node:assert/strict";
import { test } from "node:test";

import { createClock, formatTime } from "../../../static/js/play/timer.js";

test("the time played reads as m:ss, and as h:mm:ss past an hour", () => {
  assert.equal(formatTime(0), "0:00");
  assert.equal(formatTime(65_999), "1:05");
  assert.equal(formatTime(3_600_000), "1:00:00");
  assert.equal(formatTime(3_725_000), "1:02:05");
});

// A clock on a time the test moves, its ticks collected.
function clockAt(elapsed) {
  const time = { now: 1000 };
  const ticks = [];
  const clock = createClock(elapsed, (milliseconds) => ticks.push(milliseconds), () => time.now);
  return { clock, time, ticks };
}

test("a clock counts from where the game left off, only while it runs", (t) => {
  t.mock.timers.enable({ apis: ["setInterval"] });
  const { clock, time } = clockAt(5000);
  time.now += 2000;
  assert.equal(clock.read(), 5000);
  clock.start();
  time.now += 3000;
  assert.equal(clock.read(), 8000);
  clock.stop();
  time.now += 4000;
  assert.equal(clock.read(), 8000);
  assert.equal(clock.running(), false);
});

test("a running clock ticks each second, and once as it starts and stops", (t) => {
  t.mock.timers.enable({ apis: ["setInterval"] });
  const { clock, time, ticks } = clockAt(0);
  clock.start();
  time.now += 1000;
  t.mock.timers.tick(1000);
  time.now += 1000;
  t.mock.timers.tick(1000);
  clock.stop();
  t.mock.timers.tick(5000);
  assert.deepEqual(ticks, [0, 1000, 2000, 2000]);
});

test("starting a running clock again changes nothing", (t) => {
  t.mock.timers.enable({ apis: ["setInterval"] });
  const { clock, time } = clockAt(0);
  clock.start();
  time.now += 1500;
  clock.start();
  assert.equal(clock.read(), 1500);
  clock.stop();
});

test("a clock reset reads the time it is set to, running or not", (t) => {
  t.mock.timers.enable({ apis: ["setInterval"] });
  const { clock, time } = clockAt(9000);
  clock.start();
  time.now += 1000;
  clock.reset(0);
  assert.equal(clock.read(), 0);
  time.now += 500;
  assert.equal(clock.read(), 500);
  clock.stop();
});
