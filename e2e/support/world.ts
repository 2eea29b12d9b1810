/**
 * The world every end-to-end test runs in: the sandbox's clock and the browser's both start at
 * E2E_CLOCK (scripts/run-e2e.mjs picks a fixed default) and advance normally, so "Today", "price
 * from 2 h ago" and the game statuses are the same on every run. Tests import `test` and `expect`
 * from here, and read the time with worldNowMs(), never Date.now().
 */
import {
  test as base,
  expect,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { fixWorldClock } from './world-clock.mjs';

const world = fixWorldClock();

/** Now, in the tests' world (the sandbox's clock, and the browser's). */
export function worldNowMs(): number {
  return world.startMs + (Date.now() - world.anchorMs);
}

async function installWorldClock(context: BrowserContext): Promise<void> {
  // Installed with the world's current time; from there the page's clock runs at the real rate.
  await context.clock.install({ time: worldNowMs() });
}

export const test = base.extend({
  context: async ({ context }, provide) => {
    await installWorldClock(context);
    await provide(context);
  },
});

/** A second browser context (a fresh visitor) in the same world. */
export async function newWorldContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await installWorldClock(context);
  return context;
}

/**
 * Stops the page's clock a moment ahead of its own time, so no timer (a refresh on the beat) fires
 * during a check. Aimed from the page's clock, not the world's: the call reaches the page later than
 * it is made, and on a loaded machine later than any small margin ("Cannot fast-forward to the
 * past", once in CI with 100 ms), so a missed aim is taken again from the page's new time.
 */
export async function stopPageClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const pageNowMs = await page.evaluate(() => Date.now());
    try {
      await page.clock.pauseAt(pageNowMs + 500);
      return;
    } catch (error) {
      if (attempt === 3 || !String(error).includes('fast-forward to the past')) throw error;
    }
  }
}

/** How far the page's clock moves in one step. */
const PAGE_CLOCK_STEP_MS = 500;

/**
 * Page time enough for three tries that each wait out our server's upstream timeout, with the
 * backoff between them: between steps the request waits in real time while the clock moves on.
 */
export const PAGE_CLOCK_THROUGH_TIMEOUTS_MS = 20_000;

/**
 * Moves the page's clock on half a second at a time until `check` passes: the page's retries and
 * their backoff come on its timers, so the test waits for the page's work, not for its delays.
 * Between steps `check` waits `betweenStepsMs` for the work the fired timers started; once the clock
 * has moved `maxMs`, it waits as long as it is given. On a running clock real time adds to `maxMs`.
 */
export async function runPageClockUntil(
  page: Page,
  check: (timeout?: number) => Promise<void>,
  { maxMs = 10_000, betweenStepsMs = 250 }: { maxMs?: number; betweenStepsMs?: number } = {},
): Promise<void> {
  for (let movedMs = PAGE_CLOCK_STEP_MS; ; movedMs += PAGE_CLOCK_STEP_MS) {
    await page.clock.runFor(PAGE_CLOCK_STEP_MS);
    const lastStep = movedMs >= maxMs;
    try {
      await check(lastStep ? undefined : betweenStepsMs);
      return;
    } catch (error) {
      if (lastStep) throw error;
    }
  }
}

export { expect };
