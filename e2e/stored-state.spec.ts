/**
 * Odd stored state in a real browser, seeded before the app loads: damaged JSON, an old and a
 * future version, wrong types, storage full, storage disabled. Each time the page loads, says what
 * it dropped, and still prices a slip.
 */
import { expect, test } from './support/world.ts';
import type { Page } from '@playwright/test';
import { annotateCase, annotateSaw, ANNOTATION, MATRIX } from './support/fault-matrix-annotations.ts';
import { axeViolations } from './support/axe.ts';
import {
  addLegsThroughGames,
  expectAllBooksAnswered,
  openBookChooser,
  pricedParlayCells,
  slipLegs,
} from './support/locators.ts';
import { openWithSlip } from './support/network.ts';
import { moneylineLeg, sandboxGames, type E2eLeg } from './support/sandbox-data.ts';

const STORAGE_KEY = 'parlay-builder';
const BOOKS = ['DraftKings', 'Novig'];

function notices(page: Page) {
  return page.getByRole('list', { name: 'Notices' }).getByRole('listitem');
}

/** Stores `text` under the app's key before any of the page's scripts run (first load only). */
async function seedStorage(page: Page, text: string): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      if (sessionStorage.getItem('seeded') === null) {
        localStorage.setItem(key, value);
        sessionStorage.setItem('seeded', '1');
      }
    },
    [STORAGE_KEY, text] as const,
  );
}

async function storedDocument(page: Page): Promise<unknown> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown, STORAGE_KEY);
}

async function expectLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Leagues' })).toBeVisible();
}

async function expectPricesSlip(page: Page, legs: readonly E2eLeg[]): Promise<void> {
  await expect(slipLegs(page)).toHaveCount(legs.length);
  await expectAllBooksAnswered(page);
  await expect(pricedParlayCells(page)).toHaveCount(BOOKS.length);
}

async function noticesSaw(page: Page): Promise<string> {
  const texts = await notices(page).allInnerTexts();
  return texts.map((text) => `“${text.replace(/\s*Dismiss$/, '').trim()}”`).join(' + ') || '(no notice)';
}

let legs: [E2eLeg, E2eLeg];
test.beforeEach(async ({ request }) => {
  const [first, second] = await sandboxGames(request, 2);
  legs = [moneylineLeg(first), moneylineLeg(second, 'home')];
});

test.afterEach(async ({ page }, testInfo) => {
  // A test that failed before saying what the user saw: record what was on screen.
  if (!testInfo.annotations.some((annotation) => annotation.type === ANNOTATION.saw)) {
    annotateSaw(testInfo, await noticesSaw(page).catch(() => '(the page could not be read)'));
  }
});

test('damaged JSON: reset, said so, and the rewritten state does not say it again', async ({ page }, testInfo) => {
  annotateCase(testInfo, MATRIX.storedState, 'damaged JSON');
  await seedStorage(page, '{"version":1,"legs":[{"fixtureId":"F1"');
  await openWithSlip(page, legs, { books: BOOKS });
  await expectLoaded(page);
  await expect(notices(page)).toHaveText(['Your saved slip and settings were damaged and have been reset.Dismiss']);
  annotateSaw(testInfo, await noticesSaw(page));
  await expectPricesSlip(page, legs);

  await page.reload();
  await expectPricesSlip(page, legs);
  await expect(notices(page)).toHaveCount(0);
});

test('a future version: not guessed at, reset, said so', async ({ page }, testInfo) => {
  annotateCase(testInfo, MATRIX.storedState, 'a future version (99)');
  await seedStorage(page, JSON.stringify({ version: 99, slip: { entries: ['x'] }, theme: 'dark' }));
  await openWithSlip(page, legs, { books: BOOKS });
  await expectLoaded(page);
  await expect(notices(page)).toHaveText([
    /made by a newer version of this app and could not be read here; it has been reset\./,
  ]);
  annotateSaw(testInfo, await noticesSaw(page));
  await expectPricesSlip(page, legs);
});

test('an old version: its legs carried forward, the unreadable one named as dropped', async ({ page }, testInfo) => {
  annotateCase(testInfo, MATRIX.storedState, 'an old version (0), one bad leg');
  const old = {
    version: 0,
    slip: {
      legs: [
        ...legs.map((leg) => ({ ...leg, game: null })),
        { fixtureId: 'bad id!', market: 'Moneyline', name: 'X', game: null },
      ],
      books: BOOKS,
      stake: 25,
    },
  };
  await seedStorage(page, JSON.stringify(old));
  await page.goto('/');
  await expectLoaded(page);
  await expect(notices(page)).toHaveText(['1 saved leg was unreadable and removed from your slip.Dismiss']);
  annotateSaw(testInfo, await noticesSaw(page));
  await expectPricesSlip(page, legs);
  await expect(page.getByLabel('Stake ($)')).toHaveValue('25');
  // Saved again in the current version, without the bad leg.
  await expect.poll(() => storedDocument(page)).toMatchObject({ version: 1, legs, stake: 25 });
});

test('wrong types: each unreadable part dropped and named, the rest kept', async ({ page }, testInfo) => {
  annotateCase(testInfo, MATRIX.storedState, 'wrong types in every field');
  const wrong = {
    version: 1,
    legs: 'three legs',
    books: ['DraftKings', 7, 'Caesars', 'Novig'],
    leagues: { nba: true },
    oddsFormat: 'roman',
    stake: '25',
  };
  await seedStorage(page, JSON.stringify(wrong));
  await page.goto('/');
  await expectLoaded(page);
  await expect(notices(page)).toHaveText([
    'Your saved slip was unreadable and was cleared.Dismiss',
    '2 saved sportsbooks are no longer supported and were removed.Dismiss',
    'Your saved leagues were unreadable and were reset.Dismiss',
    'Your saved odds format was unreadable; showing American odds.Dismiss',
    'Your saved stake was unreadable; it is back to 10.Dismiss',
  ]);
  annotateSaw(
    testInfo,
    `${await notices(page).count()} notices, e.g. ${(await noticesSaw(page)).split(' + ').slice(0, 2).join(' + ')}`,
  );
  expect(await axeViolations(page)).toEqual([]);
  await openBookChooser(page);
  await expect(page.getByRole('checkbox', { name: 'DraftKings' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'BetMGM', exact: true })).not.toBeChecked();
  await notices(page).first().getByRole('button', { name: 'Dismiss' }).click();
  await expect(notices(page)).toHaveCount(4);
  // The cleaned state was stored at once: a reload, with nothing changed meanwhile, has nothing to report.
  await expect
    .poll(() => storedDocument(page))
    .toMatchObject({ version: 1, legs: [], books: BOOKS, oddsFormat: 'american', stake: 10 });
  await page.reload();
  await expectLoaded(page);
  await openBookChooser(page);
  await expect(page.getByRole('checkbox', { name: 'Novig' })).toBeChecked();
  await expect(notices(page)).toHaveCount(0);
  await openWithSlip(page, legs, { books: BOOKS });
  await expectPricesSlip(page, legs);
});

test('storage full: everything works on the page, and it says changes will not survive a reload', async ({
  page,
}, testInfo) => {
  annotateCase(testInfo, MATRIX.storedState, 'storage full (setItem throws QuotaExceededError)');
  await page.addInitScript(() => {
    Storage.prototype.setItem = function setItem() {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    };
  });
  await openWithSlip(page, legs, { books: BOOKS });
  await expectLoaded(page);
  await expectPricesSlip(page, legs);
  await page.getByLabel('Stake ($)').fill('30');
  await expect(notices(page)).toHaveText([
    'Your browser storage is full or blocked, so changes will not survive a reload. Everything still works on this page.Dismiss',
  ]);
  annotateSaw(testInfo, await noticesSaw(page));
  await expect(page.getByRole('rowheader', { name: /^Payout/ })).toContainText('for $30.00');
});

test('storage disabled: the app loads, says it cannot remember, and a slip built by hand is priced', async ({
  page,
  request,
}, testInfo) => {
  annotateCase(testInfo, MATRIX.storedState, 'storage disabled (localStorage throws SecurityError)');
  await page.addInitScript(() => {
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('Access is denied for this document.', 'SecurityError');
      },
    });
  });
  await page.goto('/');
  await expectLoaded(page);
  await expect(notices(page)).toHaveText([
    'This browser does not let the app read saved data, so your slip will not be remembered.Dismiss',
  ]);
  annotateSaw(testInfo, await noticesSaw(page));
  const [first, second] = await sandboxGames(request, 2);
  await (await openBookChooser(page)).getByRole('button', { name: 'None' }).click();
  for (const book of BOOKS) await page.getByRole('checkbox', { name: book }).check();
  await addLegsThroughGames(page, 'NBA', [
    { game: first, legs: [legs[0]] },
    { game: second, legs: [legs[1]] },
  ]);
  await expectPricesSlip(page, legs);
  // Still one notice: the failed saves are the same news.
  await expect(notices(page)).toHaveCount(1);
});
