import { describe, expect, it } from 'vitest';
import { SPORTSBOOKS, sportsbookSlug } from '../../src/domain/sportsbooks.ts';
import { plannedBookLatencyMs } from '../app.ts';
import { activeFixtures, FIXED_NOW, makeApp, postParlay } from '../testing/sandbox-client.ts';

describe('planned latency', () => {
  const inputs = (requestKey: string, sameGame = false) => ({ seed: 1, bucket: 5, requestKey, sameGame });

  it('keeps each book in 80-900 ms with its own typical speed', () => {
    for (let request = 0; request < 50; request++) {
      const key = `request-${request}`;
      for (const book of SPORTSBOOKS) {
        const latency = plannedBookLatencyMs(book, inputs(key));
        expect(latency).toBeGreaterThanOrEqual(80);
        expect(latency).toBeLessThanOrEqual(900);
      }
      expect(plannedBookLatencyMs('Novig', inputs(key))).toBeLessThan(plannedBookLatencyMs('Bwin', inputs(key)));
      expect(plannedBookLatencyMs('Fanatics', inputs(key))).toBeLessThan(
        plannedBookLatencyMs('BetMGM (UK)', inputs(key)),
      );
    }
  });

  it('is slower for same-game parlays at some books (up to about 2 s)', () => {
    const key = 'same-game';
    expect(plannedBookLatencyMs('BetMGM', inputs(key, true))).toBeGreaterThan(1_200);
    expect(plannedBookLatencyMs('BetMGM', inputs(key, true))).toBeGreaterThan(
      plannedBookLatencyMs('BetMGM', inputs(key)),
    );
    expect(plannedBookLatencyMs('DraftKings', inputs(key, true))).toBeGreaterThan(
      plannedBookLatencyMs('DraftKings', inputs(key)),
    );
  });

  it('is deterministic per request and varies across requests', () => {
    expect(plannedBookLatencyMs('DraftKings', inputs('a'))).toBe(plannedBookLatencyMs('DraftKings', inputs('a')));
    const spread = new Set(
      Array.from({ length: 20 }, (_, index) => plannedBookLatencyMs('DraftKings', inputs(`key-${index}`))),
    );
    expect(spread.size).toBeGreaterThan(5);
  });
});

describe('latency headers', () => {
  it('sends x-latency-start, -end and -time (seconds) for the whole answer and no per-book header', async () => {
    const app = makeApp();
    const nba = await activeFixtures(app, 'league=nba');
    const entries = nba
      .slice(0, 2)
      .map((fixture) => ({ fixture_id: fixture.id, market: 'Moneyline', name: fixture.home_team_display }));
    const response = await postParlay(app, { sportsbooks: SPORTSBOOKS, entries });
    const start = Number(response.headers.get('x-latency-start'));
    const end = Number(response.headers.get('x-latency-end'));
    const time = Number(response.headers.get('x-latency-time'));
    expect(start).toBe(FIXED_NOW / 1000);
    expect(end - start).toBeCloseTo(time, 4);
    expect(time).toBeGreaterThanOrEqual(0);
    expect(time).toBeLessThan(1);
    for (const book of SPORTSBOOKS) expect(response.headers.get(`x-latency-${sportsbookSlug(book)}`)).toBeNull();
    expect(response.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('takes as long as the slowest book in realistic mode (X-Sandbox-Latency overrides per request)', async () => {
    const app = makeApp();
    const nba = await activeFixtures(app, 'league=nba');
    const entries = nba
      .slice(0, 2)
      .map((fixture) => ({ fixture_id: fixture.id, market: 'Moneyline', name: fixture.home_team_display }));
    const key = entries
      .map(
        (entry) =>
          `${entry.fixture_id}|moneyline|${entry.name
            .toLowerCase()
            .replace(/[^a-z0-9+-]/g, '_')
            .replace(/_+/g, '_')}`,
      )
      .join(';');
    const planned = plannedBookLatencyMs('Novig', {
      seed: 1,
      bucket: Math.floor(FIXED_NOW / 30_000),
      requestKey: key,
      sameGame: false,
    });
    const response = await postParlay(
      app,
      { sportsbooks: ['Novig'], entries },
      { headers: { 'X-Sandbox-Latency': 'realistic' } },
    );
    const seconds = Number(response.headers.get('x-latency-time'));
    expect(seconds).toBeGreaterThanOrEqual((planned - 5) / 1000);
    expect(seconds).toBeLessThan(0.95);
    const bad = await postParlay(
      app,
      { sportsbooks: ['Novig'], entries },
      { headers: { 'X-Sandbox-Latency': 'warp' } },
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'X-Sandbox-Latency: expected zero or realistic' });
  });
});
