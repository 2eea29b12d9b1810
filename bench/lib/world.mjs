// The world a clock-sensitive bench section runs in: the end-to-end suite's default instant, for the
// sandbox and the browser alike, so which games a session meets (their order, statuses and lines) is
// the same at every hour the bench is run. Sections that time things keep the real clock: a faked
// browser clock drives timers from Playwright and would add its own delays to what they measure.
import { DEFAULT_E2E_CLOCK, E2E_TIMEZONE, fixWorldClock } from '../../e2e/support/world-clock.mjs';

// Anchored at this bench process's start, the way the e2e runner fixes its world.
const { startMs, anchorMs } = fixWorldClock({ E2E_CLOCK: DEFAULT_E2E_CLOCK });

/** Now, in the bench's world. */
export function benchWorldNowMs() {
  return startMs + (Date.now() - anchorMs);
}

/** The sandbox's settings for that world (our server's environment). */
export const BENCH_WORLD_ENV = { SANDBOX_CLOCK: DEFAULT_E2E_CLOCK, SANDBOX_CLOCK_ANCHOR_MS: String(anchorMs) };

/** The browser context's settings for that world: a US bettor's time zone. */
export const BENCH_WORLD_CONTEXT = { timezoneId: E2E_TIMEZONE };

/** Starts a context's clock at the world's now; from there it runs at the real rate. */
export async function installBenchWorldClock(context) {
  await context.clock.install({ time: benchWorldNowMs() });
}
