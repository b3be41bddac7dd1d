// The clock: time played, shown as m:ss (h:mm:ss past an hour), ticking
// once a second while running. It stops while paused and while the tab is
// hidden (then it starts again by itself when the tab is back, unless the
// player had paused).

export function formatTime(milliseconds) {
  const total = Math.floor(milliseconds / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

// A clock starting from ``elapsed`` milliseconds; ``onTick`` gets the time
// played each second while it runs. ``now`` reads the time in milliseconds
// (performance.now, or a test's own).
export function createClock(elapsed, onTick, now = () => performance.now()) {
  let base = elapsed;
  let since = null; // now() when it last started, while running
  let ticker = 0;
  const read = () => base + (since === null ? 0 : now() - since);
  return {
    read,
    running: () => since !== null,
    start() {
      if (since !== null) return;
      since = now();
      ticker = setInterval(() => onTick(read()), 1000);
      onTick(read());
    },
    stop() {
      if (since === null) return;
      base = read();
      since = null;
      clearInterval(ticker);
      onTick(base);
    },
    reset(value = 0) {
      base = value;
      if (since !== null) since = now();
      onTick(read());
    },
  };
}
