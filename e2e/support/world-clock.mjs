// The end-to-end suite's world: one instant the sandbox and the browser both start at, so every run
// sees the same games, statuses, prices and price ages. Plain JavaScript: scripts/run-e2e.mjs reads
// it before any TypeScript loader is around.

/** The default world: a Tuesday noon in New York, late November (NBA, NHL, college and MLB slates). */
export const DEFAULT_E2E_CLOCK = '2026-11-24T17:00:00Z';

/** The browser's time zone (and the test process's): a US bettor's, with its daylight-saving changes. */
export const E2E_TIMEZONE = 'America/New_York';

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The world's start in epoch ms; throws a message naming E2E_CLOCK when it is not an ISO instant with a zone. */
function parseE2eClock(raw) {
  const parts = INSTANT.exec(raw.trim());
  const ms = Date.parse(raw.trim());
  const day = parts ? new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]))).getUTCDate() : NaN;
  if (!parts || Number.isNaN(ms) || day !== Number(parts[3])) {
    throw new Error(`E2E_CLOCK must be an ISO instant with its zone, like ${DEFAULT_E2E_CLOCK}, got "${raw}".`);
  }
  return ms;
}

/**
 * Fixes the run's world in the environment (E2E_CLOCK, and E2E_CLOCK_ANCHOR_MS: the real moment the
 * world was at that instant) unless a parent process already did, so the web servers and every test
 * worker agree to the millisecond. Returns the world's start and whether this call fixed it.
 */
export function fixWorldClock(env = process.env) {
  const clock = env.E2E_CLOCK && env.E2E_CLOCK.trim() !== '' ? env.E2E_CLOCK.trim() : DEFAULT_E2E_CLOCK;
  const startMs = parseE2eClock(clock);
  const fixedHere = !env.E2E_CLOCK_ANCHOR_MS;
  env.E2E_CLOCK = clock;
  if (fixedHere) env.E2E_CLOCK_ANCHOR_MS = String(Date.now());
  return { startMs, anchorMs: Number(env.E2E_CLOCK_ANCHOR_MS), fixedHere };
}
