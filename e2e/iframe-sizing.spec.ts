/**
 * /embed in a host page's iframe sizes itself: the documented snippet (attributes and our
 * parlay-frame.js, nothing inline) under a strict CSP, a frame with loading="lazy" below the fold,
 * and the `embed-size` message AMP's amp-iframe resizable listens for; at a laptop's and a phone's width.
 */
import { expect, test } from './support/world.ts';
import { allowPublicHostPages } from './support/public-host-pages.ts';
import type { FrameLocator, Locator, Page } from '@playwright/test';
import { encodeSlip } from '../src/domain/slip.ts';
import { moneylineLeg, sandboxGames } from './support/sandbox-data.ts';

// Host pages of other sites are served here with page.route.
allowPublicHostPages();

/** Far enough down that the lazy frame is out of view (and not loaded) at first. */
const FILLER = Array.from({ length: 400 }, (_, index) => `<p>Paragraph ${index + 1} of the article.</p>`).join('\n');

/** Whether a frame is as tall as the builder inside it (nothing to scroll inside, no gap below). */
async function frameMatchesContent(frame: Locator): Promise<number | null> {
  const box = await frame.boundingBox();
  if (box === null) return null;
  const content = await frame
    .contentFrame()
    .locator('#root')
    .evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
  return Math.abs(Math.round(box.height) - content);
}

async function expectPriced(builder: FrameLocator): Promise<void> {
  const ranked = builder.getByRole('list', { name: 'Books ranked by payout' });
  await expect(ranked.getByRole('listitem')).toHaveCount(2);
  await expect(ranked.getByText(/^Asking/)).toHaveCount(0);
}

async function openArticle(page: Page, baseURL: string, embedQuery: string): Promise<string[]> {
  const hostOrigin = `http://localhost:${new URL(baseURL).port}`;
  const violations: string[] = [];
  page.on('console', (message) => {
    // The CSP's refusals, and a message posted to a frame not yet holding our page (the browser
    // drops it and says so in the host's console).
    if (/Content Security Policy|Failed to execute 'postMessage'/.test(message.text())) violations.push(message.text());
  });
  // The host's own listener, as an AMP runtime has: what the frames post to it.
  await page.addInitScript(() => {
    const heard: unknown[] = [];
    Object.assign(window, { heardMessages: heard });
    window.addEventListener('message', (event) => heard.push(event.data));
  });
  const src = `${baseURL}/embed?${embedQuery}`;
  await page.route(`${hostOrigin}/article`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      headers: {
        'Content-Security-Policy': `default-src 'none'; script-src ${baseURL}; frame-src ${baseURL}; style-src 'none'`,
      },
      body: `<!doctype html><html lang="en"><title>Article</title><h1>Tonight's double</h1>
        <iframe id="top-frame" class="parlay-builder-frame" title="Parlay builder" src="${src}" width="100%" height="600" frameborder="0"></iframe>
        ${FILLER}
        <iframe id="lazy-frame" class="parlay-builder-frame" title="Parlay builder, lower down" src="${src}&amp;theme=dark" width="100%" height="600" frameborder="0" loading="lazy"></iframe>
        <p>The end.</p>
        <script async src="${baseURL}/widget/parlay-frame.js"></script>`,
    }),
  );
  await page.goto(`${hostOrigin}/article`);
  return violations;
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('the documented snippet sizes its frame under a strict CSP, a lazy frame below the fold too, and AMP hears embed-size', async ({
      page,
      request,
      baseURL,
    }) => {
      // Two builders priced, the second only after a scroll: twice a one-builder test's work.
      test.setTimeout(60_000);
      const [first, second] = await sandboxGames(request, 2);
      const legs = encodeURIComponent(encodeSlip([moneylineLeg(first), moneylineLeg(second, 'home')]));
      const violations = await openArticle(page, baseURL ?? '', `mode=grid&books=DraftKings,Bwin&legs=${legs}`);

      const topFrame = page.locator('#top-frame');
      await expectPriced(page.frameLocator('#top-frame'));
      await expect.poll(() => frameMatchesContent(topFrame)).toBeLessThanOrEqual(1);
      const frameWidth = (await topFrame.boundingBox())?.width ?? 0;
      expect(frameWidth).toBeGreaterThan(viewport.width - 40);
      await expect(topFrame).toHaveCSS('border-top-width', '0px');

      // Not loaded until the reader scrolls near it; then sized like the first.
      const lazyFrame = page.locator('#lazy-frame');
      await expect(lazyFrame).toHaveAttribute('height', '600');
      await lazyFrame.scrollIntoViewIfNeeded();
      await expectPriced(page.frameLocator('#lazy-frame'));
      await expect.poll(() => frameMatchesContent(lazyFrame)).toBeLessThanOrEqual(1);

      // What AMP's amp-iframe resizable listens for, beside ours.
      const topHeight = Number(await topFrame.getAttribute('height'));
      const heard = await page.evaluate(() => (window as unknown as { heardMessages: unknown[] }).heardMessages);
      expect(heard).toContainEqual({ sentinel: 'amp', type: 'embed-size', height: topHeight });
      expect(heard).toContainEqual({ type: 'parlay-builder:resize', height: topHeight });
      expect(violations).toEqual([]);
    });
  });
}
