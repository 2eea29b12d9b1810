// Requests: a scripted session on the production app (realistic sandbox latencies), counting the
// HTTP requests it makes to /api/v3 against the fewest that session needs.
//
// The session, as a bettor who knows what they want: with NBA chosen and 8 of the 10 books, open
// three games' markets, then tap two selections in each (the home moneyline and the main total's
// Over, from the game rows), one tap every 250 ms (6 legs, no pause for prices in between); once the
// grid has answered, choose the two other books; then change the stake; then the odds format. (The
// taps follow a fixed rhythm, not "as fast as the page allows", so the count does not depend on how
// loaded the machine is.)
//
// The fewest requests, from first principles:
//   - the games list already holds each game's main lines at all ten books (asked with the list);
//     opening a game needs only the list of its markets: 1 call per game;
//   - the final 6-leg slip needs each of its markets' every line (moneyline and total) in its three
//     games at ten books (one /fixtures/odds call takes one market set, five games and five books:
//     2 markets x 2 calls = 4; each tap asks for its own leg's market at once, so the slip can show
//     the leg's game and price age, which costs more when taps come quickly), one /parlay/odds call per chosen
//     book (the project's strategy, so each book answers on its own time) = 8, and its fair price:
//     each pair of legs is from one game, so one OpticOdds AI request for the slip = 1;
//   - choosing a book adds one call for that book; odds are already held at all ten books, and the
//     others' answers and the fair price are still fresh = 2;
//   - stake and odds format are arithmetic on prices already here = 0.
//   - game rows show their main lines once near the screen: rows that opening the games' markets
//     brings near it (games later in the list) need theirs, ceil(new games / 5) x 2 calls; asking
//     again for a game already asked is waste, so a repeated game is not counted.
// Intermediate slips (2, 3, 4, 5 legs) existed for a fraction of a second each; pricing them is waste.
//
// Which games a session meets depends on the instant (the list's order, how far down the third game
// is), so the sandbox and the browser run in the bench's fixed world (lib/world.mjs).
/* global window, document -- functions passed to the page (addInitScript, evaluate, waitForFunction) run in the browser */
import { escapeRegExp, freshPage, trackApiRequests } from './lib/browser.mjs';
import { gridProbeScript } from './lib/page-scripts.mjs';
import { ALL_BOOKS, gameOdds, legOfferedEverywhere, upcomingGames } from './lib/sandbox-legs.mjs';
import { spreadOf } from './lib/stats.mjs';
import { benchWorldNowMs } from './lib/world.mjs';

const GAMES = 3;
const BOOKS_ADDED = ['BetMGM (UK)', 'Novig'];
const MAX_BOOKS_PER_ODDS_CALL = 5;
const MAX_GAMES_PER_ODDS_CALL = 5;
/** A brisk bettor's rhythm: a tap every quarter of a second, never waiting for prices in between. */
const TAP_INTERVAL_MS = 250;

async function pickGames(origin) {
  const picked = [];
  // The session's world, not the machine's clock: which games are still to come is the world's.
  for (const game of await upcomingGames(origin, 'nba', benchWorldNowMs())) {
    if (picked.length === GAMES) break;
    const odds = await gameOdds(origin, game.fixture.id);
    const moneyline = legOfferedEverywhere(
      game.fixture.id,
      odds,
      'Moneyline',
      (odd) => odd.name === game.fixture.home_team_display,
    );
    const total = legOfferedEverywhere(game.fixture.id, odds, 'Total Points', (odd) => odd.name.startsWith('Over '));
    if (moneyline && total) picked.push({ game, legs: [moneyline, total] });
  }
  if (picked.length < GAMES) throw new Error(`Only ${picked.length} usable NBA games for the requests session.`);
  return picked;
}

/** A game's row in the games list (its toggle reads "Fewer markets" once it is open). */
function gameRow(page, game) {
  return page
    .getByRole('region', { name: 'Games' })
    .getByRole('listitem')
    .filter({
      has: page.getByRole('button', { name: new RegExp(`^(All|Fewer) markets for ${escapeRegExp(game.label)}$`) }),
    });
}

/** A selection on a game's row (its main lines, loaded once the row is near the screen: scrolled to). */
async function selectionButton(page, game, leg) {
  await gameRow(page, game).scrollIntoViewIfNeeded();
  return gameRow(page, game).getByRole('button', {
    name: new RegExp(`^${escapeRegExp(leg.name)}, ${escapeRegExp(leg.market)}, best `),
  });
}

/** The games a request for game rows' main lines asks about (none for any other request). */
function rowLinesGames(request) {
  const url = new URL(request.url());
  if (url.pathname !== '/api/v3/fixtures/odds' || url.searchParams.get('is_main') !== 'true') return [];
  return url.searchParams.getAll('fixture_id');
}

/** The fewest calls for the game rows' main lines of games not asked about before (added to `asked`). */
function rowLinesMinimum(requests, asked) {
  const fresh = new Set(requests.flatMap(rowLinesGames).filter((id) => !asked.has(id)));
  for (const id of fresh) asked.add(id);
  return Math.ceil(fresh.size / MAX_GAMES_PER_ODDS_CALL) * Math.ceil(ALL_BOOKS.length / MAX_BOOKS_PER_ODDS_CALL);
}

function endpointOf(request) {
  return new URL(request.url()).pathname.replace(/^\/api\/v3/, '');
}

function countByEndpoint(requests) {
  const counts = {};
  for (const request of requests) counts[endpointOf(request)] = (counts[endpointOf(request)] ?? 0) + 1;
  return counts;
}

async function waitForGrid(page, legCount, bookCount) {
  await page.waitForFunction(
    ([legs, books]) => {
      const state = window.__gridProbe.snapshot();
      return state !== null && state.legRows === legs && state.books === books && !state.waiting;
    },
    [legCount, bookCount],
    { timeout: 30_000 },
  );
}

/** One scripted session: its requests counted per phase, each against its minimum. */
async function session({ browser, origin, log }) {
  const picks = await pickGames(origin);
  const startBooks = ALL_BOOKS.filter((book) => !BOOKS_ADDED.includes(book));
  const { context, page } = await freshPage(browser, { initScripts: [gridProbeScript], inBenchWorld: true });
  try {
    const requests = trackApiRequests(page);
    await page.goto(`${origin}/?${new URLSearchParams({ books: startBooks.join(',') })}`);
    await page.getByRole('region', { name: 'Leagues' }).getByRole('button', { name: 'NBA', exact: true }).click();
    await (await selectionButton(page, picks[0].game, picks[0].legs[0])).waitFor();
    await requests.settled(500);
    const pageLoad = requests.all.length;
    const rowLinesAsked = new Set(requests.all.flatMap(rowLinesGames));

    const phases = [];
    const phase = async (name, act) => {
      const from = requests.all.length;
      const streamsFrom = requests.streams.length;
      const startedAt = Date.now();
      await act();
      await requests.settled(500);
      const made = requests.all.slice(from);
      phases.push({
        name,
        made: made.length,
        rowLinesMinimum: rowLinesMinimum(made, rowLinesAsked),
        byEndpoint: countByEndpoint(made),
        // Live odds streams opened (or reshaped) in this step: not requests for an answer, so not in `made`.
        streamsOpened: requests.streams.length - streamsFrom,
        tookMs: Date.now() - startedAt,
      });
    };

    await phase('open three games', async () => {
      for (const { game, legs } of picks) {
        await page
          .getByRole('region', { name: 'Games' })
          .getByRole('button', { name: `All markets for ${game.label}`, exact: true })
          .click();
        await page.getByRole('region', { name: `Markets for ${game.label}` }).waitFor();
        await (await selectionButton(page, game, legs[0])).waitFor();
      }
    });
    const tapTimes = [];
    await phase('tap six legs quickly', async () => {
      for (const { game, legs } of picks) {
        for (const leg of legs) {
          const wait = tapTimes.length === 0 ? 0 : tapTimes.at(-1) + TAP_INTERVAL_MS - Date.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          const button = await selectionButton(page, game, leg);
          await button.click();
          tapTimes.push(Date.now());
        }
      }
      await waitForGrid(page, GAMES * 2, startBooks.length);
    });
    await phase('choose two more books', async () => {
      const chooser = page.getByRole('region', { name: 'Sportsbooks' });
      await chooser.getByRole('button', { name: 'Change sportsbooks' }).click();
      for (const book of BOOKS_ADDED) await chooser.getByRole('checkbox', { name: book, exact: true }).check();
      await waitForGrid(page, GAMES * 2, ALL_BOOKS.length);
    });
    await phase('change stake', async () => {
      await page.getByLabel(/^Stake/).fill('25');
      await page
        .getByRole('rowheader', { name: /^Payout/ })
        .filter({ hasText: '25' })
        .waitFor();
    });
    await phase('change odds format', async () => {
      await page.getByRole('combobox', { name: 'Odds format' }).selectOption('decimal');
      await page.waitForFunction(() =>
        /^\d+\.\d{2}/.test(document.querySelector('#price-grid tfoot td')?.textContent?.trim() ?? ''),
      );
    });

    // Pricing (/parlay/odds: the books and the fair price's engine) and odds (/fixtures/odds and
    // /markets/active), each against its own minimum.
    const minimumByPhase = {
      'open three games': { pricing: 0, odds: GAMES },
      'tap six legs quickly': {
        pricing: startBooks.length + 1,
        odds: 2 * Math.ceil(ALL_BOOKS.length / MAX_BOOKS_PER_ODDS_CALL),
      },
      'choose two more books': { pricing: BOOKS_ADDED.length, odds: 0 },
      'change stake': { pricing: 0, odds: 0 },
      'change odds format': { pricing: 0, odds: 0 },
    };
    for (const entry of phases) {
      entry.pricingMade = entry.byEndpoint['/parlay/odds'] ?? 0;
      entry.oddsMade = entry.made - entry.pricingMade;
      entry.pricingMinimum = minimumByPhase[entry.name].pricing;
      entry.oddsMinimum = minimumByPhase[entry.name].odds + entry.rowLinesMinimum;
      entry.minimum = entry.pricingMinimum + entry.oddsMinimum;
      log(
        `  requests, ${entry.name}: ${entry.made} made (${JSON.stringify(entry.byEndpoint)}), minimum ${entry.minimum}, ${entry.streamsOpened} stream(s) opened, ${entry.tookMs} ms`,
      );
    }
    const tapGapsMs = tapTimes.slice(1).map((at, index) => at - tapTimes[index]);
    log(`  requests, the six taps came ${tapGapsMs.join(', ')} ms apart`);
    const total = (key) => phases.reduce((sum, entry) => sum + entry[key], 0);
    return {
      tapGapsMs,
      made: total('made'),
      minimum: total('minimum'),
      pricingMade: total('pricingMade'),
      pricingMinimum: total('pricingMinimum'),
      oddsMade: total('oddsMade'),
      oddsMinimum: total('oddsMinimum'),
      stakeAndFormatRequests: phases
        .filter((entry) => entry.name === 'change stake' || entry.name === 'change odds format')
        .reduce((sum, entry) => sum + entry.made, 0),
      phases,
      pageLoadRequests: pageLoad,
      minimumFormula:
        "pricing: chosen books x 1 (final slip only) + 1 OpticOdds AI (same-game pairs) + 1 per book added; odds: 1 market list per game opened + ceil(games whose rows came near the screen, not asked before / 5) x 2 + the final slip's 2 markets x ceil(10 books / 5 per /fixtures/odds call); 0 for stake and format",
    };
  } finally {
    await context.close();
  }
}

/** Every figure the summary shows, per session. */
const COUNTED = [
  'made',
  'minimum',
  'pricingMade',
  'pricingMinimum',
  'oddsMade',
  'oddsMinimum',
  'stakeAndFormatRequests',
];

export async function measureRequests({ browser, origin, sessions = 3, log = () => {}, signal, progress = {} }) {
  progress.expected = { sessions };
  progress.sessions = [];
  for (let index = 0; index < sessions; index++) {
    signal?.throwIfAborted();
    const counted = await session({ browser, origin, log });
    log(`  requests, session ${index + 1}/${sessions}: ${counted.made} made, minimum ${counted.minimum}`);
    progress.sessions.push(counted);
  }
  return summariseRequests(progress);
}

/** Each count's median over the sessions, its spread, and the phases of the median session (by requests made). */
export function summariseRequests({ sessions }) {
  const spread = Object.fromEntries(COUNTED.map((figure) => [figure, spreadOf(sessions.map((one) => one[figure]))]));
  const middle = [...sessions].sort((a, b) => a.made - b.made || a.pricingMade - b.pricingMade)[
    Math.floor(sessions.length / 2)
  ];
  return {
    ...Object.fromEntries(COUNTED.map((figure) => [figure, spread[figure]?.median ?? null])),
    spread,
    sessions: sessions.length,
    tapGapsMs: middle?.tapGapsMs ?? null,
    phases: middle?.phases ?? null,
    pageLoadRequests: middle?.pageLoadRequests ?? null,
    minimumFormula: middle?.minimumFormula ?? null,
  };
}
