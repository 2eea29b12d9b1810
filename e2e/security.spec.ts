/**
 * What ships and what the browser enforces: the build (made with ODDS_API_KEY set to a canary by
 * run-e2e.mjs) holds no key, its pages need no inline script, and the Content-Security-Policy the
 * server sends lets the app run with no violation.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './support/world.ts';
import type { Page } from '@playwright/test';
import { expectAllBooksAnswered, pricedParlayCells } from './support/locators.ts';
import { openWithSlip } from './support/network.ts';
import { moneylineLeg, sandboxGames } from './support/sandbox-data.ts';

function filesUnder(root: string): string[] {
  return readdirSync(root).flatMap((name) => {
    const path = join(root, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

test('the build holds no trace of the key it was built with', async () => {
  const buildKey = process.env.E2E_BUILD_KEY;
  test.skip(!buildKey, 'Run through `npm run test:e2e`, which builds with a canary ODDS_API_KEY.');
  const files = [...filesUnder('dist/app'), ...filesUnder('dist/widget')];
  expect(files.some((file) => file.endsWith('.js'))).toBe(true);
  const holding = files.filter((file) => readFileSync(file).includes(buildKey ?? ''));
  expect(holding).toEqual([]);
});

test('the built pages carry no inline script or inline event handler', async () => {
  for (const file of ['dist/app/index.html', 'dist/app/embed.html']) {
    const html = readFileSync(file, 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length, file).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes, file).toMatch(/\bsrc=/);
      expect(body?.trim(), file).toBe('');
    }
    expect(html, file).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html, file).not.toMatch(/javascript:/i);
  }
});

/** Collects CSP violations the page reports (event and console), from before its first script. */
async function recordCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply|connect|frame)/i.test(message.text()))
      violations.push(message.text());
  });
  await page.exposeFunction('__cspViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation(
        `${event.violatedDirective}: ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

test('the app, /embed and the demo run under our CSP with no violation', async ({ page, request }) => {
  const violations = await recordCspViolations(page);
  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  expect(response?.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin');

  const [first, second] = await sandboxGames(request, 2);
  await openWithSlip(page, [moneylineLeg(first), moneylineLeg(second, 'home')], { books: ['DraftKings', 'Novig'] });
  await expectAllBooksAnswered(page);
  await expect(pricedParlayCells(page)).toHaveCount(2);

  await page.goto('/embed?mode=grid');
  await expect(page.getByRole('heading', { name: /Prices by sportsbook/ }).first()).toBeVisible();
  await page.goto('/demo/');
  await expect(page.locator('parlay-builder').first()).toBeVisible();
  expect(violations).toEqual([]);
});

test('an inline script injected into the page is refused by the CSP', async ({ page }) => {
  // The test of the test: the policy really is enforced, so "no violation" above means something.
  const violations = await recordCspViolations(page);
  await page.goto('/');
  const ran = await page.evaluate(async () => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    document.body.append(script);
    await new Promise((resolve) => setTimeout(resolve, 50));
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan === true;
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
});
