import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/domain/odds/api-prefix.ts';
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import {
  FIXED_NOW,
  getJson,
  makeApp,
  oddsOf,
  upcomingFixtures,
  activeFixtures,
  type FixtureWithOddsWire,
} from '../testing/sandbox-client.ts';
import { advanceAndRead, makeStreamSandbox, openStream, payloadOf, type StreamRow } from '../testing/stream-client.ts';

interface HistoryEntryWire {
  price: number;
  points: number | null;
  timestamp: number;
  locked: boolean;
}

interface HistoryOddWire {
  id: string;
  sportsbook: Sportsbook;
  market: string;
  market_id: string;
  name: string;
  selection: string;
  selection_line: 'over' | 'under' | null;
  points: number | null;
  is_main: boolean;
  player_id: string | null;
  team_id: string | null;
  olv: { price: number; points: number | null };
  clv: { price: number; points: number | null } | null;
  entries?: HistoryEntryWire[];
}

type HistoryWire = { data: (Omit<FixtureWithOddsWire, 'odds'> & { odds: HistoryOddWire[] })[] };

const BOOKS: readonly Sportsbook[] = ['DraftKings', 'BetMGM', 'Novig', 'Hard Rock', 'Unibet'];
const bookQuery = BOOKS.map((book) => `sportsbook=${encodeURIComponent(book)}`).join('&');
const HOUR_MS = 3_600_000;

function historyPath(fixtureId: string, query: string): string {
  return `${API_PREFIX}/fixtures/odds/historical?fixture_id=${encodeURIComponent(fixtureId)}&${query}`;
}

describe('GET /fixtures/odds/historical: the vendor definition', () => {
  it('answers one fixture with olv, clv and, with include_timeseries, entries of price, points, timestamp, locked', async () => {
    const app = makeApp();
    const [fixture] = await upcomingFixtures(app, 'league=nba');
    if (!fixture) throw new Error('no NBA game');
    const { status, body } = await getJson<HistoryWire>(
      app,
      historyPath(fixture.id, `${bookQuery}&market=Moneyline&market=point_spread&include_timeseries=true`),
    );
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    const [answer] = body.data;
    expect(answer).toMatchObject({ id: fixture.id, home_team_display: fixture.home_team_display });
    expect(answer?.odds.length).toBeGreaterThan(0);
    for (const odd of answer?.odds ?? []) {
      expect(odd).toEqual(
        expect.objectContaining({
          sportsbook: expect.any(String),
          market: expect.stringMatching(/^(Moneyline|Point Spread)$/),
          market_id: expect.any(String),
          name: expect.any(String),
          selection: expect.any(String),
          is_main: expect.any(Boolean),
          olv: { price: expect.any(Number), points: odd.points },
          // The game has not begun: no closing line yet.
          clv: null,
        }),
      );
      const entries = odd.entries ?? [];
      expect(entries[0]).toEqual({
        price: odd.olv.price,
        points: odd.points,
        timestamp: expect.any(Number),
        locked: false,
      });
      const times = entries.map((entry) => entry.timestamp);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Math.max(...times)).toBeLessThanOrEqual(FIXED_NOW / 1000);
    }
  });

  it('refuses what the service refuses: no fixture, two fixtures, six books, a timeseries without market', async () => {
    const app = makeApp();
    const [fixture] = await upcomingFixtures(app, 'league=nba');
    const id = fixture?.id ?? '';
    const cases: [string, string][] = [
      [`${API_PREFIX}/fixtures/odds/historical?${bookQuery}`, 'fixture_id is required'],
      [historyPath(`${id},${id}X`, bookQuery), 'maximum 1 fixture allowed'],
      [historyPath(id, `${bookQuery}&sportsbook=Bwin`), 'maximum 5 sportsbooks allowed'],
      [historyPath(id, `${bookQuery}&include_timeseries=true`), 'market is required when include_timeseries is true'],
    ];
    for (const [path, error] of cases) {
      const { status, body } = await getJson(app, path);
      expect([status, body]).toEqual([400, { error }]);
    }
  });

  it('holds to its own limit, 10 requests per 15 s per key: the 11th is 429 with Retry-After', async () => {
    const app = makeApp();
    const [fixture] = await upcomingFixtures(app, 'league=nba');
    const path = historyPath(fixture?.id ?? '', 'sportsbook=DraftKings&market=Moneyline');
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let call = 0; call < 11; call++) {
      const { status, headers } = await getJson(app, path);
      statuses.push(status);
      retryAfter = headers.get('retry-after');
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Other endpoints still answer: the small limit is this endpoint's own.
    expect((await getJson(app, `${API_PREFIX}/sports`)).status).toBe(200);
  });
});

describe('the history is what /fixtures/odds and the stream said', () => {
  it('at every earlier instant, the last entry before it is the price /fixtures/odds listed then', async () => {
    const app = makeApp();
    const [fixture] = await upcomingFixtures(app, 'league=nba');
    if (!fixture) throw new Error('no NBA game');
    const { body } = await getJson<HistoryWire>(
      app,
      historyPath(fixture.id, `${bookQuery}&market=Moneyline&market=Total%20Points&include_timeseries=true`),
    );
    const history = body.data[0]?.odds ?? [];
    const openMs = Date.parse(fixture.start_date) - 7 * 24 * HOUR_MS;
    const instants = [openMs, openMs + 5 * HOUR_MS + 17_000, FIXED_NOW - 30 * HOUR_MS, FIXED_NOW - 61_000, FIXED_NOW];
    for (const instant of instants.filter((at) => at <= FIXED_NOW)) {
      const then = await oddsOf(makeApp({ now: () => instant }), fixture.id, BOOKS);
      for (const odd of history) {
        const listed = then.find(
          (item) => item.sportsbook === odd.sportsbook && item.name === odd.name && item.market === odd.market,
        );
        const last = (odd.entries ?? []).filter((entry) => entry.timestamp * 1000 <= instant).at(-1);
        expect({ at: new Date(instant).toISOString(), odd: odd.id, price: last?.price }).toEqual({
          at: new Date(instant).toISOString(),
          odd: odd.id,
          price: listed?.price,
        });
      }
    }
  });

  it('after the start, clv is the last price before play began and entries go on from there', async () => {
    const app = makeApp();
    const [fixture] = await upcomingFixtures(app, 'league=nba');
    if (!fixture) throw new Error('no NBA game');
    const startMs = Date.parse(fixture.start_date);
    const path = historyPath(fixture.id, `${bookQuery}&market=Moneyline&include_timeseries=true&include_locked=true`);
    const before = (await getJson<HistoryWire>(makeApp({ now: () => startMs - 1_000 }), path)).body.data[0]?.odds ?? [];
    const after =
      (await getJson<HistoryWire>(makeApp({ now: () => startMs + HOUR_MS }), path)).body.data[0]?.odds ?? [];
    expect(after.length).toBe(before.length);
    for (const odd of after) {
      const earlier = before.find((item) => item.id === odd.id);
      const entries = odd.entries ?? [];
      // The history grows: what was said before the start is still said, unchanged.
      expect(entries.slice(0, earlier?.entries?.length)).toEqual(earlier?.entries);
      const lastBefore = entries.filter((entry) => entry.timestamp * 1000 < startMs).at(-1);
      expect(odd.clv).toEqual({ price: lastBefore?.price, points: odd.points });
      expect(odd.olv).toEqual({ price: entries[0]?.price, points: odd.points });
      expect(entries.some((entry) => entry.timestamp * 1000 > startMs)).toBe(true);
    }
  });

  it('in play, every price and lock the stream sent is an entry at the same instant, and nothing else is', async () => {
    // Premier League games kick off at the fixed clock's 15:00 UTC: in play, moving every few seconds.
    const sandbox = makeStreamSandbox();
    const [fixture] = (await activeFixtures(sandbox.app, 'league=england_-_premier_league')).filter(
      (item) => item.status === 'live',
    );
    if (!fixture) throw new Error('no live Premier League game');
    const market = 'Moneyline 3-Way';
    const stream = await openStream(
      sandbox.app,
      `${API_PREFIX}/stream/odds/soccer?${bookQuery}&market=${encodeURIComponent(market)}`,
    );
    await stream.until((frame) => frame.event === 'connected');
    const fromMs = sandbox.clock.now();
    const frames = await advanceAndRead(sandbox, stream, 90_000);
    const toMs = sandbox.clock.now();
    await stream.close();
    const said = frames
      .filter((frame) => frame.event === 'odds' || frame.event === 'locked-odds')
      .flatMap((frame) => {
        const atMs = Number(frame.id?.split('-')[0]);
        return payloadOf<StreamRow>(frame)
          .data.filter((row) => row.fixture_id === fixture.id)
          .map((row) => `${row.sportsbook}|${row.name}|${row.price}|${atMs}|${frame.event === 'locked-odds'}`);
      });
    expect(said.length).toBeGreaterThan(10);

    const { body } = await getJson<HistoryWire>(
      sandbox.app,
      historyPath(
        fixture.id,
        `${bookQuery}&market=${encodeURIComponent(market)}&include_timeseries=true&include_locked=true`,
      ),
    );
    const recorded = (body.data[0]?.odds ?? []).flatMap((odd) =>
      (odd.entries ?? [])
        .filter((entry) => entry.timestamp * 1000 > fromMs && entry.timestamp * 1000 <= toMs)
        .map((entry) => `${odd.sportsbook}|${odd.name}|${entry.price}|${entry.timestamp * 1000}|${entry.locked}`),
    );
    expect([...recorded].sort()).toEqual([...said].sort());
  });
});
