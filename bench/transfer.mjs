// Transfer: what one bettor's journey costs in bytes, against the realistic sandbox (live-size
// catalog and odds) at its realistic latencies, counted by Chromium itself (DevTools protocol).
//
// The journey, with all ten books chosen: open the page; choose NBA; open game A and its Moneyline
// market, tap the home side; open game B and its Moneyline and Total Points markets, tap the home
// side and the first Over (a three-leg parlay, one same-game pair); wait for all ten books; then leave the page open 60 s (its refreshes).
//
// Each response is counted twice: what crossed the wire (compressed body, plus headers) and the body
// the browser had to parse once decoded. Generated odds repeat themselves and compress far better
// than real ones, so the decoded figure is the honest one for a live upstream.
//
// The old strategy (the first round's app) is replayed in the same run against the same server: at
// start every sport's leagues (/sports, then /leagues per sport); the same games listing; each
// opened game's every market at ten books (two unfiltered /fixtures/odds calls, five books each);
// the same ten per-book /parlay/odds requests; and every 30 s, the opened games' odds and the ten
// parlay requests again. Its requests are sent from Node with the browser's Accept-Encoding, and
// the page's own files (the same in both) are added to its total.
/* global window, document, MutationObserver -- functions passed to page.evaluate run in the browser */
import http from 'node:http';
import zlib from 'node:zlib';
import { escapeRegExp, freshPage } from './lib/browser.mjs';
import { ALL_BOOKS, upcomingGames } from './lib/sandbox-legs.mjs';
import { parlayQuestionOf } from './lib/parlay-question.mjs';

const REFRESH_WATCH_MS = 60_000;
const OLD_REFRESH_MS = 30_000;
const MAX_BOOKS_PER_ODDS_CALL = 5;
const KB = 1024;
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

const isApi = (url) => new URL(url).pathname.startsWith('/api/v3/');
const endpointOf = (url) => new URL(url).pathname.replace(/^\/api\/v3/, '');
const kb = (bytes) => Number((bytes / KB).toFixed(1));

/**
 * Every response the page receives, from the DevTools protocol: wire bytes (headers and the body as
 * sent) and decoded body bytes, by request id. Requests served from memory or disk cache carry 0.
 */
async function countResponses(context, page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const byId = new Map();
  const entry = (requestId) => {
    if (!byId.has(requestId))
      byId.set(requestId, { url: '', method: 'GET', headerBytes: 0, wireBytes: 0, decodedBytes: 0, done: false });
    return byId.get(requestId);
  };
  cdp.on('Network.requestWillBeSent', ({ requestId, request, type }) =>
    Object.assign(entry(requestId), { url: request.url, method: request.method, type, startedAt: Date.now() }),
  );
  cdp.on('Network.responseReceived', ({ requestId, response }) =>
    Object.assign(entry(requestId), { status: response.status, headerBytes: response.encodedDataLength ?? 0 }),
  );
  cdp.on('Network.dataReceived', ({ requestId, dataLength }) => (entry(requestId).decodedBytes += dataLength));
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) =>
    Object.assign(entry(requestId), { wireBytes: encodedDataLength, done: true }),
  );
  cdp.on('Network.loadingFailed', ({ requestId }) => Object.assign(entry(requestId), { done: true, failed: true }));
  return {
    /** The finished responses (data: URLs left out), each with its compressed body size. */
    responses: () =>
      [...byId.values()]
        .filter((response) => response.done && !response.failed && response.url.startsWith('http'))
        .map((response) => ({ ...response, bodyBytes: Math.max(0, response.wireBytes - response.headerBytes) })),
    // A live odds stream stays open as long as the page shows live prices: it is not waited for (nor
    // counted: it never finishes).
    inFlight: () =>
      [...byId.values()].filter(
        (response) => !response.done && response.url.startsWith('http') && response.type !== 'EventSource',
      ).length,
  };
}

function summary(responses) {
  const largest = responses.reduce(
    (max, response) => (response.bodyBytes > (max?.bodyBytes ?? -1) ? response : max),
    null,
  );
  const byEndpoint = {};
  for (const response of responses) {
    const name = isApi(response.url) ? endpointOf(response.url) : 'page files';
    const row = (byEndpoint[name] ??= { requests: 0, compressedKb: 0, decodedKb: 0 });
    row.requests += 1;
    row.compressedKb = kb(row.compressedKb * KB + response.wireBytes);
    row.decodedKb = kb(row.decodedKb * KB + response.decodedBytes);
  }
  return {
    requests: responses.length,
    compressedKb: kb(responses.reduce((sum, response) => sum + response.wireBytes, 0)),
    decodedKb: kb(responses.reduce((sum, response) => sum + response.decodedBytes, 0)),
    largestResponse: largest
      ? {
          what: `${largest.method} ${isApi(largest.url) ? endpointOf(largest.url) : new URL(largest.url).pathname}`,
          compressedKb: kb(largest.bodyBytes),
          decodedKb: kb(largest.decodedBytes),
        }
      : null,
    byEndpoint,
  };
}

async function settled(counter, quietMs = 500, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (counter.inFlight() > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Requests still in flight after ${timeoutMs} ms`);
}

/** Two upcoming NBA games the journey opens. */
async function pickGames(origin) {
  const games = await upcomingGames(origin, 'nba');
  if (games.length < 2) throw new Error(`Only ${games.length} upcoming NBA games in the sandbox.`);
  return games.slice(0, 2);
}

/** Opens a game's markets from its row and returns the opened region. */
async function openGame(page, game) {
  await page
    .getByRole('region', { name: 'Games' })
    .getByRole('button', { name: `All markets for ${game.label}`, exact: true })
    .click();
  const markets = page.getByRole('region', { name: `Markets for ${game.label}` });
  await markets.waitFor();
  return markets;
}

/** Opens one market of an opened game (its every line is asked for then). */
async function openMarket(markets, name) {
  await markets.getByRole('button', { name, exact: true }).click();
}

/** Taps a selection and waits until the slip holds `legCount` legs. */
async function tap(page, scope, name, market, legCount) {
  await scope
    .getByRole('button', { name: new RegExp(`^${escapeRegExp(name)}, ${escapeRegExp(market)}, best `) })
    .first()
    .click();
  await page.waitForFunction(
    (count) => document.querySelectorAll('[aria-label="Legs on your slip"] > li').length === count,
    legCount,
  );
}

/** The first "Over" of the game's main total as shown in its opened markets. */
async function overOfMainTotal(markets) {
  const button = markets.getByRole('button', { name: /^Over [\d.]+, Total Points, best / }).first();
  const name = (await button.getAttribute('aria-label')) ?? (await button.innerText());
  return name.split(',')[0].trim();
}

async function waitForTenBooks(page, legCount) {
  await page.waitForFunction(
    ([legs]) => {
      const table = document.querySelector('#price-grid table');
      if (!table || (table.tBodies[0]?.rows.length ?? 0) !== legs) return false;
      return !/Asking|Waiting for /.test(table.textContent ?? '');
    },
    [legCount],
    { timeout: 60_000 },
  );
}

/** The journey in Chromium with the app as it is. */
async function newStrategy(browser, origin, games, log) {
  const { context, page } = await freshPage(browser, { viewport: { width: 1440, height: 900 } });
  const pricingQuestions = [];
  page.on('request', (request) => {
    const question = parlayQuestionOf(request);
    if (question) pricingQuestions.push(question);
  });
  try {
    const counter = await countResponses(context, page);
    await page.goto(`${origin}/?${new URLSearchParams({ books: ALL_BOOKS.join(',') })}`);
    await page.getByRole('region', { name: 'Leagues' }).getByRole('button', { name: 'NBA', exact: true }).waitFor();
    await settled(counter);

    // Choosing a league to its games listed, on the page's clock: the click, then the first game's row in the DOM.
    await page.evaluate(() => {
      window.__gamesListed = new Promise((resolve) => {
        let clickedAt = null;
        document.addEventListener('click', (event) => (clickedAt ??= event.timeStamp), { capture: true, once: true });
        const listed = () =>
          [...document.querySelectorAll('button')].some((button) => button.textContent?.includes('All markets for'));
        new MutationObserver((_, observer) => {
          if (clickedAt !== null && listed()) {
            observer.disconnect();
            resolve(performance.now() - clickedAt);
          }
        }).observe(document.body, { subtree: true, childList: true });
      });
    });
    await page.getByRole('region', { name: 'Leagues' }).getByRole('button', { name: 'NBA', exact: true }).click();
    const leagueToGamesMs = Math.round(await page.evaluate(() => window.__gamesListed));
    await settled(counter);

    const [gameA, gameB] = games;
    const marketsA = await openGame(page, gameA);
    await openMarket(marketsA, 'Moneyline');
    await tap(page, marketsA, gameA.fixture.home_team_display, 'Moneyline', 1);
    const marketsB = await openGame(page, gameB);
    await openMarket(marketsB, 'Moneyline');
    await openMarket(marketsB, 'Total Points');
    await tap(page, marketsB, gameB.fixture.home_team_display, 'Moneyline', 2);
    const over = await overOfMainTotal(marketsB);
    await tap(page, marketsB, over, 'Total Points', 3);
    await waitForTenBooks(page, 3);
    await settled(counter);
    const built = summary(counter.responses());
    log(
      `  transfer, journey built: ${built.requests} responses, ${built.compressedKb} KB compressed, ${built.decodedKb} KB decoded`,
    );

    const watchedFrom = Date.now();
    await page.waitForTimeout(REFRESH_WATCH_MS);
    await settled(counter);
    const responses = counter.responses();
    const refreshes = responses.filter((response) => response.startedAt >= watchedFrom);
    // The final slip's requests (the app may ask several books in one); the old strategy asked one book each.
    const slipBodies = pricingQuestions.filter((question) => question.entries.length === 3);
    return {
      leagueToGamesMs,
      all: summary(responses),
      data: summary(responses.filter((response) => isApi(response.url))),
      pageFiles: summary(responses.filter((response) => !isApi(response.url))),
      refresh: summary(refreshes),
      // One request per book for the final slip: what the old strategy replays.
      slipBodies: ALL_BOOKS.flatMap((book) => {
        const asked = slipBodies.findLast((body) => body.sportsbooks.includes(book));
        return asked ? [{ ...asked, sportsbooks: [book] }] : [];
      }),
      gamesListingUrls: responses
        .filter((response) => isApi(response.url) && endpointOf(response.url) === '/fixtures/active')
        .map((response) => response.url),
    };
  } finally {
    await context.close();
  }
}

/** One request from Node as the browser would send it: the raw (compressed) body and the decoded one. */
function rawRequest(url, { method = 'GET', body } = {}) {
  return new Promise((resolve, reject) => {
    const headers = { 'accept-encoding': ACCEPT_ENCODING, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const request = http.request(url, { method, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const decoded =
          encoding === 'gzip'
            ? zlib.gunzipSync(raw)
            : encoding === 'br'
              ? zlib.brotliDecompressSync(raw)
              : encoding === 'deflate'
                ? zlib.inflateSync(raw)
                : raw;
        // The status line and headers as they crossed the wire.
        const headerBytes =
          `HTTP/1.1 ${response.statusCode} ${response.statusMessage}\r\n`.length +
          response.rawHeaders.reduce((sum, part) => sum + part.length + 2, 0) +
          2;
        resolve({
          url,
          method,
          status: response.statusCode,
          decoded,
          headerBytes,
          bodyBytes: raw.length,
          wireBytes: raw.length + headerBytes,
          decodedBytes: decoded.length,
        });
      });
    });
    request.on('error', reject);
    request.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The first round's strategy, replayed: the same journey's requests as that app made them. */
async function oldStrategy(origin, games, fromNewJourney, log) {
  const api = (path) => `${origin}/api/v3${path}`;
  const responses = [];
  const send = async (url, options) => {
    const response = await rawRequest(url, options);
    if (response.status !== 200)
      throw new Error(
        `old strategy: ${options?.method ?? 'GET'} ${url} answered ${response.status}: ${response.decoded.toString().slice(0, 200)}`,
      );
    responses.push(response);
    return response;
  };
  const gameOdds = () =>
    games.flatMap((game) =>
      Array.from({ length: Math.ceil(ALL_BOOKS.length / MAX_BOOKS_PER_ODDS_CALL) }, (_, part) => {
        const query = new URLSearchParams({ fixture_id: game.fixture.id });
        for (const book of ALL_BOOKS.slice(part * MAX_BOOKS_PER_ODDS_CALL, (part + 1) * MAX_BOOKS_PER_ODDS_CALL))
          query.append('sportsbook', book);
        return send(api(`/fixtures/odds?${query}`));
      }),
    );
  const parlays = () => fromNewJourney.slipBodies.map((body) => send(api('/parlay/odds'), { method: 'POST', body }));

  const sports = JSON.parse((await send(api('/sports'))).decoded.toString()).data;
  await Promise.all(sports.map((sport) => send(api(`/leagues?sport=${encodeURIComponent(sport.id)}`))));
  await Promise.all(fromNewJourney.gamesListingUrls.map((url) => send(url)));
  await Promise.all(gameOdds());
  await Promise.all(parlays());
  const refreshRounds = Math.floor(REFRESH_WATCH_MS / OLD_REFRESH_MS);
  for (let round = 0; round < refreshRounds; round++) await Promise.all([...gameOdds(), ...parlays()]);
  const data = summary(responses);
  log(
    `  transfer, old strategy: ${data.requests} data responses, ${data.compressedKb} KB compressed, ${data.decodedKb} KB decoded (${sports.length} sports' leagues, ${refreshRounds} refresh rounds)`,
  );
  const pageFiles = fromNewJourney.pageFiles;
  return {
    data,
    all: {
      requests: data.requests + pageFiles.requests,
      compressedKb: kb((data.compressedKb + pageFiles.compressedKb) * KB),
      decodedKb: kb((data.decodedKb + pageFiles.decodedKb) * KB),
      largestResponse: data.largestResponse,
    },
    sportsAskedForLeagues: sports.length,
    refreshRounds,
  };
}

export async function measureTransfer({ browser, origin, log = () => {}, signal, progress = {} }) {
  progress.expected = { ours: 1, oldStrategy: 1 };
  const games = await pickGames(origin);
  progress.games = games.map((game) => game.label);
  const ours = await newStrategy(browser, origin, games, log);
  log(
    `  transfer, ours: ${ours.all.requests} responses (${ours.data.requests} data), ${ours.all.compressedKb} KB compressed, ${ours.all.decodedKb} KB decoded, largest ${JSON.stringify(ours.all.largestResponse)}, league to games ${ours.leagueToGamesMs} ms`,
  );
  if (ours.slipBodies.length !== ALL_BOOKS.length)
    throw new Error(`The journey priced the slip at ${ours.slipBodies.length} books, not ${ALL_BOOKS.length}.`);
  progress.ours = {
    leagueToGamesMs: ours.leagueToGamesMs,
    all: ours.all,
    data: ours.data,
    pageFiles: ours.pageFiles,
    refresh: ours.refresh,
  };
  signal?.throwIfAborted();
  progress.oldStrategy = await oldStrategy(origin, games, ours, log);
  return summariseTransfer(progress);
}

export function summariseTransfer({ games, ours, oldStrategy: old }) {
  return {
    journey:
      'all ten books; choose NBA; open two games; three legs (one same-game pair); all ten books priced; 60 s of refresh',
    games,
    ours,
    oldStrategy: old ?? null,
  };
}
