import { afterEach, describe, expect, it } from 'vitest';
import { SPORTSBOOKS } from '../../src/domain/sportsbooks.ts';
import { FIXED_NOW, getJson, TEST_KEY, type FixtureWithOddsWire, type OddWire } from '../testing/sandbox-client.ts';
import {
  advanceAndRead,
  advanceAndReadAll,
  eventsUpTo,
  makeStreamSandbox,
  openStream,
  payloadOf,
  type SseFrame,
  type StreamReader,
  type StreamRow,
} from '../testing/stream-client.ts';

const FIVE_BOOKS = SPORTSBOOKS.slice(0, 5);
const booksQuery = (books: readonly string[]) =>
  books.map((book) => `sportsbook=${encodeURIComponent(book)}`).join('&');
/** Premier League games kick off at the fixed clock's 15:00 UTC: in play from the start. */
const SOCCER_PATH = `/api/v3/stream/odds/soccer?${booksQuery(FIVE_BOOKS)}`;

const readers: StreamReader[] = [];
async function open(...args: Parameters<typeof openStream>): Promise<StreamReader> {
  const reader = await openStream(...args);
  readers.push(reader);
  return reader;
}
afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.close()));
});

const isEvent = (frame: SseFrame) => frame.event !== 'ping' && frame.event !== 'connected';
const idParts = (id: string) => id.split('-').map(Number) as [number, number];

describe('GET /stream/odds/{sport}: frames', () => {
  it('says connected first, then sends events with id = entry_id, retry 5000 on every frame, and pings', async () => {
    const sandbox = makeStreamSandbox();
    const stream = await open(sandbox.app, SOCCER_PATH);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const [connected] = await stream.until(() => true);
    expect(connected).toEqual({ event: 'connected', data: 'ok go', id: undefined, retryMs: 5000 });

    const frames = await advanceAndRead(sandbox, stream, 10_000);
    expect(frames.every((frame) => frame.retryMs === 5000)).toBe(true);
    const pings = frames.filter((frame) => frame.event === 'ping');
    expect(pings.map((frame) => frame.data)).toEqual([
      new Date(FIXED_NOW + 5_000).toISOString(),
      new Date(FIXED_NOW + 10_000).toISOString(),
    ]);
    expect(pings.every((frame) => frame.id === undefined)).toBe(true);
    const events = frames.filter(isEvent);
    expect(events.length).toBeGreaterThan(5);
    for (const frame of events) {
      const payload = payloadOf(frame);
      expect(frame.id).toBe(payload.entry_id);
      expect(payload.type).toBe(frame.event);
      expect(payload.entry_id).toMatch(/^\d{13}-\d+$/);
      expect(payload.data.length).toBeGreaterThan(0);
    }
    // In order, each id once.
    const ids = events.map((frame) => idParts(frame.id ?? ''));
    for (let index = 1; index < ids.length; index++) {
      const [ms, seq] = ids[index] ?? [0, 0];
      const [previousMs, previousSeq] = ids[index - 1] ?? [0, 0];
      expect(ms > previousMs || (ms === previousMs && seq > previousSeq)).toBe(true);
    }
    // Events of a second come before that second's ping.
    const firstPing = frames.indexOf(pings[0] as SseFrame);
    expect(
      frames
        .slice(0, firstPing)
        .filter(isEvent)
        .every((frame) => idParts(frame.id ?? '')[0] <= FIXED_NOW + 5_000),
    ).toBe(true);
  });

  it('sends odds rows shaped like /fixtures/odds odds plus their fixture fields, only for the books asked for', async () => {
    const sandbox = makeStreamSandbox();
    const stream = await open(sandbox.app, `/api/v3/stream/odds/soccer?sportsbook=DraftKings,BetMGM`);
    await stream.until(() => true);
    const frames = await advanceAndRead(sandbox, stream, 10_000);
    const rows = frames.filter((frame) => frame.event === 'odds').flatMap((frame) => payloadOf<StreamRow>(frame).data);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.sportsbook))).toEqual(new Set(['DraftKings', 'BetMGM']));
    for (const key of [
      'id',
      'fixture_id',
      'sportsbook',
      'market',
      'name',
      'selection',
      'selection_line',
      'points',
      'price',
      'is_main',
      'is_live',
      'grouping_key',
      'limits',
      'deep_link',
      'player_id',
      'team_id',
      'timestamp',
      'market_id',
      'sportsbook_id',
      'league_id',
    ]) {
      expect(rows[0]).toHaveProperty(key);
    }
    expect(rows[0]).toMatchObject({ is_live: true, league_id: 'england_-_premier_league' });
    expect(Object.keys(rows[0] ?? {}).slice(0, 2)).toEqual(['id', 'fixture_id']);
  });

  it('filters by league, market and is_main: the same events, only the rows asked for', async () => {
    const sandbox = makeStreamSandbox();
    const everything = await open(sandbox.app, SOCCER_PATH);
    const narrowed = await open(
      sandbox.app,
      `${SOCCER_PATH}&league=england_-_premier_league&market=moneyline_3-way,Total%20Goals&is_main=true`,
    );
    await everything.until(() => true);
    await narrowed.until(() => true);
    const [all = [], some = []] = await advanceAndReadAll(sandbox, [everything, narrowed], 20_000);
    const wanted = (row: StreamRow) =>
      row.league_id === 'england_-_premier_league' &&
      ['moneyline_3-way', 'total_goals'].includes(row.market_id) &&
      row.is_main;
    const expected = all.filter(isEvent).flatMap((frame) => {
      const payload = payloadOf<StreamRow>(frame);
      const rows = payload.data.filter(wanted);
      return rows.length === 0 ? [] : [{ id: frame.id, rows }];
    });
    expect(expected.length).toBeGreaterThan(3);
    const got = some.filter(isEvent).map((frame) => ({ id: frame.id, rows: payloadOf<StreamRow>(frame).data }));
    expect(got).toEqual(expected);
  });

  it('answers the older /stream/{sport}/odds path the same way', async () => {
    const sandbox = makeStreamSandbox();
    const current = await open(sandbox.app, SOCCER_PATH);
    const older = await open(sandbox.app, `/api/v3/stream/soccer/odds?${booksQuery(FIVE_BOOKS)}`);
    await current.until(() => true);
    await older.until(() => true);
    const [fromCurrent = [], fromOlder = []] = await advanceAndReadAll(sandbox, [current, older], 10_000);
    expect(fromCurrent.filter(isEvent).length).toBeGreaterThan(0);
    expect(fromOlder).toEqual(fromCurrent);
  });

  it('takes the key as ?key= too, and refuses a request without one as every endpoint does', async () => {
    const sandbox = makeStreamSandbox();
    const withQueryKey = await open(sandbox.app, `${SOCCER_PATH}&key=${TEST_KEY}`, {});
    expect(withQueryKey.status).toBe(200);
    const noKey = await open(sandbox.app, SOCCER_PATH, {});
    expect(noKey.status).toBe(401);
    expect(await noKey.errorBody()).toEqual({ error: 'API key is required' });
  });
});

describe('GET /stream/odds/{sport}: refusals and empty streams', () => {
  it('refuses 6 books with the odds endpoint’s own 400', async () => {
    const sandbox = makeStreamSandbox();
    const sixBooks = booksQuery(SPORTSBOOKS.slice(0, 6));
    const stream = await open(sandbox.app, `/api/v3/stream/odds/soccer?${sixBooks}`);
    const odds = await getJson(sandbox.app, `/api/v3/fixtures/odds?fixture_id=x&${sixBooks}`);
    expect(odds.status).toBe(400);
    expect(stream.status).toBe(400);
    expect(await stream.errorBody()).toEqual(odds.body);
    expect(odds.body).toEqual({ error: 'maximum 5 sportsbooks allowed' });
  });

  it('answers an unknown sport with an empty stream: connected and pings, no odds', async () => {
    const sandbox = makeStreamSandbox();
    const stream = await open(sandbox.app, `/api/v3/stream/odds/quidditch?${booksQuery(FIVE_BOOKS)}`);
    expect(stream.status).toBe(200);
    const [connected] = await stream.until(() => true);
    expect(connected?.event).toBe('connected');
    const frames = await advanceAndRead(sandbox, stream, 20_000);
    expect(frames.map((frame) => frame.event)).toEqual(['ping', 'ping', 'ping', 'ping']);
  });
});

describe('GET /stream/odds/{sport}: resume with last_entry_id', () => {
  it('replays the kept events after the id: none missing, none twice', async () => {
    const sandbox = makeStreamSandbox();
    const first = await open(sandbox.app, SOCCER_PATH);
    await first.until(() => true);
    const seen = (await advanceAndRead(sandbox, first, 20_000)).filter(isEvent);
    expect(seen.length).toBeGreaterThan(10);
    const cut = Math.floor(seen.length / 2);
    const lastSeen = seen[cut - 1]?.id ?? '';
    await first.close();

    const nowMs = sandbox.clock.now();
    const resumed = await open(sandbox.app, `${SOCCER_PATH}&last_entry_id=${lastSeen}`);
    await resumed.until(() => true);
    const replayed = eventsUpTo(await advanceAndRead(sandbox, resumed, 0), nowMs);
    expect(replayed.map((frame) => frame.id)).toEqual(seen.slice(cut).map((frame) => frame.id));
    expect(replayed).toEqual(seen.slice(cut));
  });

  it('gives the same ids after a restart (same seed and clock), so a reader resumes across it', async () => {
    const before = makeStreamSandbox();
    const first = await open(before.app, SOCCER_PATH);
    await first.until(() => true);
    const seen = (await advanceAndRead(before, first, 20_000)).filter(isEvent);
    const lastSeen = seen[4]?.id ?? '';

    const restarted = makeStreamSandbox({}, FIXED_NOW + 20_000);
    const resumed = await open(restarted.app, `${SOCCER_PATH}&last_entry_id=${lastSeen}`);
    await resumed.until(() => true);
    const replayed = eventsUpTo(await advanceAndRead(restarted, resumed, 0), FIXED_NOW + 20_000);
    expect(replayed.length).toBeGreaterThan(5);
    expect(replayed).toEqual(seen.slice(5));
  });

  it('resumes an id older than the ~30 s kept from the oldest event kept', async () => {
    const sandbox = makeStreamSandbox();
    const first = await open(sandbox.app, SOCCER_PATH);
    await first.until(() => true);
    await advanceAndRead(sandbox, first, 60_000);
    const nowMs = sandbox.clock.now();
    const resumed = await open(sandbox.app, `${SOCCER_PATH}&last_entry_id=${FIXED_NOW - 3_600_000}-0`);
    const fromWindow = await open(sandbox.app, `${SOCCER_PATH}&last_entry_id=${nowMs - 30_000}-0`);
    await resumed.until(() => true);
    await fromWindow.until(() => true);
    const [resumedFrames = [], windowFrames = []] = await advanceAndReadAll(sandbox, [resumed, fromWindow], 0);
    const replayed = eventsUpTo(resumedFrames, nowMs);
    const times = replayed.map((frame) => idParts(frame.id ?? '')[0]);
    expect(Math.min(...times)).toBeGreaterThan(nowMs - 30_000);
    expect(Math.min(...times)).toBeLessThanOrEqual(nowMs - 28_000);
    expect(Math.max(...times)).toBe(nowMs);
    // The same as resuming from just before the window.
    expect(eventsUpTo(windowFrames, nowMs)).toEqual(replayed);
  });

  it('refuses a last_entry_id that is not one', async () => {
    const sandbox = makeStreamSandbox();
    const stream = await open(sandbox.app, `${SOCCER_PATH}&last_entry_id=yesterday`);
    expect(stream.status).toBe(400);
  });
});

describe('GET /stream/odds/{sport}: what moves', () => {
  it('sends fixture-status when a game goes live, only with include_fixture_updates=true', async () => {
    // College football kicks off at 17:00 UTC on the fixed Saturday.
    const sandbox = makeStreamSandbox({}, Date.parse('2025-11-22T16:59:50Z'));
    const path = `/api/v3/stream/odds/football?${booksQuery(FIVE_BOOKS)}`;
    const withUpdates = await open(sandbox.app, `${path}&include_fixture_updates=true`);
    const without = await open(sandbox.app, path);
    await withUpdates.until(() => true);
    await without.until(() => true);
    const [updates = [], plain = []] = await advanceAndReadAll(sandbox, [withUpdates, without], 15_000);
    const statuses = updates.filter((frame) => frame.event === 'fixture-status');
    expect(statuses.length).toBeGreaterThan(0);
    const rows = statuses.flatMap(
      (frame) => payloadOf<{ fixture_id: string; status: string; is_live: boolean }>(frame).data,
    );
    expect(rows.every((row) => row.status === 'live' && row.is_live)).toBe(true);
    expect(statuses.every((frame) => idParts(frame.id ?? '')[0] === Date.parse('2025-11-22T17:00:00Z'))).toBe(true);
    expect(plain.some((frame) => frame.event === 'fixture-status')).toBe(false);
    // The same odds either way.
    expect(plain.filter((frame) => frame.event === 'odds')).toEqual(updates.filter((frame) => frame.event === 'odds'));
  });

  it('locks and unlocks lines: locked-odds, gone from /fixtures/odds while locked, then odds again', async () => {
    const sandbox = makeStreamSandbox();
    const stream = await open(sandbox.app, SOCCER_PATH);
    await stream.until(() => true);
    let locked: { row: StreamRow; atMs: number } | null = null;
    for (let step = 0; step < 60 && !locked; step++) {
      const frames = await advanceAndRead(sandbox, stream, 5_000);
      const frame = frames.find((candidate) => candidate.event === 'locked-odds');
      const row = frame ? payloadOf<StreamRow>(frame).data[0] : undefined;
      if (frame && row) locked = { row, atMs: idParts(frame.id ?? '')[0] };
    }
    if (!locked) throw new Error('no line locked in five minutes of in-play soccer');
    const { row, atMs } = locked;
    const restAt = async (ms: number) => {
      sandbox.clock.set(ms);
      const { body } = await getJson<{ data: FixtureWithOddsWire[] }>(
        sandbox.app,
        `/api/v3/fixtures/odds?fixture_id=${row.fixture_id}&sportsbook=${encodeURIComponent(row.sportsbook)}`,
      );
      return body.data[0]?.odds.find((odd) => odd.id === row.id);
    };
    const resumeAtMs = sandbox.clock.now();
    expect(await restAt(atMs)).toBeUndefined();
    expect(await restAt(atMs - 1_000)).toBeDefined();
    sandbox.clock.set(resumeAtMs);
    // Back within 15 s, as an odds row.
    const frames = await advanceAndRead(sandbox, stream, 20_000);
    const back = frames
      .filter((frame) => frame.event === 'odds')
      .flatMap((frame) => payloadOf<StreamRow>(frame).data)
      .find((candidate) => candidate.id === row.id);
    expect(back).toBeDefined();
  });

  it('streams rows that equal what /fixtures/odds answers at the same instant, and prices that hold', async () => {
    const sandbox = makeStreamSandbox();
    const stream = await open(sandbox.app, SOCCER_PATH);
    await stream.until(() => true);
    const frames = (await advanceAndRead(sandbox, stream, 30_000)).filter(isEvent);
    const endMs = sandbox.clock.now();
    await stream.close();
    const answers = new Map<string, Map<string, OddWire>>();
    const restAt = async (ms: number, fixtureId: string) => {
      const key = `${ms}|${fixtureId}`;
      const known = answers.get(key);
      if (known) return known;
      sandbox.clock.set(ms);
      const { body } = await getJson<{ data: FixtureWithOddsWire[] }>(
        sandbox.app,
        `/api/v3/fixtures/odds?fixture_id=${fixtureId}&${booksQuery(FIVE_BOOKS)}`,
      );
      const odds = new Map((body.data[0]?.odds ?? []).map((odd) => [odd.id, odd]));
      answers.set(key, odds);
      return odds;
    };
    const oddOf = (row: StreamRow): OddWire => {
      const { fixture_id: _fixture, is_live: _live, sportsbook_id: _book, league_id: _league, ...odd } = row;
      return odd;
    };

    // Every row of every fifth event, against the odds endpoint at that event's instant.
    let compared = 0;
    for (const frame of frames.filter((_, index) => index % 5 === 0)) {
      const atMs = idParts(frame.id ?? '')[0];
      for (const row of payloadOf<StreamRow>(frame).data) {
        const rest = await restAt(atMs, row.fixture_id);
        if (frame.event === 'locked-odds') expect(rest.has(row.id), row.id).toBe(false);
        else expect(oddOf(row), row.id).toEqual(rest.get(row.id));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(20);

    // At the end, each line's last streamed price is still the price (or the line is still locked).
    const latest = new Map<string, { type: string; row: StreamRow }>();
    for (const frame of frames) {
      for (const row of payloadOf<StreamRow>(frame).data) latest.set(row.id, { type: frame.event, row });
    }
    const restAtEnd = new Map<string, OddWire>();
    for (const fixtureId of new Set([...latest.values()].map(({ row }) => row.fixture_id))) {
      for (const [id, odd] of await restAt(endMs, fixtureId)) restAtEnd.set(id, odd);
    }
    for (const [id, { type, row }] of latest) {
      if (type === 'locked-odds') expect(restAtEnd.has(id), id).toBe(false);
      else expect(restAtEnd.get(id)?.price, id).toBe(row.price);
    }
  });

  it('moves in-play main lines every few seconds and pre-match lines within a minute', async () => {
    // Soccer in play; college football kicking off at 17:00, in its last half hour.
    const sandbox = makeStreamSandbox({}, Date.parse('2025-11-22T16:40:00Z'));
    const soccer = await open(sandbox.app, `${SOCCER_PATH}&market=Moneyline%203-Way`);
    const football = await open(
      sandbox.app,
      `/api/v3/stream/odds/football?sportsbook=DraftKings&market=moneyline&is_main=true`,
    );
    await soccer.until(() => true);
    await football.until(() => true);
    const [soccerFrames = [], footballFrames = []] = await advanceAndReadAll(sandbox, [soccer, football], 60_000);
    const inPlay = soccerFrames.filter((frame) => frame.event === 'odds');
    const preMatch = footballFrames.filter((frame) => frame.event === 'odds');
    // Soccer games not yet started are in their busy window too: in play only here.
    const inPlayRows = inPlay.flatMap((frame) => payloadOf<StreamRow>(frame).data).filter((row) => row.is_live);
    const preMatchRows = preMatch.flatMap((frame) => payloadOf<StreamRow>(frame).data);
    expect(inPlayRows.every((row) => row.market === 'Moneyline 3-Way')).toBe(true);
    expect(
      preMatchRows.every((row) => row.market === 'Moneyline' && row.sportsbook === 'DraftKings' && !row.is_live),
    ).toBe(true);
    // Each in-play line's changes over a minute (a line back from a lock repeats its last one): many, whole seconds apart.
    const changesPerLine = new Map<string, Set<number>>();
    for (const row of inPlayRows)
      changesPerLine.set(row.id, (changesPerLine.get(row.id) ?? new Set()).add(row.timestamp));
    const counts = [...changesPerLine.values()].map((times) => times.size);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(8);
    expect(inPlayRows.every((row) => Number.isInteger(row.timestamp))).toBe(true);
    expect(preMatchRows.length).toBeGreaterThan(0);
  });
});

describe('GET /stream/odds/{sport}: connections', () => {
  it('takes 250 new connections per 15 s per key, apart from the 2,500 requests', async () => {
    const sandbox = makeStreamSandbox();
    const streams: StreamReader[] = [];
    for (let index = 0; index < 250; index++) {
      const stream = await openStream(sandbox.app, `/api/v3/stream/odds/quidditch?sportsbook=DraftKings`);
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    const refused = await open(sandbox.app, `/api/v3/stream/odds/quidditch?sportsbook=DraftKings`);
    expect(refused.status).toBe(429);
    expect(await refused.errorBody()).toEqual({ error: 'Rate limit exceeded' });
    const sports = await getJson(sandbox.app, '/api/v3/sports');
    expect(sports.headers.get('x-ratelimit-remaining')).toBe('2499');
    await Promise.all(streams.map((stream) => stream.close()));
    sandbox.clock.advance(15_000);
    expect((await open(sandbox.app, `/api/v3/stream/odds/quidditch?sportsbook=DraftKings`)).status).toBe(200);
  });

  it('leaves no stream or timer behind when 200 clients come and go', async () => {
    const sandbox = makeStreamSandbox();
    const streams: StreamReader[] = [];
    for (let index = 0; index < 200; index++) {
      const stream = await openStream(sandbox.app, SOCCER_PATH);
      await stream.until(() => true);
      streams.push(stream);
    }
    expect(sandbox.streams.openStreams).toBe(200);
    await Promise.all(streams.map((stream) => stream.close()));
    // Closing is seen on the sandbox's side as the readers cancel: no waiting on a clock.
    await new Promise((resolve) => setImmediate(resolve));
    expect(sandbox.streams.openStreams).toBe(0);
    expect(sandbox.streams.pendingTimers).toBe(0);
  });
});
