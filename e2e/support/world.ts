/**
 * The world every end-to-end test runs in: the sandbox's clock and the browser's both start at
 * E2E_CLOCK (scripts/run-e2e.mjs picks a fixed default) and advance normally, so "Today", "price
 * from 2 h ago" and the game statuses are the same on every run. Tests import `test` and `expect`
 * from here, and read the time with worldNowMs(), never Date.now().
 */
import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';
import { fixWorldClock } from '../world-clock.mjs';

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

export { expect };
