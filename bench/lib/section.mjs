// One bench section within its time limit. The section's measurement writes what it has measured
// so far into `progress` as it goes (and says in `progress.expected` how many of each part it
// planned); when the limit passes, or the measurement throws, the section is stopped (its signal
// aborts, and what it started - servers, the sandbox, Redis, Chromium - is stopped or killed), what
// it measured is summarised, what it did not is listed, and the run goes on to the next section.
// The machine's load is noted at the section's start and end: other work skews every timing.
import os from 'node:os';
import { cleanUpSince, cleanupMark } from './cleanup.mjs';

/** A 1-minute load average above this share of the cores marks a section's figures as taken on a loaded machine. */
const LOADED_PER_CORE = 0.75;
/** How long a stopped section gets to unwind after what it started was stopped. */
const UNWIND_MS = 10_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function loadAverage() {
  return Number(os.loadavg()[0].toFixed(2));
}

/** The load above which a section's timings are not to be trusted (1.5 on 2 cores). */
export function loadedAbove() {
  return LOADED_PER_CORE * os.cpus().length;
}

/**
 * What the section planned and did not measure: each part named in `progress.expected` (a count of
 * runs, or 1 for a part measured once) against what `progress` holds.
 */
export function missingParts(progress) {
  const missing = [];
  for (const [part, planned] of Object.entries(progress.expected ?? {})) {
    const held = progress[part];
    const done = Array.isArray(held) ? held.length : held === undefined ? 0 : 1;
    if (done < planned) missing.push(planned === 1 ? part : `${part}: ${done} of ${planned} runs`);
  }
  return missing;
}

/**
 * Runs `measure({ signal, progress })` for at most `limitMs`. Resolves with its results, or, when it
 * ran out of time or failed, with `summarise(progress)` (or the raw progress, if even that cannot be
 * made) and `incomplete: { reason, missing, ... }`. Either way with `run`: when, how long, the load.
 */
export async function runSection({ name, limitMs, measure, summarise, log = () => {}, unwindMs = UNWIND_MS }) {
  const progress = {};
  const controller = new AbortController();
  const mark = cleanupMark();
  const startedAt = Date.now();
  const loadAtStart = loadAverage();
  if (loadAtStart > loadedAbove())
    log(`  (loaded machine: 1-minute load average ${loadAtStart} at the start of ${name}; its timings are suspect)`);
  let timer;
  const outOfTime = new Promise((resolve) => {
    timer = setTimeout(() => resolve({ timedOut: true }), limitMs);
  });
  const measuring = Promise.resolve()
    .then(() => measure({ signal: controller.signal, progress }))
    .then(
      (value) => ({ value }),
      (error) => ({ error }),
    );
  const outcome = await Promise.race([measuring, outOfTime]);
  clearTimeout(timer);

  let results;
  let stoppedAtLimit = false;
  if ('value' in outcome) {
    results = outcome.value;
    // Anything the section forgot to stop.
    await cleanUpSince(mark);
  } else {
    const reason = outcome.timedOut
      ? `ran out of its ${Math.round(limitMs / 1000)} s`
      : `failed: ${String(outcome.error?.stack ?? outcome.error)
          .split('\n')
          .slice(0, 4)
          .join(' | ')}`;
    // What it had measured by now: a step cut short may still record a run made against stopped servers.
    const measuredSoFar = structuredClone(progress);
    log(`  ${name} ${reason}; stopping what it started`);
    controller.abort(new Error(`${name} ${reason}`));
    const stuck = await cleanUpSince(mark);
    // Once its servers and browser are gone, what it was waiting on fails quickly.
    await Promise.race([measuring, sleep(unwindMs)]);
    results = summariseWhatThereIs(summarise, measuredSoFar);
    const missing = missingParts(measuredSoFar);
    // Out of time once every planned part was measured (stopping what it started, say): complete.
    if (outcome.timedOut && missing.length === 0 && measuredSoFar.expected !== undefined) {
      stoppedAtLimit = true;
    } else {
      results.incomplete = { reason, missing, ...(stuck.length > 0 ? { notStopped: stuck } : {}) };
      log(`  ${name} incomplete: missing ${missing.join('; ') || 'what it did not say it planned'}`);
    }
  }
  results.run = {
    measuredAt: new Date(startedAt).toISOString(),
    tookS: Math.round((Date.now() - startedAt) / 1000),
    limitS: Math.round(limitMs / 1000),
    ...(stoppedAtLimit ? { stoppedAtLimit } : {}),
    loadAtStart,
    loadAtEnd: loadAverage(),
    loaded: loadAtStart > loadedAbove(),
  };
  return results;
}

function summariseWhatThereIs(summarise, progress) {
  try {
    return { ...summarise(progress) };
  } catch (error) {
    const measured = { ...progress };
    delete measured.expected;
    return { partial: measured, summaryFailed: String(error?.message ?? error) };
  }
}
