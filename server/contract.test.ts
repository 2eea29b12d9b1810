/**
 * Contract suite: what the interface document and upstream-notes promise, checked through the
 * typed client. By default it runs against the built-in sandbox (realistic catalog) through our
 * proxy (no key in the browser's position); with CONTRACT_BASE_URL and CONTRACT_API_KEY set it runs
 * unchanged against another service: the real one, e.g.
 * CONTRACT_BASE_URL=https://api.opticodds.com CONTRACT_API_KEY=… npx vitest run server/contract.test.ts
 * or `npm run sandbox` on its own: CONTRACT_BASE_URL=http://127.0.0.1:4010 CONTRACT_API_KEY=sandbox-key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOddsClient, type OddsClient } from '../src/api/client.ts';
import type { BookOdd, Fixture, ParlayEntry } from '../src/api/types.ts';
import { SPORTSBOOKS } from '../src/domain/sportsbooks.ts';
import { combineDecimal } from '../src/domain/odds/odds.ts';
import { createServerApp } from './app.ts';
import { readServerConfig } from './config.ts';

const liveBaseUrl = process.env.CONTRACT_BASE_URL;
const liveKey = process.env.CONTRACT_API_KEY;
const againstLiveService = Boolean(liveBaseUrl && liveKey);

interface ContractTarget {
  baseUrl: string;
  fetch: typeof fetch;
  apiKey?: string;
  close: () => Promise<void>;
}

async function makeTarget(): Promise<ContractTarget> {
  if (againstLiveService && liveBaseUrl && liveKey)
    return { baseUrl: liveBaseUrl, fetch: globalThis.fetch, apiKey: liveKey, close: async () => undefined };
  const server = await createServerApp(readServerConfig({ SANDBOX_LATENCY: 'zero', SANDBOX_FAILURES: '0' }), {
    log: () => undefined,
  });
  const origin = 'http://proxy.test';
  return {
    baseUrl: origin,
    fetch: async (input, init) =>
      server.app.fetch(new Request(input instanceof Request ? input : new URL(String(input), origin), init)),
    close: server.close,
  };
}

const target = await makeTarget();
afterAll(() => target.close());
const client: OddsClient = createOddsClient({ baseUrl: target.baseUrl, fetch: target.fetch, apiKey: target.apiKey });

function raw(path: string, init?: RequestInit): Promise<Response> {
  const headers = new Headers(init?.headers);
  if (target.apiKey) headers.set('X-Api-Key', target.apiKey);
  return target.fetch(`${target.baseUrl}/api/v3${path}`, { ...init, headers });
}

function mainMoneyline(odds: readonly BookOdd[]): BookOdd | undefined {
  return odds.find((odd) => odd.market === 'Moneyline' && odd.isMain !== false);
}

/** Games open for betting: not started, and not delayed, suspended or cancelled (the live service has all of these). */
function isOpen(fixture: Fixture): boolean {
  return fixture.status === 'unplayed';
}

describe(`contract (${againstLiveService ? 'live service' : 'sandbox through the proxy'})`, () => {
  let fixtures: Fixture[] = [];
  let entries: ParlayEntry[] = [];

  beforeAll(async () => {
    fixtures = await client.listAllActiveFixtures({ leagues: ['nba'] });
    const upcoming = fixtures.filter(isOpen).slice(0, 2);
    const withOdds = await client.getFixtureOdds({
      fixtureIds: upcoming.map((fixture) => fixture.id),
      sportsbooks: [...SPORTSBOOKS],
    });
    entries = withOdds.flatMap(({ odds }) => {
      const odd = mainMoneyline(odds);
      return odd ? [{ fixture_id: odd.fixtureId, market: odd.market, name: odd.name }] : [];
    });
  });

  it('lists sports, and leagues filtered by sport', async () => {
    const sports = await client.listSports();
    expect(sports.map((sport) => sport.id)).toContain('basketball');
    const leagues = await client.listLeagues({ sport: 'basketball' });
    expect(leagues).toContainEqual(expect.objectContaining({ id: 'nba', name: 'NBA', sportId: 'basketball' }));
    expect(leagues.every((league) => league.sportId === 'basketball')).toBe(true);
  });

  it('lists active fixtures with uppercase alphanumeric ids and ISO start times', () => {
    expect(fixtures.length).toBeGreaterThan(0);
    for (const fixture of fixtures) {
      expect(fixture.id).toMatch(/^[0-9A-Z]+$/);
      expect(Number.isNaN(Date.parse(fixture.startDate))).toBe(false);
      expect(fixture.leagueId).toBe('nba');
    }
  });

  it('gives fixture odds for all ten books through the 5-book limit, with display market and name strings', async () => {
    const first = fixtures.find(isOpen);
    expect(first).toBeDefined();
    const [withOdds] = await client.getFixtureOdds({ fixtureIds: [first?.id ?? ''], sportsbooks: [...SPORTSBOOKS] });
    expect(withOdds?.odds.length).toBeGreaterThan(0);
    const books = new Set(withOdds?.odds.map((odd) => odd.sportsbook));
    expect(books.size).toBeGreaterThan(5);
    for (const odd of withOdds?.odds ?? []) {
      expect(Math.abs(odd.americanPrice)).toBeGreaterThanOrEqual(100);
      expect(odd.market.trim()).not.toBe('');
      expect(odd.name.trim()).not.toBe('');
    }
  });

  it('prices a two-game parlay at every requested book, in request order, several priced', async () => {
    expect(entries).toHaveLength(2);
    const quotes = await client.priceParlay({ entries, sportsbooks: [...SPORTSBOOKS] });
    expect(quotes.map((quote) => quote.book)).toEqual([...SPORTSBOOKS]);
    const priced = quotes.filter((quote) => quote.status === 'priced');
    expect(priced.length).toBeGreaterThanOrEqual(3);
    for (const quote of priced) {
      expect(quote.legs.map((leg) => leg.entry)).toEqual(entries);
      // Cross-game: the product of the book's own leg prices, up to the book's rounding.
      const product = combineDecimal(quote.legs.map((leg) => leg.decimalPrice));
      expect(Math.abs(quote.decimalPrice / product - 1)).toBeLessThan(0.01);
    }
  });

  it('reports an entry no book offers as missing, matched back to that entry', async () => {
    const [first] = entries;
    expect(first).toBeDefined();
    const unknown: ParlayEntry = {
      fixture_id: first?.fixture_id ?? '',
      market: 'Moneyline',
      name: "D'Nobody Jokić Jr.",
    };
    const quotes = await client.priceParlay({ entries: [...entries, unknown], sportsbooks: ['DraftKings', 'BetMGM'] });
    for (const quote of quotes) {
      expect(quote.status).toBe('missing');
      if (quote.status === 'missing') expect(quote.missingEntryIndexes).toEqual([2]);
    }
  });

  it('refuses a GET on the pricer that names no slip, and a bad body with 400 and a message', async () => {
    // The service answers 405; our proxy's GET form (?book=&legs=, for CDNs) says what it takes, 400.
    const bare = await raw('/parlay/odds');
    expect([400, 405]).toContain(bare.status);
    const bad = await raw('/parlay/odds', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sportsbooks: 'BetMGM' }),
    });
    expect(bad.status).toBe(400);
    expect(typeof ((await bad.json()) as { error?: unknown }).error).toBe('string');
  });

  it('enforces the 5-sportsbook limit of /fixtures/odds with the documented body', async () => {
    const books = SPORTSBOOKS.slice(0, 6)
      .map((book) => `sportsbook=${encodeURIComponent(book)}`)
      .join('&');
    const response = await raw(`/fixtures/odds?fixture_id=${encodeURIComponent(fixtures[0]?.id ?? '')}&${books}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: 'maximum 5 sportsbooks allowed' });
  });
});
