// npm run screenshots: the README's pictures, from the production build over the sandbox.
// A priced three-leg grid (two games) with BetRivers forced to refuse and BetMGM (UK) to miss a leg, so
// explanations show beside prices.
import { chromium } from '@playwright/test';
import { buildIfNeeded } from './build-if-needed.mjs';
import { findChromium } from './find-chromium.mjs';
import { startOurServer } from '../bench/lib/processes.mjs';

const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

async function json(path) {
  return (await fetch(`${origin}/api/v3${path}`)).json();
}

buildIfNeeded();
// The demo host page is opt-in; screenshots of it need it on.
const server = await startOurServer({ SANDBOX_LATENCY: 'zero', SERVE_DEMO: '1' });
const { origin } = server;
try {
  const fixtures = (await json('/fixtures/active?league=nba')).data.filter((fixture) => !fixture.is_live);
  const legs = [];
  for (const fixture of fixtures.slice(0, 2)) {
    const odds = (await json(`/fixtures/odds?fixture_id=${fixture.id}&sportsbook=DraftKings&sportsbook=BetMGM`)).data[0].odds;
    const main = (market) => odds.find((odd) => odd.market === market && odd.is_main);
    legs.push([fixture.id, 'Moneyline', main('Moneyline').name]);
    if (legs.length === 1) legs.push([fixture.id, 'Total Points', main('Total Points').name]);
  }
  const escape = (field) => field.replace(/%/g, '%25').replace(/~/g, '%7E').replace(/,/g, '%2C');
  const query = new URLSearchParams({ legs: legs.map((leg) => leg.map(escape).join('~')).join(','), format: 'american' });

  const browser = await chromium.launch({ executablePath: await findChromium(), args: chromiumArgs });
  for (const { name, width, height } of [
    { name: 'desktop', width: 1440, height: 1000 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: name === 'phone' ? 2 : 1 });
    await page.route('**/api/v3/parlay/odds', (route) =>
      route.continue({ headers: { ...route.request().headers(), 'x-sandbox-scenario': 'BetMGM (UK)=missing:1;BetRivers=uncombinable' } }),
    );
    await page.goto(`${origin}/?${query}`);
    await page.getByRole('button', { name: 'NBA', exact: true }).click();
    await page.getByRole('table').waitFor();
    await page.waitForLoadState('networkidle');
    if (name === 'phone') {
      await page.locator('#price-grid').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `docs/screenshot-${name}.png` });
    } else {
      await page.screenshot({ path: `docs/screenshot-${name}.png` });
    }
    console.log(`docs/screenshot-${name}.png`);
    await page.close();
  }
  await browser.close();
} finally {
  await server.stop();
}
