import { describe, expect, it } from 'vitest';
import { SPORTSBOOKS, sportsbookSlug } from '../../src/domain/sportsbooks.ts';
import { plannedBookLatencyMs } from './app.ts';
import { activeFixtures, makeApp, postParlay } from './test-support.ts';

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
      expect(plannedBookLatencyMs('Fanatics', inputs(key))).toBeLessThan(plannedBookLatencyMs('BetMGM (UK)', inputs(key)));
    }
  });

  it('is slower for same-game parlays at some books (up to about 2 s)', () => {
    const key = 'same-game';
    expect(plannedBookLatencyMs('BetMGM', inputs(key, true))).toBeGreaterThan(1_200);
    expect(plannedBookLatencyMs('BetMGM', inputs(key, true))).toBeGreaterThan(plannedBookLatencyMs('BetMGM', inputs(key)));
    expect(plannedBookLatencyMs('DraftKings', inputs(key, true))).toBeGreaterThan(plannedBookLatencyMs('DraftKings', inputs(key)));
  });

  it('is deterministic per request and varies across requests', () => {
    expect(plannedBookLatencyMs('DraftKings', inputs('a'))).toBe(plannedBookLatencyMs('DraftKings', inputs('a')));
    const spread = new Set(Array.from({ length: 20 }, (_, index) => plannedBookLatencyMs('DraftKings', inputs(`key-${index}`))));
    expect(spread.size).toBeGreaterThan(5);
  });
});

describe('latency headers', () => {
  it('sends x-latency-<book> for every answering book, zero in zero mode', async () => {
    const app = makeApp();
    const nba = await activeFixtures(app, 'league=nba');
    const entries = nba.slice(0, 2).map((fixture) => ({ fixture_id: fixture.id, market: 'Moneyline', name: fixture.home_team_display }));
    const response = await postParlay(app, { sportsbooks: SPORTSBOOKS, entries });
    for (const book of SPORTSBOOKS) expect(response.headers.get(`x-latency-${sportsbookSlug(book)}`)).toBe('0');
  });

  it('reports the planned latency in realistic mode (X-Sandbox-Latency overrides per request)', async () => {
    const app = makeApp();
    const nba = await activeFixtures(app, 'league=nba');
    const entries = nba.slice(0, 2).map((fixture) => ({ fixture_id: fixture.id, market: 'Moneyline', name: fixture.home_team_display }));
    const response = await postParlay(app, { sportsbooks: ['Novig', 'Fanatics'], entries }, { headers: { 'X-Sandbox-Latency': 'realistic' } });
    const novig = Number(response.headers.get('x-latency-novig'));
    expect(novig).toBeGreaterThanOrEqual(80);
    expect(novig).toBeLessThanOrEqual(900);
    const bad = await postParlay(app, { sportsbooks: ['Novig'], entries }, { headers: { 'X-Sandbox-Latency': 'warp' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'X-Sandbox-Latency: expected zero or realistic' });
  });
});
