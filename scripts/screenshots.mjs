/* global window, document -- read inside the page (page.evaluate), not in Node */
// npm run screenshots: the README's pictures and the layouts we judge by eye, from the production
// build over the sandbox: a priced three-leg grid (two games, one same-game pair) at all ten books,
// BetRivers forced to refuse and BetMGM (UK) to miss a leg so explanations show beside prices, at
// 1280 x 800, 1440 x 900 and 390 x 844, and in fractional odds (as a UK bettor reads them) at 1280 and
// 390; the demo article with its widgets, whole, at 1280 and 390; the bet log and its summary; and a
// leg's price history opened from the slip at 1280 x 800. `npm run screenshots -- <word>` takes only
// the pictures whose file name holds the word (`fractional`, `widget`, `bet`, `line-history`).
import { chromium } from '@playwright/test';
import { buildIfNeeded } from './build-if-needed.mjs';
import { CHROMIUM_FLAGS, findChromium } from './chromium.mjs';
import { startOurServer } from '../bench/lib/processes.mjs';
import { gradedParlays, seedBetLog } from '../bench/bet-log.mjs';
import { SPORTSBOOKS } from '../src/domain/sportsbooks.ts';

const SCENARIO = 'BetMGM (UK)=missing:1;BetRivers=uncombinable';
const only = process.argv[2];
const wanted = (file) => only === undefined || file.includes(only);

/** Waits (at most 30 s) until `check` says true. */
async function until(what, check) {
  for (const startedAt = Date.now(); !(await check());) {
    if (Date.now() - startedAt > 30_000) throw new Error(`After 30 s, still not: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function json(path) {
  return (await fetch(`${origin}/api/v3${path}`)).json();
}

buildIfNeeded();
// The demo host page is opt-in; screenshots of it need it on.
const server = await startOurServer({ SANDBOX_LATENCY: 'zero', SERVE_DEMO: '1' });
const { origin } = server;
try {
  const soonest = Date.now() + 2 * 60 * 60 * 1000;
  const fixtures = (await json('/fixtures/active?league=nba')).data.filter(
    (fixture) => fixture.status === 'unplayed' && Date.parse(fixture.start_date) > soonest,
  );
  const legs = [];
  for (const fixture of fixtures.slice(0, 2)) {
    const odds = (
      await json(
        `/fixtures/odds?fixture_id=${encodeURIComponent(fixture.id)}&sportsbook=DraftKings&sportsbook=BetMGM&market=moneyline&market=total_points&is_main=true`,
      )
    ).data[0].odds;
    const main = (market) => odds.find((odd) => odd.market === market && odd.is_main);
    legs.push([fixture.id, 'Moneyline', main('Moneyline').name]);
    if (legs.length === 1) legs.push([fixture.id, 'Total Points', main('Total Points').name]);
  }
  const escape = (field) => field.replace(/%/g, '%25').replace(/~/g, '%7E').replace(/,/g, '%2C');
  const linkTo = (format) =>
    new URLSearchParams({
      legs: legs.map((leg) => leg.map(escape).join('~')).join(','),
      books: SPORTSBOOKS.join(','),
      format,
    });

  const browser = await chromium.launch({ executablePath: await findChromium(), args: [...CHROMIUM_FLAGS] });
  const shots = [
    { name: 'desktop', width: 1440, height: 900, format: 'american' },
    { name: 'laptop', width: 1280, height: 800, format: 'american' },
    { name: 'phone', width: 390, height: 844, format: 'american' },
    { name: 'fractional-laptop', width: 1280, height: 800, format: 'fractional' },
    { name: 'fractional-phone', width: 390, height: 844, format: 'fractional' },
  ].filter((shot) => wanted(`screenshot-${shot.name}.png`));
  for (const { name, width, height, format } of shots) {
    const phone = width < 500;
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: phone ? 2 : 1 });
    await page.route('**/api/v3/parlay/odds*', (route) => {
      // OpticOdds AI (the fair price's engine) is not a book: it is never forced.
      const engine = route.request().postDataJSON()?.sportsbooks?.includes('OpticOdds AI');
      return route.continue({
        headers: engine ? route.request().headers() : { ...route.request().headers(), 'x-sandbox-scenario': SCENARIO },
      });
    });
    await page.goto(`${origin}/?${linkTo(format)}`);
    await page.getByRole('region', { name: 'Leagues' }).getByRole('button', { name: 'NBA', exact: true }).click();
    await page
      .locator('#price-grid')
      .getByText(/^Asking/)
      .first()
      .waitFor({ state: 'detached' })
      .catch(() => {});
    await page.waitForLoadState('networkidle');
    // The games list loads beside the grid (above it on a phone): once it has, nothing moves.
    await page.getByText('Loading games…').waitFor({ state: 'detached' });
    // …and its first rows show their prices (a price button is named ", best … at …").
    await page
      .getByRole('button', { name: /, best .+ at / })
      .first()
      .waitFor();
    await page.waitForLoadState('networkidle');
    if (phone) {
      const grid = page.locator('#price-grid');
      await until('the grid at the top of the phone screen', async () => {
        await grid.evaluate((element) => element.scrollIntoView({ block: 'start' }));
        // A moment for anything still arriving above it to move it again.
        await new Promise((resolve) => setTimeout(resolve, 300));
        return grid.evaluate((element) => Math.abs(element.getBoundingClientRect().top) < 2);
      });
    }
    await page.screenshot({ path: `docs/screenshot-${name}.png` });
    console.log(`docs/screenshot-${name}.png`);
    await page.close();
  }

  // A leg's price history, opened from the slip, as a bettor reads it on a laptop.
  if (wanted('docs/screenshot-line-history.png')) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const params = linkTo('american');
    params.set('books', 'DraftKings,BetMGM,Fanatics,BetRivers,Hard Rock');
    await page.goto(`${origin}/?${params.toString()}`);
    const [, market, name] = legs[0];
    await page.getByRole('button', { name: `Price history of ${name} (${market})` }).click();
    await page.getByTestId('line-chart').locator('path').first().waitFor();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: 'docs/screenshot-line-history.png' });
    console.log('docs/screenshot-line-history.png');
    await page.close();
  }

  // The widget in the demo article, as an affiliate's reader sees it: the whole page, scrolled to its end
  // (so the page's height is its own content's), at a laptop's width and a phone's.
  for (const { file, width, height } of [
    { file: 'docs/screenshot-widget.png', width: 1280, height: 800 },
    { file: 'docs/screenshot-widget-phone.png', width: 390, height: 844 },
  ].filter((shot) => wanted(shot.file))) {
    const article = await browser.newPage({ viewport: { width, height } });
    await article.goto(`${origin}/demo/`);
    await article.locator('#epl-pick').getByRole('heading', { name: 'Your slip (2 legs)' }).waitFor();
    await article
      .locator('#nba-builder')
      .getByRole('button', { name: /^All markets for / })
      .first()
      .waitFor();
    // Never network-idle (the widgets' live-price streams stay open): wait until every book has
    // answered and every game row in view has its prices.
    // (Locators pierce the widgets' shadow roots.)
    await until('every book answered', async () => (await article.getByText(/^Asking/).count()) === 0);
    const firstRowsPriced = (rows) => rows.slice(0, 3).every((row) => row.getAttribute('aria-busy') === 'false');
    await until('the first game rows priced', () =>
      article.locator('#nba-builder li[aria-busy]').evaluateAll(firstRowsPriced),
    );
    // Its rows are asked for as they come into view, as the article's reader scrolls to them.
    await article.locator('iframe').first().scrollIntoViewIfNeeded();
    await until('the iframe’s first game rows priced', () =>
      article.frameLocator('iframe').first().locator('li[aria-busy]').evaluateAll(firstRowsPriced),
    );
    await article.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const heights = await article.evaluate(() => ({
      document: document.documentElement.scrollHeight,
      content: Math.max(
        ...[...document.body.children].map((element) => element.getBoundingClientRect().bottom + window.scrollY),
      ),
    }));
    await article.screenshot({ path: file, fullPage: true });
    console.log(`${file}: page ${heights.document} px for ${Math.round(heights.content)} px of content`);
    await article.close();
  }
  // The bet log as a bettor sees it after a few weeks: a dozen parlays graded, the log and its summary.
  for (const { file, region } of [
    { file: 'docs/screenshot-bet-log.png', region: 'Bet log' },
    { file: 'docs/screenshot-bet-summary.png', region: 'Your bets: summary' },
  ].filter((shot) => wanted(shot.file))) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${origin}/`);
    await seedBetLog(page, await gradedParlays(12));
    await page.goto(`${origin}/#bet-log`);
    await page.getByRole('article').nth(11).waitFor();
    await page.getByRole('region', { name: region }).screenshot({ path: file });
    console.log(file);
    await page.close();
  }
  await browser.close();
} finally {
  await server.stop();
}
