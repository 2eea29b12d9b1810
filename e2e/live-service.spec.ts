/**
 * The app against the sandbox at the live service's size and habits: only active leagues of sports
 * the parlay pricer covers, found by search; Bwin answered under another label; colon-prefixed
 * fixture ids; a cancelled game; each leg's price age; the books' own deep links.
 */
import { expect, newWorldContext, test, worldNowMs } from './support/world.ts';
import type { Page } from '@playwright/test';
import {
  addLegsThroughGames,
  AMERICAN_PRICE,
  bookColumnHeader,
  chooseLeague,
  escapeRegExp,
  expectAllBooksAnswered,
  gameRow,
  gridCell,
  legRow,
  selectionButton,
  slipLegs,
} from './support/locators.ts';
import { openWithSlip, requestedBooks } from './support/network.ts';
import {
  activeFixtures,
  fixtureOdds,
  moneylineLeg,
  sandboxGames,
  upcomingFixtures,
  type E2eLeg,
} from './support/sandbox-data.ts';
import { SPORTSBOOKS } from '../src/domain/sportsbooks.ts';

const COVERED_SPORTS = ['basketball', 'football', 'baseball', 'hockey', 'soccer', 'tennis', 'golf', 'mma'];
const ALL_BOOKS: readonly string[] = SPORTSBOOKS;

interface WireLeague {
  id: string;
  name: string;
  sport: { id: string };
}

function leaguesRegion(page: Page) {
  return page.getByRole('region', { name: 'Leagues' });
}

test('the sandbox and the browser share one world clock', async ({ page, request }) => {
  const now = worldNowMs();
  const listed = await activeFixtures(request, 'nba');
  expect(listed.length).toBeGreaterThan(0);
  // Listed games are those not over yet and starting within seven days of the world's now.
  for (const fixture of listed) {
    const start = Date.parse(fixture.start_date);
    expect(start).toBeGreaterThan(now - 2 * 86_400_000);
    expect(start).toBeLessThan(now + 8 * 86_400_000);
  }
  await page.goto('/');
  const browserNow = await page.evaluate(() => Date.now());
  expect(Math.abs(browserNow - worldNowMs())).toBeLessThan(60_000);
});

test('the league picker lists only leagues with games in the sports the pricer covers, and finds the Premier League by search', async ({
  page,
  request,
}) => {
  const active = ((await (await request.get('/api/v3/leagues/active')).json()) as { data: WireLeague[] }).data;
  const covered = active.filter((league) => COVERED_SPORTS.includes(league.sport.id));
  const uncovered = active.find(
    (league) => !COVERED_SPORTS.includes(league.sport.id) && !covered.some((other) => other.name === league.name),
  );
  expect(covered.length).toBeGreaterThan(300);
  if (!uncovered) throw new Error('The sandbox lists no league of an uncovered sport');

  const leagueRequests: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/api/v3/leagues')) leagueRequests.push(sent.url());
  });
  await page.goto('/');
  const search = leaguesRegion(page).getByRole('searchbox', { name: 'Find a league' });
  await expect(search).toHaveAttribute('placeholder', `Find a league (${covered.length} with games)`);
  // One request for every sport's leagues, not one per sport.
  expect(leagueRequests.map((url) => new URL(url).pathname)).toEqual(['/api/v3/leagues/active']);

  await search.fill(uncovered.name);
  await expect(
    leaguesRegion(page).getByText(`No league with games this week matches “${uncovered.name}”.`),
  ).toBeVisible();

  await search.fill('Premier League');
  const found = leaguesRegion(page).getByRole('group', { name: 'Leagues found' });
  await found.getByRole('button', { name: 'England - Premier League', exact: true }).click();
  // The first league picked folds the picker to one line naming it.
  await expect(leaguesRegion(page).getByRole('button', { name: 'Change leagues' })).toBeVisible();
  await expect(leaguesRegion(page)).toContainText('England - Premier League');
  await expect(
    page
      .getByRole('region', { name: 'Games' })
      .getByRole('button', { name: /^All markets for / })
      .first(),
  ).toBeVisible();
});

test('a Bwin result answered under another label is priced in Bwin’s column', async ({ page, request }) => {
  const [first, second] = await sandboxGames(request, 2);
  const legs = [moneylineLeg(first), moneylineLeg(second, 'home')];
  // The service answers a Bwin request under "Blue Book" about half the time: here, every time.
  const labels: string[] = [];
  await page.route('**/api/v3/parlay/odds*', async (route) => {
    if (requestedBooks(route.request()).join() !== 'Bwin') return route.continue();
    const response = await route.fetch();
    const answer = (await response.json()) as { data: Record<string, unknown> };
    const result = answer.data.Bwin ?? answer.data['Blue Book'];
    const relabelled = { ...answer, data: { 'Blue Book': result } };
    labels.push(...Object.keys(relabelled.data));
    await route.fulfill({ response, json: relabelled });
  });
  await openWithSlip(page, legs, { books: ['Bwin', 'DraftKings'] });
  await expectAllBooksAnswered(page);
  await expect(await gridCell(page, 'Parlay', 'Bwin')).toHaveText(AMERICAN_PRICE);
  for (const leg of legs) await expect(await gridCell(page, legRow(page, leg), 'Bwin')).toHaveText(AMERICAN_PRICE);
  expect(labels).toContain('Blue Book');
});

test('a game with a colon-prefixed id is added, shared and restored', async ({ page, request, browser }) => {
  const [game] = await upcomingFixtures(request, 'mlb');
  if (!game) throw new Error('No upcoming MLB game');
  expect(game.id).toMatch(/^mlb:/);
  const odds = await fixtureOdds(request, game.id, { markets: ['moneyline'] });
  const home = odds.find((odd) => odd.market === 'Moneyline' && odd.name === game.home_team_display);
  if (!home) throw new Error('No home moneyline');
  const leg: E2eLeg = { fixtureId: game.id, market: 'Moneyline', name: home.name };
  const label = `${game.away_team_display} @ ${game.home_team_display}`;
  const [nba] = await sandboxGames(request, 1);

  await page.goto('/');
  await addLegsThroughGames(page, 'NBA', [{ game: nba, legs: [moneylineLeg(nba)] }]);
  await chooseLeague(page, 'MLB');
  const row = await gameRow(page, { fixture: game, label, odds });
  await selectionButton(row, leg).click();
  await expect(slipLegs(page)).toHaveCount(2);
  await expect(slipLegs(page).nth(1)).toContainText(label);
  await expectAllBooksAnswered(page);
  await expect(await gridCell(page, legRow(page, leg), 'DraftKings')).toHaveText(AMERICAN_PRICE);

  // The share link carries the id as it is; a fresh browser restores and prices it.
  const link = page.url();
  expect(new URL(link).searchParams.get('legs')).toContain(game.id);
  const context = await newWorldContext(browser);
  try {
    const opened = await context.newPage();
    await opened.goto(link);
    await expect(slipLegs(opened)).toHaveCount(2);
    await expect(slipLegs(opened).nth(1)).toContainText(leg.name);
    await expectAllBooksAnswered(opened);
    await expect(await gridCell(opened, legRow(opened, leg), 'DraftKings')).toHaveText(AMERICAN_PRICE);
  } finally {
    await context.close();
  }
  // Stored in this browser too: the bare address brings it back.
  await page.goto('/');
  await expect(slipLegs(page)).toHaveCount(2);
  await expect(slipLegs(page).nth(1)).toContainText(leg.name);
});

test('a cancelled game’s leg is flagged in the slip, and the rest can still be priced', async ({ page, request }) => {
  // The sandbox cancels the first game of one set weekday every week in each core league, so the
  // NBA's week always lists a cancelled game (sandbox/schedule/schedule.ts; its test sweeps two years).
  const cancelled = (await activeFixtures(request, 'nba')).find((fixture) => fixture.status === 'cancelled');
  if (!cancelled) throw new Error('The sandbox broke its promise: no cancelled NBA game this week');
  const [other] = await sandboxGames(request, 1);
  const cancelledLeg: E2eLeg = { fixtureId: cancelled.id, market: 'Moneyline', name: cancelled.home_team_display };
  await openWithSlip(page, [cancelledLeg, moneylineLeg(other)], { books: ['DraftKings', 'Fanatics'] });

  await expect(slipLegs(page).first()).toContainText(
    '⚠ This game is cancelled: no book will price this leg. Remove it to price the rest.',
  );
  await expect(slipLegs(page).nth(1)).not.toContainText('cancelled');
  await page.getByRole('button', { name: `Remove ${cancelledLeg.name} (Moneyline) from slip` }).click();
  await expect(slipLegs(page)).toHaveCount(1);
  await expectAllBooksAnswered(page);
  await expect(await gridCell(page, legRow(page, moneylineLeg(other)), 'DraftKings')).toHaveText(AMERICAN_PRICE);
});

test('a leg’s price shows its age once it is an hour old, and links to the book’s own bet; the book’s column links to its bet slip', async ({
  page,
  request,
}) => {
  // Alternate spreads and totals are re-priced every 3-6 h with neighbouring lines half a period
  // apart, so at every book one of them last moved 90 min or more ago (sandbox/odds/book-pricing.ts).
  const [fixture] = await upcomingFixtures(request, 'nba');
  if (!fixture) throw new Error('No upcoming NBA game');
  const nowSeconds = worldNowMs() / 1000;
  const halves = await Promise.all(
    [ALL_BOOKS.slice(0, 5), ALL_BOOKS.slice(5)].map((books) =>
      fixtureOdds(request, fixture.id, { books, markets: ['point_spread', 'total_points'] }),
    ),
  );
  const odds = halves.flat() as (Awaited<ReturnType<typeof fixtureOdds>>[number] & {
    timestamp: number;
    deep_link: { desktop: string | null } | null;
  })[];
  // An hour old and five minutes more, so it does not cross an hour during the test.
  const old = odds.find((odd) => nowSeconds - odd.timestamp >= 3600 + 5 * 60 && odd.deep_link?.desktop);
  const found = old
    ? {
        leg: { fixtureId: fixture.id, market: old.market, name: old.name },
        book: old.sportsbook,
        hours: Math.floor((nowSeconds - old.timestamp) / 3600),
        deepLink: old.deep_link?.desktop ?? '',
      }
    : null;
  if (!found) throw new Error('The sandbox broke its promise: no alternate line over an hour old');
  const [first, second] = await sandboxGames(request, 2);
  const other = first.fixture.id === found.leg.fixtureId ? second : first;
  await openWithSlip(page, [found.leg, moneylineLeg(other)], { books: [found.book] });
  await expectAllBooksAnswered(page);

  const cell = await gridCell(page, legRow(page, found.leg), found.book);
  await expect(cell).toContainText(new RegExp(`price from (${found.hours}|${found.hours + 1}) h ago`));
  const legLink = cell.getByRole('link', {
    name: new RegExp(`^${escapeRegExp(found.leg.name)} at ${escapeRegExp(found.book)}, `),
  });
  await expect(legLink).toHaveAttribute('href', found.deepLink);
  await expect(legLink).toHaveAttribute('target', '_blank');

  // The book's column links to its own bet slip for the whole parlay (from its answer's deep link).
  const bet = bookColumnHeader(page, found.book).getByRole('link', {
    name: `Bet at ${found.book} (opens in a new tab)`,
  });
  await expect(bet).toHaveAttribute('href', /^https:\/\/sportsbook\.([a-z0-9-]+\.)?sandbox\.invalid\//);
  await expect(bet).toHaveAttribute('rel', 'noopener noreferrer sponsored');
});
