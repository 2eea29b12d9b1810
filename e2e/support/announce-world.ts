/** Playwright's global setup: names the instant the run's world starts at (sandbox and browser). */
import { fixWorldClock } from './world-clock.mjs';

export default function announceWorld(): void {
  if (process.env.E2E_WORLD_ANNOUNCED) return;
  console.log(`world clock: ${new Date(fixWorldClock().startMs).toISOString()}`);
}
