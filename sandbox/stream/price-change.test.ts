import { Agent } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_FORCING } from '../../server/odds-service.ts';
import { SPORTS } from '../../server/proxy/routes/catalog.ts';
import { upstreamQuestion } from '../../server/proxy/upstream-request.ts';
import { PROXIED_ROUTES } from '../../server/proxy/proxy.ts';
import { getJson, postParlay, TEST_KEY, type FixtureWithOddsWire, type OddWire } from '../testing/sandbox-client.ts';
import {
  advanceAndRead,
  makeStreamSandbox,
  openStream,
  payloadOf,
  type StreamReader,
  type StreamRow,
  type StreamSandbox,
} from '../testing/stream-client.ts';

const readers: StreamReader[] = [];
afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.close()));
});

/** A Premier League game in play at the fixed clock, and DraftKings' main moneyline draw in it. */
async function liveLine(sandbox: StreamSandbox): Promise<{ fixtureId: string; odd: OddWire }> {
  const { body: fixtures } = await getJson<{ data: { id: string; status: string }[] }>(
    sandbox.app,
    '/api/v3/fixtures/active?league=england_-_premier_league',
  );
  const fixture = fixtures.data.find((candidate) => candidate.status === 'live');
  if (!fixture) throw new Error('no live Premier League game');
  const odds = await oddsAt(sandbox, fixture.id);
  const odd = odds.find((candidate) => candidate.market === 'Moneyline 3-Way' && candidate.name === 'Draw');
  if (!odd) throw new Error('no draw price');
  return { fixtureId: fixture.id, odd };
}

async function oddsAt(sandbox: StreamSandbox, fixtureId: string): Promise<OddWire[]> {
  const { body } = await getJson<{ data: FixtureWithOddsWire[] }>(
    sandbox.app,
    `/api/v3/fixtures/odds?fixture_id=${fixtureId}&sportsbook=DraftKings`,
  );
  return body.data[0]?.odds ?? [];
}

async function changePrice(sandbox: StreamSandbox, body: Record<string, unknown>) {
  const response = await sandbox.app.request('/api/v3/__sandbox/price-change', {
    method: 'POST',
    headers: { 'X-Api-Key': TEST_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { data?: StreamRow; error?: string } };
}

describe('the price-change test hook', () => {
  it('changes a price now: on the stream at once (zero latency), in /fixtures/odds and /parlay/odds', async () => {
    const sandbox = makeStreamSandbox();
    const { fixtureId, odd } = await liveLine(sandbox);
    const stream = await openStream(sandbox.app, '/api/v3/stream/odds/soccer?sportsbook=DraftKings');
    readers.push(stream);
    await stream.until(() => true);
    const line = { fixture_id: fixtureId, sportsbook: 'DraftKings', market: odd.market, name: odd.name };
    const forcedPrice = odd.price > 0 ? odd.price + 40 : odd.price - 40;

    const changed = await changePrice(sandbox, { ...line, price: forcedPrice });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ id: odd.id, price: forcedPrice, timestamp: sandbox.clock.now() / 1000 });

    // No clock moved: the hook's own event, straight away.
    const [frame] = await stream.until((candidate) => candidate.event === 'odds');
    const payload = payloadOf<StreamRow>(frame ?? { event: '', data: '{}', id: undefined, retryMs: undefined });
    expect(payload.data).toEqual([changed.body.data]);
    expect(frame?.id).toBe(payload.entry_id);
    expect(Number(payload.entry_id.split('-')[0])).toBe(sandbox.clock.now());

    const rest = (await oddsAt(sandbox, fixtureId)).find((candidate) => candidate.id === odd.id);
    expect(rest?.price).toBe(forcedPrice);
    const { body: parlay } = await postParlay(sandbox.app, {
      sportsbooks: ['DraftKings'],
      entries: [
        { fixture_id: fixtureId, market: odd.market, name: odd.name },
        { fixture_id: fixtureId, market: 'Total Goals', name: 'Over 2.5' },
      ],
    });
    expect(parlay.data.DraftKings?.legs?.[0]?.price).toBe(forcedPrice);
  });

  it('moves by a delta in cents across even money, and gives the model price back after hold_seconds', async () => {
    const sandbox = makeStreamSandbox();
    const { fixtureId, odd } = await liveLine(sandbox);
    const line = { fixture_id: fixtureId, sportsbook: 'draftkings', market: odd.market, name: odd.name };
    await changePrice(sandbox, { ...line, price: -105 });
    const stream = await openStream(sandbox.app, '/api/v3/stream/odds/soccer?sportsbook=DraftKings');
    readers.push(stream);
    await stream.until(() => true);
    const moved = await changePrice(sandbox, { ...line, delta: 15, hold_seconds: 10 });
    expect(moved.body.data?.price).toBe(110);

    const frames = await advanceAndRead(sandbox, stream, 15_000);
    const rows = frames
      .filter((frame) => frame.event === 'odds')
      .flatMap((frame) => payloadOf<StreamRow>(frame).data)
      .filter((row) => row.id === odd.id);
    const back = rows.at(-1);
    expect(back?.price).not.toBe(110);
    expect((await oddsAt(sandbox, fixtureId)).find((candidate) => candidate.id === odd.id)?.price).toBe(back?.price);
  });

  it('works as the X-Sandbox-Price-Change header on any request (the way through our server)', async () => {
    const sandbox = makeStreamSandbox();
    const { fixtureId, odd } = await liveLine(sandbox);
    const header = new URLSearchParams({
      fixture_id: fixtureId,
      sportsbook: 'DraftKings',
      market: odd.market,
      name: odd.name,
      price: '+900',
    }).toString();
    const response = await sandbox.app.request('/api/v3/sports', {
      headers: { 'X-Api-Key': TEST_KEY, 'X-Sandbox-Price-Change': header },
    });
    expect(response.status).toBe(200);
    expect((await oddsAt(sandbox, fixtureId)).find((candidate) => candidate.id === odd.id)?.price).toBe(900);
    const bad = await sandbox.app.request('/api/v3/sports', {
      headers: { 'X-Api-Key': TEST_KEY, 'X-Sandbox-Price-Change': 'fixture_id=x' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'X-Sandbox-Price-Change: sportsbook, market, name: required' });
  });

  it('cannot be reached through our server against the live service: header dropped, route not proxied', () => {
    const incoming = new Headers({ 'X-Sandbox-Price-Change': 'fixture_id=x&price=120' });
    const target = (passedOn?: typeof SANDBOX_FORCING) => ({
      baseUrl: 'https://odds.example/api/v3',
      apiKey: 'k',
      timeoutMs: 1_000,
      agent: new Agent(),
      passedOn,
    });
    const live = upstreamQuestion(target(), SPORTS, new URLSearchParams(), incoming, null).request();
    expect(live.headers.has('x-sandbox-price-change')).toBe(false);
    const sandbox = upstreamQuestion(target(SANDBOX_FORCING), SPORTS, new URLSearchParams(), incoming, null).request();
    expect(sandbox.headers.get('x-sandbox-price-change')).toBe('fixture_id=x&price=120');
    expect(Object.keys(PROXIED_ROUTES).some((path) => path.includes('__sandbox'))).toBe(false);
  });

  it('says what is wrong with a change it cannot make, and needs the key', async () => {
    const sandbox = makeStreamSandbox();
    const { fixtureId, odd } = await liveLine(sandbox);
    const line = { fixture_id: fixtureId, sportsbook: 'DraftKings', market: odd.market, name: odd.name };
    expect((await changePrice(sandbox, { ...line, price: 50 })).body).toEqual({
      error: 'price: expected American odds, e.g. -110 or 125',
    });
    expect((await changePrice(sandbox, { ...line })).body).toEqual({ error: 'send either price or delta' });
    expect((await changePrice(sandbox, { ...line, name: 'Nobody', price: 120 })).status).toBe(404);
    expect((await changePrice(sandbox, { ...line, fixture_id: '20991231AAAAAAAA', price: 120 })).status).toBe(404);
    expect((await changePrice(sandbox, { ...line, sportsbook: 'Pinnacle', price: 120 })).status).toBe(400);
    const noKey = await sandbox.app.request('/api/v3/__sandbox/price-change', { method: 'POST', body: '{}' });
    expect(noKey.status).toBe(401);
  });
});
