/**
 * Our server over the built-in sandbox (no ODDS_API_KEY: on a loopback port of its own), its real
 * odds stream behind ours: readers of a fixture share one upstream stream per book group, and a
 * price changed in the sandbox (the X-Sandbox-Price-Change hook, through our proxy) reaches every
 * reader at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { raw, startServerFromEnv, type StartedServer } from '../testing/raw-http.ts';
import { openSse, payloadOf, type SseClient } from '../testing/sse-client.ts';

let server: StartedServer | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

interface OddRow {
  id: string;
  market: string;
  name: string;
  price: number;
  fixture_id: string;
}

function oddsRowsOf(reader: SseClient): OddRow[] {
  return reader.frames
    .filter((frame) => frame.event === 'odds')
    .flatMap((frame) => payloadOf(frame).data as unknown as OddRow[]);
}

/** Waits until a frame so far, or the next, matches. */
async function until(reader: SseClient, matches: (frame: SseClient['frames'][number]) => boolean): Promise<void> {
  if (!reader.frames.some(matches)) await reader.next(matches);
}

async function getJson<Body>(port: number, path: string): Promise<Body> {
  const answer = await raw(port, 'GET', path);
  expect(answer.status, answer.body).toBe(200);
  return JSON.parse(answer.body) as Body;
}

describe('the odds stream over the built-in sandbox', () => {
  it('shares one upstream stream per book group among readers and brings a price changed in the sandbox to each', async () => {
    server = await startServerFromEnv({ SANDBOX_LATENCY: 'zero', SANDBOX_FAILURES: '0', PROXY_RATE_LIMIT: '0' });
    const { port, serverApp } = server;
    const fixtures = await getJson<{ data: { id: string }[] }>(port, '/api/v3/fixtures/active?sport=basketball');
    // The first listed game with a moneyline at DraftKings.
    let fixtureId = '';
    let line: OddRow | undefined;
    for (let index = 0; index < fixtures.data.length && line === undefined; index += 5) {
      const ids = fixtures.data.slice(index, index + 5).map((fixture) => `fixture_id=${fixture.id}`);
      const odds = await getJson<{ data: { id: string; odds: OddRow[] }[] }>(
        port,
        `/api/v3/fixtures/odds?${ids.join('&')}&sportsbook=DraftKings&is_main=true`,
      );
      for (const fixture of odds.data) {
        line ??= fixture.odds.find((odd) => odd.market === 'Moneyline');
        if (line !== undefined && fixtureId === '') fixtureId = fixture.id;
      }
    }
    if (line === undefined) throw new Error('no line to move');
    const newPrice = line.price === 777 ? 778 : 777;

    const readers = await Promise.all(
      Array.from({ length: 3 }, () =>
        openSse(
          port,
          `/api/v3/stream/odds/basketball?sportsbook=DraftKings,BetMGM&fixture_id=${fixtureId}&is_main=true`,
        ),
      ),
    );
    for (const reader of readers) {
      expect(reader.status).toBe(200);
      await until(reader, (frame) => frame.event === 'connected');
    }
    expect(serverApp.streams.hub.upstreamOpen).toBe(2);

    const moved = await raw(port, 'GET', '/api/v3/sports', {
      headers: {
        'X-Sandbox-Price-Change': new URLSearchParams({
          fixture_id: fixtureId,
          sportsbook: 'DraftKings',
          market: line.market,
          name: line.name,
          price: String(newPrice),
        }).toString(),
      },
    });
    expect(moved.status).toBe(200);
    for (const reader of readers) {
      await until(reader, () => oddsRowsOf(reader).some((row) => row.id === line.id && row.price === newPrice));
    }
    // Only the asked fixture reached these readers.
    for (const reader of readers) expect(oddsRowsOf(reader).every((row) => row.fixture_id === fixtureId)).toBe(true);
    expect(serverApp.streams.hub.upstreamOpen).toBe(2);
    for (const reader of readers) reader.close();
  }, 30_000);
});
