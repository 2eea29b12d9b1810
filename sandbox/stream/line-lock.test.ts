import { Agent } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_FORCING } from '../../server/odds-service.ts';
import { SPORTS } from '../../server/proxy/routes/catalog.ts';
import { upstreamQuestion } from '../../server/proxy/upstream-request.ts';
import { getJson, postParlay, TEST_KEY, type FixtureWithOddsWire, type OddWire } from '../testing/sandbox-client.ts';
import {
  advanceAndRead,
  makeStreamSandbox,
  openStream,
  payloadOf,
  type SseFrame,
  type StreamReader,
  type StreamRow,
  type StreamSandbox,
} from '../testing/stream-client.ts';

const readers: StreamReader[] = [];
afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.close()));
});

/** An NBA game hours away at the fixed clock (its lines steady), and DraftKings' moneyline in it. */
async function steadyLine(sandbox: StreamSandbox): Promise<{ fixtureId: string; odd: OddWire; total: OddWire }> {
  const { body: fixtures } = await getJson<{ data: { id: string; status: string; start_date: string }[] }>(
    sandbox.app,
    '/api/v3/fixtures/active?league=nba',
  );
  const later = sandbox.clock.now() + 2 * 3_600_000;
  const fixture = fixtures.data.find(
    (candidate) => candidate.status === 'unplayed' && Date.parse(candidate.start_date) > later,
  );
  if (!fixture) throw new Error('no NBA game two hours out');
  const odds = await oddsAt(sandbox, fixture.id, 'moneyline&market=total_points');
  const odd = odds.find((candidate) => candidate.market === 'Moneyline');
  const total = odds.find((candidate) => candidate.market === 'Total Points' && candidate.is_main);
  if (!odd || !total) throw new Error('no moneyline and total at DraftKings');
  return { fixtureId: fixture.id, odd, total };
}

async function oddsAt(sandbox: StreamSandbox, fixtureId: string, markets = 'moneyline'): Promise<OddWire[]> {
  const { body } = await getJson<{ data: FixtureWithOddsWire[] }>(
    sandbox.app,
    `/api/v3/fixtures/odds?fixture_id=${fixtureId}&sportsbook=DraftKings&market=${markets}`,
  );
  return body.data[0]?.odds ?? [];
}

async function lockLine(sandbox: StreamSandbox, body: Record<string, unknown>) {
  const response = await sandbox.app.request('/api/v3/__sandbox/line-lock', {
    method: 'POST',
    headers: { 'X-Api-Key': TEST_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: StreamRow[]; error?: string } };
}

const rowsOf = (frames: readonly SseFrame[], event: string) =>
  frames.filter((frame) => frame.event === event).flatMap((frame) => payloadOf<StreamRow>(frame).data);

describe('the line-lock test hook', () => {
  it('locks a line now (both sides): locked-odds at once, gone from /fixtures/odds, not priced; unlocked: odds again', async () => {
    const sandbox = makeStreamSandbox();
    const { fixtureId, odd, total } = await steadyLine(sandbox);
    const before = await oddsAt(sandbox, fixtureId);
    const stream = await openStream(sandbox.app, '/api/v3/stream/odds/basketball?sportsbook=DraftKings');
    readers.push(stream);
    await stream.until(() => true);
    const line = { fixture_id: fixtureId, sportsbook: 'DraftKings', market: odd.market, name: odd.name };

    const locked = await lockLine(sandbox, line);
    expect(locked.status).toBe(200);
    expect(locked.body.data?.map((row) => row.id).sort()).toEqual(before.map((row) => row.id).sort());
    // No clock moved: the hook's own event, straight away, naming both sides.
    const lockFrames = await stream.until((frame) => frame.event === 'locked-odds');
    expect(
      rowsOf(lockFrames, 'locked-odds')
        .map((row) => row.id)
        .sort(),
    ).toEqual(before.map((row) => row.id).sort());
    expect(await oddsAt(sandbox, fixtureId)).toEqual([]);
    const { body: parlay } = await postParlay(sandbox.app, {
      sportsbooks: ['DraftKings'],
      entries: [
        { fixture_id: fixtureId, market: odd.market, name: odd.name },
        { fixture_id: fixtureId, market: total.market, name: total.name },
      ],
    });
    expect(parlay.data.DraftKings?.price ?? null).toBeNull();
    expect(parlay.data.DraftKings?.missing_entries).toHaveLength(1);

    const reopened = await lockLine(sandbox, { ...line, locked: false });
    expect(reopened.status).toBe(200);
    const openFrames = await stream.until((frame) => frame.event === 'odds');
    expect(rowsOf(openFrames, 'odds').find((row) => row.id === odd.id)?.price).toBe(odd.price);
    expect((await oddsAt(sandbox, fixtureId)).map((row) => row.price)).toEqual(before.map((row) => row.price));
    // Reopening a line that is not locked says so.
    expect((await lockLine(sandbox, { ...line, locked: false })).status).toBe(404);
  });

  it('reopens by itself after hold_seconds, with the line prices sent on the stream', async () => {
    const sandbox = makeStreamSandbox();
    const { fixtureId, odd } = await steadyLine(sandbox);
    const stream = await openStream(sandbox.app, '/api/v3/stream/odds/basketball?sportsbook=DraftKings');
    readers.push(stream);
    await stream.until(() => true);
    await lockLine(sandbox, {
      fixture_id: fixtureId,
      sportsbook: 'draftkings',
      market: odd.market,
      name: odd.name,
      hold_seconds: 5,
    });
    const frames = await advanceAndRead(sandbox, stream, 8_000);
    expect(rowsOf(frames, 'odds').some((row) => row.id === odd.id)).toBe(true);
    expect((await oddsAt(sandbox, fixtureId)).some((row) => row.id === odd.id)).toBe(true);
  });

  it('works as the X-Sandbox-Line-Lock header (the way through our server), and says what is wrong', async () => {
    const sandbox = makeStreamSandbox();
    const { fixtureId, odd } = await steadyLine(sandbox);
    const line = { fixture_id: fixtureId, sportsbook: 'DraftKings', market: odd.market, name: odd.name };
    const response = await sandbox.app.request('/api/v3/sports', {
      headers: { 'X-Api-Key': TEST_KEY, 'X-Sandbox-Line-Lock': new URLSearchParams(line).toString() },
    });
    expect(response.status).toBe(200);
    expect(await oddsAt(sandbox, fixtureId)).toEqual([]);
    const bad = await sandbox.app.request('/api/v3/sports', {
      headers: { 'X-Api-Key': TEST_KEY, 'X-Sandbox-Line-Lock': 'fixture_id=x&locked=maybe' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'X-Sandbox-Line-Lock: locked: expected true or false' });
    expect((await lockLine(sandbox, { ...line, hold_seconds: 0 })).body).toEqual({
      error: 'hold_seconds: expected 1 to 3600',
    });
    expect((await lockLine(sandbox, { ...line, name: 'Nobody' })).status).toBe(404);
    const noKey = await sandbox.app.request('/api/v3/__sandbox/line-lock', { method: 'POST', body: '{}' });
    expect(noKey.status).toBe(401);
  });

  it('passes through our server only to the sandbox', () => {
    const incoming = new Headers({ 'X-Sandbox-Line-Lock': 'fixture_id=x' });
    const target = (passedOn?: typeof SANDBOX_FORCING) => ({
      baseUrl: 'https://odds.example/api/v3',
      apiKey: 'k',
      timeoutMs: 1_000,
      agent: new Agent(),
      passedOn,
    });
    const ask = (passedOn?: typeof SANDBOX_FORCING) =>
      upstreamQuestion(target(passedOn), SPORTS, new URLSearchParams(), incoming, null).request();
    expect(ask().headers.has('x-sandbox-line-lock')).toBe(false);
    expect(ask(SANDBOX_FORCING).headers.get('x-sandbox-line-lock')).toBe('fixture_id=x');
  });
});
