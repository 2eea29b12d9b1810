/**
 * Our server in front of a fake odds service that the test drives (server/testing/
 * fake-stream-upstream.ts): readers are browsers on real sockets. One upstream stream per sport and
 * book group whatever the readers; a drop resumed with `last_entry_id` with no change lost or
 * repeated; a gap longer than the resume window filled by a snapshot; browsers resuming from our
 * own ids; filters; the per-client cap; the key never in a frame.
 */
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SPORTSBOOKS } from '../../src/domain/sportsbooks.ts';
import { encodedKeyForms } from '../testing/fault-upstream.ts';
import { startFakeStreamUpstream, type FakeRow, type FakeStreamUpstream } from '../testing/fake-stream-upstream.ts';
import { raw, startServerFromEnv, type StartedServer } from '../testing/raw-http.ts';
import { openSse, payloadOf, type SseClient } from '../testing/sse-client.ts';
import { connectionKey, readSendQueues } from './send-queues.ts';

const KEY = 'canary-stream-fanout-key-0123456789';
const SPORT = 'basketball';
const F1 = '20261122AAAAAAAA';
const F2 = '20261122BBBBBBBB';

let upstream: FakeStreamUpstream;
let server: StartedServer | null = null;
const readers: SseClient[] = [];

beforeEach(async () => {
  upstream = await startFakeStreamUpstream({ apiKey: KEY, pingMs: 1_000 });
});

afterEach(async () => {
  for (const reader of readers.splice(0)) reader.close();
  await server?.close();
  server = null;
  await upstream.close();
});

async function startServer(env: Record<string, string> = {}): Promise<StartedServer> {
  server = await startServerFromEnv({
    ODDS_API_KEY: KEY,
    ODDS_API_BASE_URL: upstream.baseUrl,
    PROXY_RATE_LIMIT: '0',
    STREAM_MAX_PER_CLIENT: '50',
    // These tests open many streams from one address at once; the rate of opens has its own tests.
    STREAM_OPENS_PER_MINUTE: '0',
    ...env,
  });
  return server;
}

function query(params: Record<string, string | string[]>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, item);
  return search.toString();
}

async function read(
  port: number,
  params: Record<string, string | string[]>,
  options: Parameters<typeof openSse>[2] = {},
): Promise<SseClient> {
  const reader = await openSse(port, `/api/v3/stream/odds/${SPORT}?${query(params)}`, options);
  readers.push(reader);
  if (reader.status === 200) {
    await waitUntil(() => reader.frames.some((frame) => frame.event === 'connected'), 'connected');
  }
  return reader;
}

function odd(
  fixtureId: string,
  book: string,
  name: string,
  price: number,
  extra: Record<string, unknown> = {},
): FakeRow {
  return {
    id: `${fixtureId}:${book}:moneyline:${name}`,
    fixture_id: fixtureId,
    sportsbook: book,
    market: 'Moneyline',
    market_id: 'moneyline',
    name,
    selection: name,
    price,
    points: null,
    is_main: true,
    is_live: false,
    league_id: 'nba',
    timestamp: Math.floor(Date.now() / 1000),
    deep_link: null,
    ...extra,
  };
}

/** The rows of `type` a reader got, in order, as `id=price`. */
function seen(reader: SseClient, type = 'odds'): string[] {
  return reader.frames
    .filter((frame) => frame.event === type)
    .flatMap((frame) => payloadOf(frame).data.map((row) => `${String(row.id)}=${String(row.price)}`));
}

async function waitUntil(condition: () => boolean, what: string, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const GROUP_ONE = SPORTSBOOKS.slice(0, 5);
const GROUP_TWO = SPORTSBOOKS.slice(5);

describe('the odds stream through our server', () => {
  it('serves 30 readers of a sport from one upstream stream per book group, and resumes a dropped one with last_entry_id, no change missing or repeated', async () => {
    const { port } = await startServer();
    const all = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        read(port, { sportsbook: index % 2 === 0 ? [...SPORTSBOOKS] : ['BetMGM,DraftKings'] }),
      ),
    );
    expect(all.map((reader) => reader.status)).toEqual(all.map(() => 200));
    await upstream.waitForOpen(2, SPORT);
    const requests = upstream.streamRequests();
    expect(requests).toHaveLength(2);
    expect(requests.map((request) => request.books).sort()).toEqual([GROUP_ONE, GROUP_TWO].sort());
    expect(requests.every((request) => request.lastEntryId === null && request.includeFixtureUpdates)).toBe(true);

    const expected: string[] = [];
    const change = (book: string, price: number) => {
      const row = odd(F1, book, 'Boston Celtics', price);
      expected.push(`${String(row.id)}=${price}`);
      return upstream.emit(SPORT, 'odds', [row]);
    };
    change('BetMGM', -110);
    change('DraftKings', -115);
    change('BetMGM', -120);
    const lastBeforeDrop = change('DraftKings', -125);
    await waitUntil(() => all.every((reader) => seen(reader).length === 4), 'four changes at every reader');

    // Dropped mid-stream; changes go on while our server is away.
    upstream.dropAll();
    await upstream.waitForOpen(0, SPORT);
    change('BetMGM', -130);
    change('DraftKings', -135);
    await upstream.waitForOpen(2, SPORT);
    const resumed = upstream.streamRequests().slice(2);
    expect(resumed).toHaveLength(2);
    // Each group resumes from the last entry it saw (its own last change, the other group's id the same journal).
    expect(resumed.every((request) => request.lastEntryId !== null)).toBe(true);
    expect(resumed.map((request) => request.lastEntryId)).toContain(lastBeforeDrop);
    change('BetMGM', -140);
    change('DraftKings', -145);

    await waitUntil(() => all.every((reader) => seen(reader).length >= 8), 'eight changes at every reader');
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The two book groups are two streams, with no order between them; each odd's changes keep theirs.
    const byOdd = (changes: string[]) => {
      const groups = new Map<string, string[]>();
      for (const change of changes) {
        const oddId = change.slice(0, change.lastIndexOf('='));
        groups.set(oddId, [...(groups.get(oddId) ?? []), change]);
      }
      return Object.fromEntries(groups);
    };
    for (const reader of all) {
      expect(seen(reader)).toHaveLength(expected.length);
      expect(byOdd(seen(reader))).toEqual(byOdd(expected));
    }
    expect(upstream.streamRequests()).toHaveLength(4);
  }, 20_000);

  it(
    'fills a gap longer than the resume window with a REST snapshot of the fixtures readers watch',
    { timeout: 15_000 },
    async () => {
      await upstream.close();
      upstream = await startFakeStreamUpstream({ apiKey: KEY, pingMs: 100, keptWindowMs: 300 });
      const { port } = await startServer({ STREAM_RESUME_WINDOW_MS: '300' });
      const reader = await read(port, { sportsbook: ['BetMGM'], fixture_id: F1 });
      const other = await read(port, { sportsbook: ['BetMGM'] });
      await upstream.waitForOpen(1, SPORT);
      upstream.emit(SPORT, 'odds', [
        odd(F1, 'BetMGM', 'Boston Celtics', -110),
        odd(F1, 'BetMGM', 'New York Knicks', -105),
      ]);
      upstream.emit(SPORT, 'odds', [odd(F2, 'BetMGM', 'Miami Heat', 120)]);
      await waitUntil(() => seen(reader).length === 2 && seen(other).length === 3, 'the first prices');

      upstream.setRefusing(true);
      upstream.dropAll();
      await new Promise((resolve) => setTimeout(resolve, 50));
      // While we are away: one price moves, one line is taken down, a line we never saw appears.
      upstream.emit(SPORT, 'odds', [odd(F1, 'BetMGM', 'Boston Celtics', -150)]);
      upstream.emit(SPORT, 'locked-odds', [odd(F1, 'BetMGM', 'New York Knicks', -105)]);
      upstream.emit(SPORT, 'odds', [odd(F1, 'BetMGM', 'Boston Celtics +1.5', -200)]);
      upstream.emit(SPORT, 'odds', [odd(F2, 'BetMGM', 'Miami Heat', 135)]);
      // Longer than the window: the service no longer has those events for last_entry_id.
      await new Promise((resolve) => setTimeout(resolve, 800));
      upstream.setRefusing(false);

      await waitUntil(
        () => seen(reader).length >= 4 && seen(reader, 'locked-odds').length === 1,
        'the snapshot',
        8_000,
      );
      expect(seen(reader).slice(2).sort()).toEqual(
        [`${F1}:BetMGM:moneyline:Boston Celtics=-150`, `${F1}:BetMGM:moneyline:Boston Celtics +1.5=-200`].sort(),
      );
      expect(seen(reader, 'locked-odds')).toEqual([`${F1}:BetMGM:moneyline:New York Knicks=-105`]);
      // The fixture no reader named was asked too, since its odds had changed on the stream.
      await waitUntil(() => seen(other).includes(`${F2}:BetMGM:moneyline:Miami Heat=135`), 'the other fixture');
      const asked = upstream.snapshotQueries().flatMap((params) => params.getAll('fixture_id'));
      expect(asked).toEqual(expect.arrayContaining([F1, F2]));
      expect(upstream.snapshotQueries().every((params) => params.getAll('sportsbook').length <= 5)).toBe(true);
    },
  );

  it(
    'asks no snapshot once the upstream budget is spent: its calls count like the proxy’s',
    { timeout: 20_000 },
    async () => {
      await upstream.close();
      upstream = await startFakeStreamUpstream({ apiKey: KEY, pingMs: 100, keptWindowMs: 300 });
      // The budget's windows are the clock's 15 s: start early in one, so all of this falls in it.
      while (Date.now() % 15_000 > 5_000) await new Promise((resolve) => setTimeout(resolve, 50));
      const lines: string[] = [];
      // 6 calls a window, 5 kept back: one call, which the sports list takes.
      server = await startServerFromEnv(
        {
          ODDS_API_KEY: KEY,
          ODDS_API_BASE_URL: upstream.baseUrl,
          STREAM_OPENS_PER_MINUTE: '0',
          STREAM_RESUME_WINDOW_MS: '300',
          UPSTREAM_RATE_LIMIT: '6',
        },
        { log: (line) => lines.push(line) },
      );
      const reader = await read(server.port, { sportsbook: ['BetMGM'], fixture_id: F1 });
      await upstream.waitForOpen(1, SPORT);
      upstream.emit(SPORT, 'odds', [odd(F1, 'BetMGM', 'Boston Celtics', -110)]);
      await waitUntil(() => seen(reader).length === 1, 'the first price');
      upstream.setRefusing(true);
      upstream.dropAll();
      upstream.emit(SPORT, 'odds', [odd(F1, 'BetMGM', 'Boston Celtics', -150)]);
      await new Promise((resolve) => setTimeout(resolve, 800));
      upstream.setRefusing(false);
      await waitUntil(() => lines.some((line) => line.includes('taking a snapshot')), 'the gap noticed');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(upstream.snapshotQueries()).toEqual([]);
      expect(lines.some((line) => line.includes('upstream budget is spent'))).toBe(true);
      // The stream itself goes on.
      upstream.emit(SPORT, 'odds', [odd(F1, 'BetMGM', 'Boston Celtics', -160)]);
      await waitUntil(() => seen(reader).includes(`${F1}:BetMGM:moneyline:Boston Celtics=-160`), 'the next price');
    },
  );

  it(
    'resumes a browser from our own event ids (Last-Event-ID or last_event_id), and brings one it cannot place up to date',
    { timeout: 15_000 },
    async () => {
      const { port } = await startServer();
      const first = await read(port, { sportsbook: 'BetMGM' });
      await upstream.waitForOpen(1, SPORT);
      upstream.emit(SPORT, 'odds', [odd(F1, 'BetMGM', 'Boston Celtics', -110)]);
      upstream.emit(SPORT, 'odds', [odd(F1, 'BetMGM', 'Boston Celtics', -120)]);
      await waitUntil(() => seen(first).length === 2, 'two changes');
      const ids = first.frames.filter((frame) => frame.event === 'odds').map((frame) => frame.id ?? '');
      expect(ids[0]).not.toBe(ids[1]);
      // Our ids, in the payload as in the frame.
      expect(first.frames.filter((frame) => frame.event === 'odds').map((frame) => payloadOf(frame).entry_id)).toEqual(
        ids,
      );
      // Another reader, so the test knows when our server has the next changes.
      const keeper = await read(port, { sportsbook: 'BetMGM' });
      first.close();

      upstream.emit(SPORT, 'odds', [odd(F1, 'BetMGM', 'Boston Celtics', -130)]);
      upstream.emit(SPORT, 'odds', [odd(F1, 'BetMGM', 'New York Knicks', 100)]);
      await waitUntil(() => seen(keeper).length === 2, 'the keeper sees the new ones');

      const byHeader = await read(port, { sportsbook: 'BetMGM' }, { headers: { 'Last-Event-ID': ids[1] ?? '' } });
      const byQuery = await read(port, { sportsbook: 'BetMGM', last_event_id: ids[0] ?? '' });
      await waitUntil(() => seen(byHeader).length === 2 && seen(byQuery).length === 3, 'the replays');
      expect(seen(byHeader)).toEqual([
        `${F1}:BetMGM:moneyline:Boston Celtics=-130`,
        `${F1}:BetMGM:moneyline:New York Knicks=100`,
      ]);
      // From the first id: the three events after it, in order.
      expect(seen(byQuery)).toEqual([
        `${F1}:BetMGM:moneyline:Boston Celtics=-120`,
        `${F1}:BetMGM:moneyline:Boston Celtics=-130`,
        `${F1}:BetMGM:moneyline:New York Knicks=100`,
      ]);

      // An id from another instance (or an older process): the latest of every odd of the games it names.
      const stranger = await read(
        port,
        { sportsbook: 'BetMGM', fixture_id: F1 },
        { headers: { 'Last-Event-ID': '1700000000000-5' } },
      );
      await waitUntil(() => seen(stranger).length === 2, 'the current state');
      expect(seen(stranger).sort()).toEqual(
        [`${F1}:BetMGM:moneyline:Boston Celtics=-130`, `${F1}:BetMGM:moneyline:New York Knicks=100`].sort(),
      );
    },
  );

  it('answers an id it cannot place with the current prices of the games the browser names, never the whole sport', async () => {
    const { port } = await startServer();
    const first = await read(port, { sportsbook: [...SPORTSBOOKS] });
    await upstream.waitForOpen(2, SPORT);
    const games = Array.from({ length: 40 }, (_, index) => `20261122G${String(index).padStart(7, '0')}`);
    for (const game of games)
      upstream.emit(SPORT, 'odds', [
        ...SPORTSBOOKS.map((book) => odd(game, book, 'Home', -110)),
        ...SPORTSBOOKS.map((book) => odd(game, book, 'Away', 100)),
      ]);
    await waitUntil(() => seen(first).length === games.length * SPORTSBOOKS.length * 2, 'every price');
    const goodId = first.frames.filter((frame) => frame.event === 'odds').at(-1)?.id ?? '';
    expect(goodId).toMatch(/^\d+-\d+$/);
    const epoch = goodId.split('-')[0] ?? '';

    const forged = ['x', '-1', `${Number(epoch) - 1}-1`, `${epoch}-999999`, '9'.repeat(199), `${epoch}-1x`];
    for (const id of forged) {
      // The whole sport at ten books: what a page never asks, and a dump if an id bought the current state.
      const wide = await read(port, { sportsbook: [...SPORTSBOOKS] }, { headers: { 'Last-Event-ID': id } });
      const narrow = await read(
        port,
        { sportsbook: 'BetMGM', fixture_id: games[3] ?? '' },
        { headers: { 'Last-Event-ID': id } },
      );
      await waitUntil(() => seen(narrow).length === 2, `the named game's prices for ${id}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen(wide), id).toEqual([]);
      expect(seen(narrow).sort(), id).toEqual(
        [`${games[3]}:BetMGM:moneyline:Home=-110`, `${games[3]}:BetMGM:moneyline:Away=100`].sort(),
      );
      wide.close();
      narrow.close();
    }
    // An id of ours still kept resumes: nothing was missed, nothing is sent.
    const resumed = await read(port, { sportsbook: [...SPORTSBOOKS] }, { headers: { 'Last-Event-ID': goodId } });
    upstream.emit(SPORT, 'odds', [odd(games[0] ?? '', 'BetMGM', 'Home', -120)]);
    await waitUntil(() => seen(resumed).length === 1, 'the next change');
    expect(seen(resumed)).toEqual([`${games[0]}:BetMGM:moneyline:Home=-120`]);
  });

  it('brings a browser whose id is older than STREAM_REPLAY_MS up to date with the latest of each odd it names', async () => {
    const { port } = await startServer({ STREAM_REPLAY_MS: '200' });
    const first = await read(port, { sportsbook: 'BetMGM' });
    await upstream.waitForOpen(1, SPORT);
    upstream.emit(SPORT, 'odds', [odd(F1, 'BetMGM', 'Boston Celtics', -110)]);
    upstream.emit(SPORT, 'odds', [odd(F1, 'BetMGM', 'New York Knicks', 100)]);
    await waitUntil(() => seen(first).length === 2, 'two changes');
    const oldId = first.frames.find((frame) => frame.event === 'odds')?.id ?? '';
    await new Promise((resolve) => setTimeout(resolve, 300));
    upstream.emit(SPORT, 'odds', [odd(F1, 'BetMGM', 'Boston Celtics', -120)]);
    await waitUntil(() => seen(first).length === 3, 'the third change');
    const late = await read(port, { sportsbook: 'BetMGM', fixture_id: F1 }, { headers: { 'Last-Event-ID': oldId } });
    await waitUntil(() => seen(late).length === 2, 'the current state');
    expect(seen(late).sort()).toEqual(
      [`${F1}:BetMGM:moneyline:Boston Celtics=-120`, `${F1}:BetMGM:moneyline:New York Knicks=100`].sort(),
    );
  });

  it('sends each reader only the fixtures, books, markets and statuses it asked for', async () => {
    const { port } = await startServer();
    const narrow = await read(port, { sportsbook: 'BetMGM', fixture_id: F1 });
    const twoBooks = await read(port, { sportsbook: ['BetMGM', 'Novig'], include_fixture_updates: 'true' });
    const spreads = await read(port, { sportsbook: [...SPORTSBOOKS], market: 'point_spread' });
    await upstream.waitForOpen(2, SPORT);
    upstream.emit(SPORT, 'odds', [
      odd(F1, 'BetMGM', 'Boston Celtics', -110),
      odd(F1, 'DraftKings', 'Boston Celtics', -112),
      odd(F2, 'BetMGM', 'Miami Heat', 130),
    ]);
    upstream.emit(SPORT, 'odds', [
      odd(F1, 'Novig', 'Boston Celtics', -108),
      odd(F1, 'Novig', 'Boston Celtics -3.5', -110, { market: 'Point Spread', market_id: 'point_spread' }),
    ]);
    upstream.emit(SPORT, 'fixture-status', [
      { fixture_id: F1, id: F1, status: 'live', is_live: true, league_id: 'nba' },
    ]);
    await waitUntil(() => seen(twoBooks).length === 4 && seen(spreads).length === 1, 'the changes');
    await waitUntil(() => twoBooks.frames.some((frame) => frame.event === 'fixture-status'), 'the status');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen(narrow)).toEqual([`${F1}:BetMGM:moneyline:Boston Celtics=-110`]);
    expect(seen(twoBooks).sort()).toEqual(
      [
        `${F1}:BetMGM:moneyline:Boston Celtics=-110`,
        `${F2}:BetMGM:moneyline:Miami Heat=130`,
        `${F1}:Novig:moneyline:Boston Celtics=-108`,
        `${F1}:Novig:moneyline:Boston Celtics -3.5=-110`,
      ].sort(),
    );
    expect(seen(spreads)).toEqual([`${F1}:Novig:moneyline:Boston Celtics -3.5=-110`]);
    // Both book groups report the status; it is sent once, and only to who asked.
    expect(twoBooks.frames.filter((frame) => frame.event === 'fixture-status')).toHaveLength(1);
    expect(narrow.frames.some((frame) => frame.event === 'fixture-status')).toBe(false);
  });

  it('answers with the headers a stream needs, refuses more than ten books, and gives an unknown sport an empty stream', async () => {
    const { port } = await startServer({ ALLOWED_ORIGINS: 'https://partner.example' });
    const reader = await read(port, { sportsbook: 'BetMGM' }, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(reader.headers['content-type']).toBe('text/event-stream');
    expect(reader.headers['cache-control']).toBe('no-store, no-transform');
    expect(reader.headers['x-accel-buffering']).toBe('no');
    expect(reader.headers['content-encoding']).toBeUndefined();
    expect(reader.frames[0]).toMatchObject({ event: 'connected', data: 'ok go', retryMs: 5000 });
    // The head is written straight to the socket: it still carries what the middleware add.
    const partner = await read(port, { sportsbook: 'BetMGM' }, { headers: { origin: 'https://partner.example' } });
    expect(partner.status).toBe(200);
    expect(partner.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(partner.headers['content-security-policy']).toBe("default-src 'none'; sandbox");

    const tooMany = await read(port, { sportsbook: [...SPORTSBOOKS, 'Caesars'] });
    expect(tooMany.status).toBe(400);
    const none = await read(port, {});
    expect(none.status).toBe(400);

    const nowhere = await openSse(port, '/api/v3/stream/odds/..%2Fsecret?sportsbook=BetMGM');
    readers.push(nowhere);
    expect(nowhere.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(upstream.streamRequests().map((request) => request.sport)).toEqual([SPORT]);
  });

  it('outlives the server’s request and keep-alive timeouts, with a heartbeat comment while nothing moves', async () => {
    const { port } = await startServer({
      HEADERS_TIMEOUT_MS: '300',
      REQUEST_TIMEOUT_MS: '300',
      KEEP_ALIVE_TIMEOUT_MS: '300',
      STREAM_HEARTBEAT_MS: '200',
    });
    const reader = await read(port, { sportsbook: 'BetMGM' });
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(reader.comments).toBeGreaterThanOrEqual(3);
    await upstream.waitForOpen(1, SPORT);
    upstream.emit(SPORT, 'odds', [odd(F1, 'BetMGM', 'Boston Celtics', -110)]);
    await waitUntil(() => seen(reader).length === 1, 'a change after the timeouts');
  });

  it('refuses a page of another site, and caps each client’s open streams', async () => {
    const { port } = await startServer({ STREAM_MAX_PER_CLIENT: '2' });
    const foreign = await read(port, { sportsbook: 'BetMGM' }, { headers: { origin: 'https://elsewhere.example' } });
    expect(foreign.status).toBe(403);
    const one = await read(port, { sportsbook: 'BetMGM' });
    await read(port, { sportsbook: 'BetMGM' });
    const third = await read(port, { sportsbook: 'BetMGM' });
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBe('10');
    // Another client has its own count.
    expect((await read(port, { sportsbook: 'BetMGM' }, { localAddress: '127.0.0.2' })).status).toBe(200);
    // Closing one frees its slot (once our server has seen it go).
    one.close();
    let again = await read(port, { sportsbook: 'BetMGM' });
    const deadline = Date.now() + 3_000;
    while (again.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await read(port, { sportsbook: 'BetMGM' });
    }
    expect(again.status).toBe(200);
  });

  it(
    'cuts the socket of a reader that stops reading, once a write has waited STREAM_SLOW_CLIENT_MS, and frees its place',
    { timeout: 60_000 },
    async () => {
      const { port } = await startServer({
        STREAM_SLOW_CLIENT_MS: '500',
        STREAM_SLOW_CLIENT_BYTES: '1000000000',
        STREAM_MAX_PER_CLIENT: '2',
      });
      const stalled = await read(port, { sportsbook: 'BetMGM' });
      const reading = await read(port, { sportsbook: 'BetMGM' });
      await upstream.waitForOpen(1, SPORT);
      stalled.pause();
      // How much the loopback sockets' buffers hold before a write waits depends on the kernel and on
      // load (4 to over 16 MB here), so changes go out in 2 MB batches, each read whole by the reader
      // that reads before the next, until the stalled reader's place is free again (at most 128 MB).
      let sent = 0;
      let cut = false;
      while (!cut && sent < 8_000) {
        for (let index = 0; index < 125; index++, sent++)
          upstream.emit(SPORT, 'odds', [odd(F1, 'BetMGM', `Line ${sent}`, -110, { note: 'x'.repeat(16_000) })]);
        await waitUntil(() => seen(reading).length === sent, `the reader that reads to get ${sent} changes`, 20_000);
        // Two streams per client: a third is let in only once the server has cut the stalled one.
        const probe = await read(port, { sportsbook: 'BetMGM' });
        cut = probe.status === 200;
        probe.close();
      }
      expect(cut).toBe(true);
      // A stalled socket only learns it was closed once it reads what its buffers hold.
      stalled.resume();
      await Promise.race([
        stalled.ended,
        new Promise((_, reject) => setTimeout(() => reject(new Error('the stalled reader was not cut')), 20_000)),
      ]);
      expect(seen(stalled).length).toBeLessThan(sent);
      expect(seen(reading)).toHaveLength(sent);
    },
  );

  it('lets a client open STREAM_OPEN_BURST streams at once, then STREAM_OPENS_PER_MINUTE, and streams only sports the service lists', async () => {
    const lines: string[] = [];
    server = await startServerFromEnv(
      {
        ODDS_API_KEY: KEY,
        ODDS_API_BASE_URL: upstream.baseUrl,
        STREAM_OPEN_BURST: '5',
        STREAM_OPENS_PER_MINUTE: '60',
      },
      { log: (line) => lines.push(line) },
    );
    const { port } = server;
    // One address opening and closing streams as fast as it can, on listed sports and made-up ones.
    const sports = ['basketball', 'curling', 'hockey', 'x-sport-1', 'soccer', 'x-sport-2', 'tennis', 'baseball'];
    const statuses: number[] = [];
    for (const sport of sports) {
      const reader = await openSse(port, `/api/v3/stream/odds/${sport}?sportsbook=BetMGM`);
      statuses.push(reader.status);
      if (reader.status === 429) expect(Number(reader.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      reader.close();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    // Another address has its own bucket.
    expect((await read(port, { sportsbook: 'BetMGM' }, { localAddress: '127.0.0.2' })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Made-up sports opened nothing upstream; the listed ones one stream each (the made-up ones got an empty stream).
    expect(new Set(upstream.streamRequests().map((request) => request.sport))).toEqual(
      new Set(['basketball', 'hockey', 'soccer']),
    );
    expect(upstream.sportsRequests()).toBe(1);
    // A stream that never sent an event went with its last reader: nothing is held for made-up churn.
    await upstream.waitForOpen(1);
    expect(lines.filter((line) => line.includes('answered HTTP'))).toEqual([]);
  });

  it(
    'cuts a reader that never reads once our kernel holds STREAM_SLOW_CLIENT_BYTES for it, long before its buffers fill',
    { timeout: 20_000 },
    async () => {
      const { port, serverApp } = await startServer({ STREAM_SLOW_CLIENT_BYTES: String(64 * 1024) });
      const reading = await read(port, { sportsbook: 'BetMGM' });
      // A client that sends its request and never reads a byte.
      const stalled = connect(port, '127.0.0.1');
      await new Promise((resolve) => stalled.once('connect', resolve));
      stalled.pause();
      stalled.write(`GET /api/v3/stream/odds/${SPORT}?sportsbook=BetMGM HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      await waitUntil(() => serverApp.streams.hub.readers === 2, 'both streams open');
      await upstream.waitForOpen(1, SPORT);
      // 1.6 MB: far less than the loopback socket takes before a write waits (4 MB and more), so only
      // a look at the kernel's send queue can tell this reader is not reading.
      for (let index = 0; index < 100; index++)
        upstream.emit(SPORT, 'odds', [odd(F1, 'BetMGM', `Line ${index}`, -110, { note: 'x'.repeat(16_000) })]);
      await waitUntil(() => seen(reading).length === 100, 'the reader that reads gets every change');
      await waitUntil(() => serverApp.streams.hub.readers === 1, 'the stalled reader cut', 10_000);
      // Reset, not closed: a closed socket's unsent megabytes would stay in our kernel, queued
      // ahead of its end, for as long as the reader does not read (its side stays established).
      const clientSide = connectionKey(stalled.localPort ?? 0, '127.0.0.1', port);
      let established = true;
      for (let look = 0; look < 40 && established; look++) {
        established = (await readSendQueues())?.has(clientSide) ?? false;
        if (established) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(established).toBe(false);
      stalled.destroy();
      expect(seen(reading)).toHaveLength(100);
    },
  );

  it('counts its streams apart from MAX_CONNECTIONS, and answers 503 past MAX_STREAM_CONNECTIONS', async () => {
    const { port } = await startServer({ MAX_CONNECTIONS: '2', MAX_STREAM_CONNECTIONS: '4' });
    // Four streams (from four addresses) on a server that takes two ordinary connections at once.
    const open = [];
    for (let index = 0; index < 4; index++) {
      open.push(await read(port, { sportsbook: 'BetMGM' }, { localAddress: `127.0.0.${2 + index}` }));
    }
    expect(open.map((reader) => reader.status)).toEqual([200, 200, 200, 200]);
    expect((await raw(port, 'GET', '/health')).status).toBe(200);
    const past = await read(port, { sportsbook: 'BetMGM' }, { localAddress: '127.0.0.9' });
    expect(past.status).toBe(503);
    expect(past.headers['retry-after']).toBe('10');
    // A stream that ends gives its place back.
    open[0]?.close();
    let again = await read(port, { sportsbook: 'BetMGM' }, { localAddress: '127.0.0.9' });
    const deadline = Date.now() + 3_000;
    while (again.status !== 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await read(port, { sportsbook: 'BetMGM' }, { localAddress: '127.0.0.9' });
    }
    expect(again.status).toBe(200);
  });

  it('never sends the key, in any form the service might repeat it in', async () => {
    const { port } = await startServer();
    const reader = await read(port, { sportsbook: 'BetMGM', include_fixture_updates: 'true' });
    await upstream.waitForOpen(1, SPORT);
    const forms = { plain: KEY, ...encodedKeyForms(KEY) };
    upstream.emit(
      SPORT,
      'odds',
      Object.entries(forms).map(([form, text], index) =>
        odd(F1, 'BetMGM', `Line ${index}`, -110, {
          deep_link: { desktop: `https://book.example/?key=${text}&form=${form}` },
        }),
      ),
    );
    upstream.emit(SPORT, 'fixture-status', [{ fixture_id: F1, status: 'live', note: KEY, league_id: 'nba' }]);
    await waitUntil(() => reader.frames.some((frame) => frame.event === 'fixture-status'), 'the status');
    expect(seen(reader)).toHaveLength(Object.keys(forms).length);
    for (const text of Object.values(forms)) expect(reader.raw()).not.toContain(text);
    expect(reader.raw()).toContain('[redacted]');
  });
});
