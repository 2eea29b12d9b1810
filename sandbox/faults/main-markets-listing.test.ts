import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../app.ts';

const app = createSandboxApp({
  apiKey: 'k',
  latency: 'zero',
  randomFailures: false,
  now: () => Date.parse('2026-11-22T12:00:00Z'),
  catalog: 'small',
});

interface ListedSport {
  id: string;
  main_markets?: unknown[];
}

async function ask(path: string, listing?: string): Promise<Response> {
  const headers: Record<string, string> = { 'X-Api-Key': 'k' };
  if (listing !== undefined) headers['X-Sandbox-Main-Markets'] = listing;
  return app.request(path, { headers });
}

async function sportsOf(path: string, listing?: string): Promise<ListedSport[]> {
  const { data } = (await (await ask(path, listing)).json()) as { data: (ListedSport | { sport: ListedSport })[] };
  return data.map((row) => ('sport' in row ? row.sport : row));
}

describe('X-Sandbox-Main-Markets', () => {
  it('lists the named sports without main markets, or with none, in every catalog answer; others as ever', async () => {
    for (const path of ['/api/v3/sports', '/api/v3/sports/active', '/api/v3/leagues', '/api/v3/leagues/active']) {
      const sports = await sportsOf(path, 'basketball=omitted; soccer=EMPTY');
      const basketball = sports.find((sport) => sport.id === 'basketball');
      expect(basketball, path).toBeDefined();
      expect(basketball && 'main_markets' in basketball, path).toBe(false);
      expect(sports.find((sport) => sport.id === 'soccer')?.main_markets, path).toEqual([]);
      expect(sports.find((sport) => sport.id === 'hockey')?.main_markets, path).toHaveLength(3);
    }
    const nba = await sportsOf('/api/v3/leagues?league=nba', 'basketball=empty');
    expect(nba.map((sport) => sport.main_markets)).toEqual([[]]);
    const asBuilt = await sportsOf('/api/v3/sports');
    expect(asBuilt.find((sport) => sport.id === 'basketball')?.main_markets).toHaveLength(3);
  });

  it('refuses a listing it cannot read, saying what it takes', async () => {
    const refused = await ask('/api/v3/leagues/active', 'basketball=missing');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: expect.stringContaining('expected sport=omitted or sport=empty') as unknown,
    });
  });
});
