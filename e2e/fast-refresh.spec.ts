/**
 * The dev loop (`npm run dev`, in a copy of the working tree: e2e/support/dev-copy.ts). An edited
 * component is swapped in place by Fast Refresh: the book chooser stays open, the stores keep what
 * was chosen, and the page is not loaded again. An edit to our server restarts the API server only.
 */
import { startDevCopy, type DevCopy } from './support/dev-copy.ts';
import { expect, test } from './support/world.ts';

const CHOOSER = 'src/features/books/book-chooser.tsx';
const SERVER_ENTRY = 'server/main.ts';

let dev: DevCopy;

test.describe('npm run dev', () => {
  // Two servers started from cold (Vite bundles its dependencies first) on a machine the rest of the suite shares.
  test.describe.configure({ timeout: 180_000 });
  test.beforeAll(async () => {
    dev = await startDevCopy();
  });
  test.afterAll(async () => {
    await dev.stop();
  });

  test('swaps an edited component in place: the chooser stays open, the choice is kept, no reload', async ({
    page,
  }) => {
    await page.goto(dev.origin);
    await page.getByRole('button', { name: 'Change sportsbooks' }).click();
    // A US visitor starts with the six US books.
    await page.getByRole('checkbox', { name: 'DraftKings' }).uncheck();
    await expect(page.getByText('5 of 10 chosen')).toBeVisible();
    const loaded = await page.evaluate(() => {
      Object.assign(window, { loadedBeforeTheEdit: true });
      return performance.getEntriesByType('navigation').map((entry) => entry.toJSON() as unknown);
    });

    dev.edit(CHOOSER, (source) => source.replace(/(<h2 [^>]*>\s*)Sportsbooks(\s*<\/h2>)/, '$1Sportsbooks (edited)$2'));
    await expect(page.getByRole('heading', { name: 'Sportsbooks (edited)' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Done choosing sportsbooks' })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'DraftKings' })).not.toBeChecked();
    await expect(page.getByText('5 of 10 chosen')).toBeVisible();
    expect(await page.evaluate(() => 'loadedBeforeTheEdit' in window)).toBe(true);
    expect(
      await page.evaluate(() => performance.getEntriesByType('navigation').map((entry) => entry.toJSON())),
    ).toEqual(loaded);

    // Our server's code: tsx watch starts it again; Vite does not watch it, so the page stays as it is.
    const started = () => dev.output().split('Parlay builder running at').length - 1;
    const startsBefore = started();
    dev.edit(SERVER_ENTRY, (source) => `${source}\n// Edited by e2e/fast-refresh.spec.ts in a copy of the tree.\n`);
    await expect.poll(started, { timeout: 30_000 }).toBe(startsBefore + 1);
    await expect(page.getByRole('heading', { name: 'Sportsbooks (edited)' })).toBeVisible();
    expect(await page.evaluate(() => 'loadedBeforeTheEdit' in window)).toBe(true);
  });
});
