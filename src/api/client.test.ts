import { describe, expect, it } from 'vitest';
import { SPORTSBOOKS } from '../domain/sportsbooks.ts';
import type { Sportsbook } from '../domain/sportsbooks.ts';
import type { DroppedReport } from './types.ts';
import { MAX_FIXTURE_PAGES } from './catalog-endpoints.ts';
import { createOddsClient } from './client.ts';
import { isApiError } from './errors.ts';
import { hangingFetch, jsonResponse, recordingFetch } from '../test/api/fake-fetch.ts';
import type { RecordedCall } from '../test/api/fake-fetch.ts';
import { wireFixture, wireOdd } from '../test/api/wire-examples.ts';

const BASE = 'http://127.0.0.1:4010';

function queryOf(call: RecordedCall | undefined): URLSearchParams {
  return new URL(call?.url ?? '', BASE).searchParams;
}

/** A /fixtures/odds stand-in: one odd per requested book per requested fixture, answered out of order. */
function fixtureOddsService() {
  return recordingFetch(async (url) => {
    const query = new URL(url, BASE).searchParams;
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 10));
    const data = query.getAll('fixture_id').map((id) => ({
      ...wireFixture(id),
      odds: query.getAll('sportsbook').map((book) => wireOdd(book, id)),
    }));
    return jsonResponse({ data });
  });
}

describe('createOddsClient: catalog', () => {
  it('lists sports at baseUrl + /api/v3', async () => {
    const { fetch, calls } = recordingFetch(() => jsonResponse({ data: [{ id: 'basketball', name: 'Basketball' }] }));
    const client = createOddsClient({ baseUrl: BASE, fetch });
    expect(await client.listSports()).toEqual([{ id: 'basketball', name: 'Basketball' }]);
    expect(calls[0]?.url).toBe(`${BASE}/api/v3/sports`);
  });

  it('uses a same-origin path when baseUrl is empty', async () => {
    const { fetch, calls } = recordingFetch(() => jsonResponse({ data: [] }));
    await createOddsClient({ baseUrl: '', fetch }).listLeagues({ sport: 'american football' });
    expect(calls[0]?.url).toBe('/api/v3/leagues?sport=american%20football');
  });

  it('lists active fixtures with repeated league parameters', async () => {
    const { fetch, calls } = recordingFetch(() => jsonResponse({ data: [wireFixture('F1')], page: 2, has_more: true }));
    const page = await createOddsClient({ baseUrl: BASE, fetch }).listActiveFixtures({
      leagues: ['nba', 'england_-_premier_league'],
      page: 2,
    });
    expect(page).toMatchObject({ page: 2, hasMore: true, fixtures: [{ id: 'F1' }] });
    expect(calls[0]?.url).toBe(`${BASE}/api/v3/fixtures/active?league=nba&league=england_-_premier_league&page=2`);
  });

  it('asks nothing when no league is chosen', async () => {
    const { fetch, calls } = recordingFetch(() => jsonResponse({ data: [] }));
    expect(await createOddsClient({ baseUrl: BASE, fetch }).listActiveFixtures({ leagues: [] })).toEqual({
      fixtures: [],
      page: 1,
      hasMore: false,
    });
    expect(calls).toHaveLength(0);
  });

  it('follows pages until has_more is false, without duplicates', async () => {
    const { fetch, calls } = recordingFetch((url) => {
      const page = Number(queryOf({ url, init: {}, headers: new Headers() }).get('page'));
      const ids = page === 3 ? ['F5'] : [`F${page * 2 - 1}`, `F${page * 2}`, 'F1'];
      return jsonResponse({ data: ids.map((id) => wireFixture(id)), page, has_more: page < 3 });
    });
    const fixtures = await createOddsClient({ baseUrl: BASE, fetch }).listAllActiveFixtures({ leagues: ['mlb'] });
    expect(fixtures.map((fixture) => fixture.id)).toEqual(['F1', 'F2', 'F3', 'F4', 'F5']);
    expect(calls).toHaveLength(3);
  });

  it('stops after the page cap', async () => {
    const { fetch, calls } = recordingFetch((url) => {
      const page = Number(new URL(url, BASE).searchParams.get('page'));
      return jsonResponse({ data: [wireFixture(`F${page}`)], page, has_more: true });
    });
    const fixtures = await createOddsClient({ baseUrl: BASE, fetch }).listAllActiveFixtures({ leagues: ['mlb'] });
    expect(calls).toHaveLength(MAX_FIXTURE_PAGES);
    expect(fixtures).toHaveLength(MAX_FIXTURE_PAGES);
  });
});

describe('createOddsClient: fixture odds chunking', () => {
  const fixtureIds = ['F1', 'F2', 'F3', 'F4', 'F5', 'F6', 'F7'];

  it('12 books x 7 fixtures: 3 x 2 calls of at most 5 each, merged in fixture order', async () => {
    // Two names outside today's set: the client does not police names, the parser drops their odds.
    const books = [...SPORTSBOOKS, 'Caesars', 'FanDuel'] as Sportsbook[];
    const { fetch, calls } = fixtureOddsService();
    const dropped: DroppedReport[] = [];
    const result = await createOddsClient({
      baseUrl: BASE,
      fetch,
      onDropped: (report) => dropped.push(report),
    }).getFixtureOdds({
      fixtureIds,
      sportsbooks: books,
      markets: ['Moneyline'],
    });

    expect(calls).toHaveLength(6);
    for (const call of calls) {
      const query = queryOf(call);
      expect(query.getAll('sportsbook').length).toBeLessThanOrEqual(5);
      expect(query.getAll('fixture_id').length).toBeLessThanOrEqual(5);
      expect(query.getAll('market')).toEqual(['Moneyline']);
    }
    const pairs = calls.flatMap((call) => {
      const query = queryOf(call);
      return query.getAll('fixture_id').flatMap((id) => query.getAll('sportsbook').map((book) => `${id}|${book}`));
    });
    expect(new Set(pairs).size).toBe(12 * 7);
    expect(pairs).toHaveLength(12 * 7);

    expect(result.map((item) => item.fixture.id)).toEqual(fixtureIds);
    for (const item of result) {
      expect(item.odds.map((odd) => odd.sportsbook)).toEqual([...SPORTSBOOKS]);
      expect(item.odds.every((odd) => odd.fixtureId === item.fixture.id)).toBe(true);
    }
    expect(dropped.reduce((count, report) => count + report.count, 0)).toBe(2 * 7);
  });

  it('the ten books asked for twice over are asked for once: 2 x 2 calls', async () => {
    const books: Sportsbook[] = [...SPORTSBOOKS, 'DraftKings', 'Bwin'];
    const { fetch, calls } = fixtureOddsService();
    const result = await createOddsClient({ baseUrl: BASE, fetch }).getFixtureOdds({ fixtureIds, sportsbooks: books });
    expect(calls).toHaveLength(4);
    expect(result[0]?.odds).toHaveLength(10);
  });

  it('one failing chunk fails the call with its ApiError and cancels the rest', async () => {
    const aborted: string[] = [];
    const { fetch } = recordingFetch((url, init) => {
      if (queryOf({ url, init, headers: new Headers() }).getAll('fixture_id').includes('F6')) {
        return jsonResponse({ error: 'maximum 5 sportsbooks allowed' }, { status: 400 });
      }
      init.signal?.addEventListener('abort', () => aborted.push(url));
      return hangingFetch(url, init);
    });
    const pending = createOddsClient({ baseUrl: BASE, fetch }).getFixtureOdds({
      fixtureIds,
      sportsbooks: [...SPORTSBOOKS],
    });
    await expect(pending).rejects.toMatchObject({ kind: 'bad_request', detail: 'maximum 5 sportsbooks allowed' });
    expect(aborted).toHaveLength(2);
  });

  it('a caller abort rejects with the abort, not an ApiError', async () => {
    const controller = new AbortController();
    const pending = createOddsClient({ baseUrl: BASE, fetch: hangingFetch }).getFixtureOdds(
      { fixtureIds, sportsbooks: [...SPORTSBOOKS] },
      { signal: controller.signal },
    );
    controller.abort();
    const error: unknown = await pending.catch((reason: unknown) => reason);
    expect(error).toBe(controller.signal.reason);
    expect(isApiError(error)).toBe(false);
  });

  it('nothing to ask, no call', async () => {
    const { fetch, calls } = recordingFetch(() => jsonResponse({ data: [] }));
    const client = createOddsClient({ baseUrl: BASE, fetch });
    expect(await client.getFixtureOdds({ fixtureIds: [], sportsbooks: ['Bwin'] })).toEqual([]);
    expect(await client.getFixtureOdds({ fixtureIds: ['F1'], sportsbooks: [] })).toEqual([]);
    expect(calls).toHaveLength(0);
  });
});

describe('createOddsClient: priceParlay', () => {
  const entries = [
    { fixture_id: 'F1', market: 'Moneyline', name: 'Houston Astros' },
    { fixture_id: 'F2', market: 'Total Runs', name: 'Over 8' },
  ];

  it('posts the request and returns one quote per requested book', async () => {
    const { fetch, calls } = recordingFetch(() =>
      jsonResponse({
        data: {
          DraftKings: {
            error: null,
            missing_entries: null,
            legs: entries.map((e) => ({ ...e, price: -110.0 })),
            price: 264.0,
          },
        },
        BetMGM: { error: 'Could not create parlay for all games.' },
      }),
    );
    const client = createOddsClient({ baseUrl: BASE, fetch, apiKey: 'sandbox-key' });
    const quotes = await client.priceParlay({
      entries: entries.map((entry) => ({ ...entry, label: 'extra field not sent' })),
      sportsbooks: ['DraftKings', 'BetMGM', 'Bwin', 'DraftKings'],
    });
    expect(quotes.map((quote) => [quote.book, quote.status])).toEqual([
      ['DraftKings', 'priced'],
      ['BetMGM', 'uncombinable'],
      ['Bwin', 'absent'],
      ['DraftKings', 'priced'],
    ]);
    expect(calls[0]?.url).toBe(`${BASE}/api/v3/parlay/odds?always_include_deep_link=true`);
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.headers.get('x-api-key')).toBe('sandbox-key');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ sportsbooks: ['DraftKings', 'BetMGM', 'Bwin'], entries });
  });

  it('asks a first look at one book in the GET form our server answers for a CDN: legs sorted, one spelling', async () => {
    const answer = {
      data: {
        'Hard Rock': {
          error: null,
          missing_entries: null,
          legs: entries.map((e) => ({ ...e, price: -110 })),
          price: 264,
        },
      },
    };
    const { fetch, calls } = recordingFetch(() => jsonResponse(answer));
    const ours = createOddsClient({ baseUrl: BASE, fetch, sharedParlayForm: true });
    const [quote] = await ours.priceParlay(
      { entries: [...entries].reverse(), sportsbooks: ['Hard Rock'] },
      { shared: true },
    );
    expect(quote?.status).toBe('priced');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.body).toBeUndefined();
    expect(calls[0]?.url).toBe(
      `${BASE}/api/v3/parlay/odds?book=Hard%20Rock&legs=${encodeURIComponent('F1~Moneyline~Houston Astros,F2~Total Runs~Over 8')}`,
    );
    // Asked again (a price may have moved), or of the odds service itself: a POST.
    await ours.priceParlay({ entries, sportsbooks: ['Hard Rock'] });
    await createOddsClient({ baseUrl: BASE, fetch }).priceParlay(
      { entries, sportsbooks: ['Hard Rock'] },
      { shared: true },
    );
    expect(calls.slice(1).map((call) => call.init.method)).toEqual(['POST', 'POST']);
  });

  it('places a GET answer’s legs, which come in the URL’s order, on the slip’s own legs, named or not', async () => {
    // The slip's order is not the URL's: Over 8 first. Legs that do not name themselves.
    const slip = [...entries].reverse();
    const answer = { data: { BetMGM: { error: null, legs: [{ price: -110 }, { price: 150 }], price: 264 } } };
    const { fetch, calls } = recordingFetch(() => jsonResponse(answer));
    const ours = createOddsClient({ baseUrl: BASE, fetch, sharedParlayForm: true });
    const [quote] = await ours.priceParlay({ entries: slip, sportsbooks: ['BetMGM'] }, { shared: true });
    expect(calls[0]?.init.method).toBe('GET');
    expect(quote?.status === 'priced' ? quote.legs.map((leg) => [leg.entry.name, leg.americanPrice]) : quote).toEqual([
      ['Over 8', 150],
      ['Houston Astros', -110],
    ]);
  });

  it('asks several books at once by POST, the GET form naming one', async () => {
    const { fetch, calls } = recordingFetch(() => jsonResponse({ data: {} }));
    const ours = createOddsClient({ baseUrl: BASE, fetch, sharedParlayForm: true });
    await ours.priceParlay({ entries, sportsbooks: ['DraftKings', 'BetMGM'] }, { shared: true });
    expect(calls[0]?.init.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ sportsbooks: ['DraftKings', 'BetMGM'], entries });
  });

  it('an answer that is not an object is invalid_response', async () => {
    const { fetch } = recordingFetch(() => jsonResponse([1, 2]));
    await expect(
      createOddsClient({ baseUrl: BASE, fetch }).priceParlay({ entries, sportsbooks: ['Bwin'] }),
    ).rejects.toMatchObject({
      kind: 'invalid_response',
    });
  });

  it('a 400 for a bad body is bad_request with the service’s message', async () => {
    const { fetch } = recordingFetch(() => jsonResponse({ error: 'entries: at least 2 required' }, { status: 400 }));
    await expect(
      createOddsClient({ baseUrl: BASE, fetch }).priceParlay({ entries: [], sportsbooks: ['Bwin'] }),
    ).rejects.toMatchObject({
      kind: 'bad_request',
      detail: 'entries: at least 2 required',
    });
  });

  it('times out after timeoutMs', async () => {
    const client = createOddsClient({ baseUrl: BASE, fetch: hangingFetch, timeoutMs: 15 });
    await expect(client.priceParlay({ entries, sportsbooks: ['Bwin'] })).rejects.toMatchObject({ kind: 'timeout' });
  });

  it('uses the global fetch when none is given', async () => {
    const original = globalThis.fetch;
    const { fetch, calls } = recordingFetch(() => jsonResponse({ data: [] }));
    globalThis.fetch = fetch as typeof globalThis.fetch;
    try {
      await createOddsClient({ baseUrl: BASE }).listSports();
    } finally {
      globalThis.fetch = original;
    }
    expect(calls).toHaveLength(1);
  });
});
