/**
 * Whole-request failures, forced with X-Sandbox-Fault: one message above the grid however many
 * books they hit, what to do about it, and the slip never lost.
 */
import { expect, PAGE_CLOCK_THROUGH_TIMEOUTS_MS, runPageClockUntil, stopPageClock, test } from './support/world.ts';
import {
  AMERICAN_PRICE,
  expectAllBooksAnswered,
  gridCell,
  openBookExplanation,
  pricedParlayCells,
  priceGrid,
  slipLegs,
} from './support/locators.ts';
import {
  forcePricing,
  openWithSlip,
  pricingTimedOutAtOurServer,
  recordRequests,
  requestedBooks,
} from './support/network.ts';
import { moneylineLeg, sandboxGames, totalLeg, type E2eLeg } from './support/sandbox-data.ts';

const BOOKS = ['BetMGM', 'DraftKings', 'Novig'];
const RETRY_AFTER_S = 30;
let legs: [E2eLeg, E2eLeg, E2eLeg];

test.beforeEach(async ({ request }) => {
  const [first, second, third] = await sandboxGames(request, 3);
  legs = [moneylineLeg(first), moneylineLeg(second, 'home'), totalLeg(third)];
});

test('server not authorised (401): one message above the grid, the slip kept, and Try again', async ({ page }) => {
  let refusing = true;
  await forcePricing(page, () => (refusing ? { fault: 'unauthorized-invalid-key' } : null));
  const requests = recordRequests(page);
  await openWithSlip(page, legs, { books: BOOKS });

  const banner = priceGrid(page).getByRole('alert');
  await expect(banner).toContainText('Odds service refused access');
  await expect(banner).toContainText('did not accept this site’s access key');
  await expect(banner).toContainText('No book’s prices could be loaded. Your slip is kept.');
  await expect(page.getByRole('alert')).toHaveCount(1);
  // Above the grid, once, not in every book's column.
  // boundingBox does not wait: the table may be drawn a moment after the banner.
  const table = priceGrid(page).getByRole('grid');
  await expect(table).toBeVisible();
  const bannerBox = await banner.boundingBox();
  const tableBox = await table.boundingBox();
  expect(bannerBox && tableBox && bannerBox.y + bannerBox.height <= tableBox.y).toBe(true);
  for (const book of BOOKS) await expect(await gridCell(page, 'Parlay', book)).toContainText('Request failed');
  // A book's status says no more than the message above.
  await expect(await openBookExplanation(page, 'Novig', 'Request failed')).toContainText(
    'No price from Novig: the request failed (see the message above).',
  );
  await expect(slipLegs(page)).toHaveCount(3);
  // Each book was refused once: the slip's legs learning their games is no reason to ask again.
  expect(requests.pricing.flatMap(requestedBooks).sort()).toEqual([...BOOKS].sort());

  refusing = false;
  await priceGrid(page).getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(pricedParlayCells(page)).toHaveCount(BOOKS.length);
});

test('rate limited: a countdown, then an automatic retry that brings the prices', async ({ page }) => {
  // Each book's first pricing request is limited (Retry-After: 30 s, far longer than the checks
  // below take on a loaded machine); the retry goes through. The page's clock stands still while
  // the countdown is read, then runs the wait out at once.
  const limited = new Set<string>();
  await forcePricing(page, (request) => {
    const [book = ''] = requestedBooks(request);
    if (limited.has(book)) return null;
    limited.add(book);
    return { fault: `rate-limited:${RETRY_AFTER_S}` };
  });
  const requests = recordRequests(page);
  await openWithSlip(page, legs, { books: BOOKS });

  const banner = priceGrid(page).getByRole('alert');
  await expect(banner).toContainText('Too many requests');
  await stopPageClock(page);
  await expect(banner).toContainText('Your slip is kept.');
  await expect(priceGrid(page).getByText(/^Retrying automatically in (30|2\d) s\.$/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(1);

  // No click: the prices arrive by themselves once the wait is over.
  await page.clock.runFor(RETRY_AFTER_S * 1000);
  await page.clock.resume();
  await expect(banner).toHaveCount(0);
  await expect(pricedParlayCells(page)).toHaveCount(BOOKS.length);
  await expect(slipLegs(page)).toHaveCount(3);
  for (const book of BOOKS)
    expect(requests.pricing.filter((request) => requestedBooks(request)[0] === book).length).toBeGreaterThanOrEqual(2);
});

test('timeout: the odds service hangs, our server gives up, one message and Try again', async ({ page }) => {
  // Three attempts (the query client retries timeouts twice) of UPSTREAM_TIMEOUT_MS each in real
  // time at our server; the backoff between them passes on the page's clock.
  test.setTimeout(45_000);
  let hanging = true;
  await forcePricing(page, () => (hanging ? { fault: 'hang' } : null));
  const serverGaveUp = pricingTimedOutAtOurServer(page);
  await openWithSlip(page, legs, { books: BOOKS.slice(0, 2) });

  const banner = priceGrid(page).getByRole('alert');
  await runPageClockUntil(page, (timeout) => expect(banner).toContainText('Taking too long', { timeout }), {
    maxMs: PAGE_CLOCK_THROUGH_TIMEOUTS_MS,
  });
  await serverGaveUp;
  await expect(banner).toContainText('The odds service did not answer in time.');
  await expect(banner).toContainText('Your slip is kept.');
  await expect(
    priceGrid(page).getByText('Try again. If it keeps happening, choose fewer sportsbooks or legs.'),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(slipLegs(page)).toHaveCount(3);

  hanging = false;
  // Clicked as soon as one book has given up: a book still on a hanging retry is asked afresh too.
  await priceGrid(page).getByRole('button', { name: 'Try again' }).click();
  await expectAllBooksAnswered(page);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(await gridCell(page, 'Parlay', 'DraftKings')).toHaveText(AMERICAN_PRICE);
});
