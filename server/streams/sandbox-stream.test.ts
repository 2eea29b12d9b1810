/**
 * Our server over the built-in sandbox (no ODDS_API_KEY: mounted in-process), its real odds stream
 * behind ours: readers of a fixture share one upstream stream per book group, and a price changed
 * in the sandbox (the X-Sandbox-Price-Change hook, through our proxy) reaches every reader at once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '../app.ts';
import { readServerConfig } from '../config.ts';

let server: ServerApp | null = null;

afterEach(async () => {
  await server?.close();
  server = null;
});

interface OddRow {
  id: string;
  market: string;
  name: string;
  price: number;
}

/** A reader of a streamed answer in-process: the text so far, and waiting for more. */
function collect(response: Response): {
  text: () => string;
  until: (what: (text: string) => boolean) => Promise<void>;
  cancel: () => Promise<void>;
} {
  const reader = response.body?.getReader();
  if (reader === undefined) throw new Error('no body');
  const decoder = new TextDecoder();
  let text = '';
  let ended = false;
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
      if (chunk.done) break;
      text += decoder.decode(chunk.value, { stream: true });
    }
    ended = true;
  })();
  return {
    text: () => text,
    async until(what) {
      const deadline = Date.now() + 5_000;
      while (!what(text)) {
        if (ended || Date.now() > deadline) throw new Error(`not found in the stream:\n${text.slice(0, 2_000)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    cancel: () => reader.cancel(),
  };
}

function oddsRowsIn(text: string): OddRow[] {
  return [...text.matchAll(/^event: odds\ndata: (.*)$/gm)].flatMap(
    (match) => (JSON.parse(match[1] ?? '{}') as { data: OddRow[] }).data,
  );
}

describe('the odds stream over the in-process sandbox', () => {
  it('shares one upstream stream per book group among readers and brings a price changed in the sandbox to each', async () => {
    server = createServerApp(
      readServerConfig({ SANDBOX_LATENCY: 'zero', SANDBOX_FAILURES: '0', PROXY_RATE_LIMIT: '0' }),
      { log: () => undefined },
    );
    const { app } = server;
    const fixtures = (await (await app.request('/api/v3/fixtures/active?sport=basketball')).json()) as {
      data: { id: string }[];
    };
    // The first listed game with a moneyline at DraftKings.
    let fixtureId = '';
    let line: OddRow | undefined;
    for (let index = 0; index < fixtures.data.length && line === undefined; index += 5) {
      const ids = fixtures.data.slice(index, index + 5).map((fixture) => `fixture_id=${fixture.id}`);
      const odds = (await (
        await app.request(`/api/v3/fixtures/odds?${ids.join('&')}&sportsbook=DraftKings&is_main=true`)
      ).json()) as { data: { id: string; odds: OddRow[] }[] };
      for (const fixture of odds.data) {
        line ??= fixture.odds.find((odd) => odd.market === 'Moneyline');
        if (line !== undefined && fixtureId === '') fixtureId = fixture.id;
      }
    }
    if (line === undefined) throw new Error('no line to move');
    const newPrice = line.price === 777 ? 778 : 777;

    const readers = await Promise.all(
      Array.from({ length: 3 }, async () =>
        collect(
          await app.request(
            `/api/v3/stream/odds/basketball?sportsbook=DraftKings,BetMGM&fixture_id=${fixtureId}&is_main=true`,
          ),
        ),
      ),
    );
    for (const reader of readers) await reader.until((text) => text.includes('event: connected'));
    expect(server.streams.hub.upstreamOpen).toBe(2);

    const moved = await app.request('/api/v3/sports', {
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
    const movedAt = Date.now();
    for (const reader of readers) {
      await reader.until((text) => oddsRowsIn(text).some((row) => row.id === line.id && row.price === newPrice));
    }
    expect(Date.now() - movedAt).toBeLessThan(1_000);
    // Only the asked fixture reached these readers.
    for (const reader of readers)
      expect(
        oddsRowsIn(reader.text()).every((row) => (row as OddRow & { fixture_id: string }).fixture_id === fixtureId),
      ).toBe(true);
    expect(server.streams.hub.upstreamOpen).toBe(2);
    for (const reader of readers) await reader.cancel();
  }, 30_000);
});
