import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../../../sandbox/app.ts';
import { createOddsClient, type OddsClientOptions } from '../client.ts';
import { createBetTrackingClient } from './endpoints.ts';
import { injuriesQuery, lineHistoryQuery, resultsQuery } from './queries.ts';

/** Both clients on one set of options: the games to ask about, and what is asked about them. */
function oddsAndBetTrackingClient(options: OddsClientOptions) {
  return { ...createOddsClient(options), ...createBetTrackingClient(options) };
}

const NOW = Date.parse('2026-11-22T15:00:00Z');
const DAY_MS = 24 * 3_600_000;

function clientAt(nowMs: number) {
  const sandbox = createSandboxApp({
    apiKey: 'k',
    latency: 'zero',
    randomFailures: false,
    catalog: 'small',
    now: () => nowMs,
  });
  let calls = 0;
  const client = oddsAndBetTrackingClient({
    baseUrl: 'http://sandbox.test',
    apiKey: 'k',
    fetch: async (input, init) => {
      calls += 1;
      return sandbox.fetch(new Request(input, init));
    },
  });
  return { client, calls: () => calls };
}

describe('the after-the-bet queries', () => {
  it("keeps a finished game's line history and results for good, and an open game's a minute", async () => {
    const now = clientAt(NOW);
    const [game] = (await now.client.listAllActiveFixtures({ leagues: ['nba'] })).filter(
      (item) => item.status === 'unplayed',
    );
    if (!game) throw new Error('no NBA game');
    const leg = { fixtureId: game.id, market: 'Moneyline' };

    const open = new QueryClient();
    await open.fetchQuery(lineHistoryQuery(now.client, leg, ['DraftKings']));
    const openResults = resultsQuery(now.client, [game.id]);
    await open.fetchQuery(openResults);
    expect(open.getQueryCache().find({ queryKey: openResults.queryKey })?.isStale()).toBe(false);

    const later = clientAt(NOW + 3 * DAY_MS);
    const settled = new QueryClient();
    const history = lineHistoryQuery(later.client, leg, ['DraftKings']);
    const results = resultsQuery(later.client, [game.id]);
    await settled.fetchQuery(history);
    await settled.fetchQuery(results);
    const asked = later.calls();
    // Asked again: a finished game's answers are still fresh, so nothing goes out.
    await settled.fetchQuery(history);
    await settled.fetchQuery(results);
    expect(later.calls()).toBe(asked);
  });

  it('asks for injuries only when some league is on screen', async () => {
    const { client, calls } = clientAt(NOW);
    const queries = new QueryClient();
    expect(injuriesQuery(client, []).enabled).toBe(false);
    const injuries = await queries.fetchQuery(injuriesQuery(client, ['nba', 'nfl', 'mlb']));
    expect(injuries.length).toBeGreaterThan(0);
    expect(calls()).toBe(1);
  });
});
