// What the bench has started and must stop if a section runs out of time: every child process,
// browser, Redis and in-process server registers how to stop it here, and bench/lib/section.mjs
// stops what a section left running when its time is up (newest first, each within a deadline).

const registered = [];
let nextId = 0;

/** Registers `stop` (may be async) under `name`; the function returned forgets it (call it once stopped). */
export function onCleanup(name, stop) {
  const entry = { id: nextId++, name, stop };
  registered.push(entry);
  return () => {
    const index = registered.indexOf(entry);
    if (index !== -1) registered.splice(index, 1);
  };
}

/** A mark: `cleanUpSince(mark)` stops what was registered after it. */
export function cleanupMark() {
  return nextId;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops what was registered since `mark`, newest first; returns the names of what did not stop in time. */
export async function cleanUpSince(mark, deadlineMs = 15_000) {
  const due = registered.filter((entry) => entry.id >= mark).reverse();
  const stuck = [];
  for (const entry of due) {
    const index = registered.indexOf(entry);
    if (index !== -1) registered.splice(index, 1);
    const outcome = await Promise.race([
      Promise.resolve()
        .then(entry.stop)
        .then(
          () => 'stopped',
          () => 'stopped',
        ),
      sleep(deadlineMs).then(() => 'stuck'),
    ]);
    if (outcome === 'stuck') stuck.push(entry.name);
  }
  return stuck;
}
