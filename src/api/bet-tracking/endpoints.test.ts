import { describe, expect, it, vi } from 'vitest';
import { createSandboxApp } from '../../../sandbox/app.ts';
import { SPORTSBOOKS } from '../../domain/sportsbooks.ts';
import { createOddsClient, type OddsClientOptions } from '../client.ts';
import { createBetTrackingClient } from './endpoints.ts';
import { ApiError } from '../errors.ts';
import type { DroppedReport } from '../types.ts';

/** Both clients on one set of options: the games to ask about, and what is asked about them. */
function oddsAndBetTrackingClient(options: OddsClientOptions) {
  return { ...createOddsClient(options), ...createBetTrackingClient(options) };
}

const NOW = Date.parse('2026-11-22T15:00:00Z');
const HOUR_MS = 3_600_000;

/** A client over the sandbox at `nowMs`, counting its calls. */
function sandboxClient(nowMs = NOW) {
  const sandbox = createSandboxApp({
    apiKey: 'k',
    latency: 'zero',
    randomFailures: false,
    catalog: 'small',
    now: () => nowMs,
  });
  const calls: string[] = [];
  const client = oddsAndBetTrackingClient({
    baseUrl: 'http://sandbox.test',
    apiKey: 'k',
    fetch: async (input, init) => {
      calls.push(`${init.method ?? 'GET'} ${new URL(input).pathname}`);
      return sandbox.fetch(new Request(input, init));
    },
  });
  return { client, calls };
}

/** A client over a stand-in answering `body` to every call. */
function clientAnswering(body: unknown, onDropped = vi.fn<(report: DroppedReport) => void>()) {
  const client = oddsAndBetTrackingClient({
    baseUrl: 'http://x.test',
    fetch: async () => Response.json(body),
    onDropped,
  });
  return { client, onDropped };
}

async function firstNbaGame(client: ReturnType<typeof sandboxClient>['client']) {
  const [game] = (await client.listAllActiveFixtures({ leagues: ['nba'] })).filter(
    (item) => item.status === 'unplayed',
  );
  if (!game) throw new Error('no NBA game');
  return game;
}

describe('fetchOddsHistory', () => {
  it("reads each line's opening, closing and timeseries at all ten books, five a call", async () => {
    const { client } = sandboxClient();
    const game = await firstNbaGame(client);
    const after = sandboxClient(Date.parse(game.startDate) + 60_000);
    const history = await after.client.fetchOddsHistory({
      fixtureId: game.id,
      sportsbooks: SPORTSBOOKS,
      markets: ['Moneyline'],
      includeTimeseries: true,
    });
    expect(after.calls.filter((call) => call.endsWith('/historical'))).toHaveLength(2);
    expect(history?.fixture.id).toBe(game.id);
    expect(new Set(history?.lines.map((line) => line.sportsbook)).size).toBeGreaterThan(5);
    for (const line of history?.lines ?? []) {
      expect(line.market).toBe('Moneyline');
      expect(line.opening).toEqual({ price: line.entries[0]?.price, points: null });
      const beforeStart = line.entries.filter((entry) => entry.at < Date.parse(game.startDate)).at(-1);
      expect(line.closing).toEqual({ price: beforeStart?.price, points: null });
      expect(line.entries.every((entry, index) => index === 0 || entry.at >= (line.entries[index - 1]?.at ?? 0))).toBe(
        true,
      );
    }
    // Two sandboxes' boards built cold: seconds on a busy machine.
  }, 20_000);

  it('is null for a game the service does not know', async () => {
    const { client } = sandboxClient();
    expect(await client.fetchOddsHistory({ fixtureId: '20261122AAAAAAAA', sportsbooks: ['DraftKings'] })).toBeNull();
  });

  it('reads timestamps in seconds, milliseconds or ISO, opens from the first entry without olv, and drops unknown books', async () => {
    const fixture = {
      id: 'F',
      status: 'completed',
      home_team_display: 'A',
      away_team_display: 'B',
      sport: { id: 'basketball' },
      league: { id: 'nba' },
    };
    const line = (sportsbook: string, entries: unknown[]) => ({ sportsbook, market: 'Moneyline', name: 'A', entries });
    const { client, onDropped } = clientAnswering({
      data: [
        {
          ...fixture,
          odds: [
            line('DraftKings', [
              { price: -120, timestamp: '2026-11-20T10:00:00Z' },
              { price: -110, timestamp: 1_763_700_000_000 },
              { price: 'x', timestamp: 1 },
            ]),
            line('Bookie Nobody Knows', []),
          ],
        },
      ],
    });
    const history = await client.fetchOddsHistory({ fixtureId: 'F', sportsbooks: ['DraftKings'] });
    expect(history?.lines).toHaveLength(1);
    expect(history?.lines[0]?.entries.map((entry) => entry.at)).toEqual([
      1_763_700_000_000,
      Date.parse('2026-11-20T10:00:00Z'),
    ]);
    expect(history?.lines[0]?.opening).toEqual({ price: -110, points: null });
    expect(onDropped).toHaveBeenCalledWith(expect.objectContaining({ path: '/fixtures/odds/historical', count: 1 }));
  });

  it('turns a wrong envelope into one ApiError', async () => {
    const { client } = clientAnswering({ odds: [] });
    await expect(client.fetchOddsHistory({ fixtureId: 'F', sportsbooks: ['DraftKings'] })).rejects.toMatchObject({
      kind: 'invalid_response',
    });
  });
});

describe('fetchResults and gradeSelections', () => {
  it("reads a finished game's score and players' figures, in the order asked", async () => {
    const { client } = sandboxClient();
    const [first, second] = (await client.listAllActiveFixtures({ leagues: ['nba'] })).filter(
      (item) => item.status === 'unplayed',
    );
    if (!first || !second) throw new Error('no NBA games');
    const later = sandboxClient(NOW + 3 * 24 * HOUR_MS).client;
    const results = await later.fetchResults({ fixtureIds: [second.id, first.id, second.id] });
    expect(results.map((result) => [result.fixture.id, result.fixture.status])).toEqual([
      [second.id, 'completed'],
      [first.id, 'completed'],
    ]);
    const [result] = results;
    expect(result?.scores?.home.total).toBe(
      Object.values(result?.scores?.home.periods ?? {}).reduce((a, b) => a + b, 0),
    );
    expect(result?.players[0]?.stats).toEqual(expect.objectContaining({ player_points: expect.any(Number) }));
  });

  it('grades any number of selections, each once, 25 a call, with failures in the service words', async () => {
    const { client } = sandboxClient();
    const games = (await client.listAllActiveFixtures({ leagues: ['nba', 'nhl', 'ncaab'] })).filter(
      (item) => item.status === 'unplayed' && Date.parse(item.startDate) < NOW + 24 * HOUR_MS,
    );
    const selections = games.flatMap((game) => [
      { fixtureId: game.id, market: 'Moneyline', name: game.homeTeam },
      { fixtureId: game.id, market: 'Moneyline', name: game.awayTeam },
    ]);
    expect(selections.length).toBeGreaterThan(25);
    const asked = [
      ...selections,
      selections[0],
      { fixtureId: '20261122AAAAAAAA', market: 'Moneyline', name: 'X' },
    ].filter((selection) => selection !== undefined);
    const later = sandboxClient(NOW + 2 * 24 * HOUR_MS);
    const batch = await later.client.gradeSelections({ selections: asked });
    expect(later.calls).toHaveLength(Math.ceil((selections.length + 1) / 25));
    expect(batch.grades).toHaveLength(selections.length);
    for (const game of games) {
      const sides = batch.grades.filter((grade) => grade.request.fixtureId === game.id).map((grade) => grade.result);
      expect(new Set(sides)).toEqual(new Set(['Won', 'Lost']));
    }
    expect(batch.failures).toEqual([
      {
        request: { fixtureId: '20261122AAAAAAAA', market: 'Moneyline', name: 'X' },
        message: 'Game not found',
        code: 100,
      },
    ]);
  });

  it('reads a cancelled game answered as an error (code 109) as a void: Refunded', async () => {
    const request = { fixtureId: 'F', market: 'Moneyline', name: 'A' };
    const { client } = clientAnswering({
      data: [],
      errors: [{ fixture_id: 'F', market: 'Moneyline', name: 'A', message: 'Game has been canceled', code: 109 }],
    });
    expect(await client.gradeSelections({ selections: [request] })).toEqual({
      grades: [
        { request, result: 'Refunded', status: 'Cancelled', homeScore: null, awayScore: null, playerScore: null },
      ],
      failures: [],
    });
  });

  it('grades one selection by GET, and an unknown game is a not_found ApiError in the grader words', async () => {
    const { client } = sandboxClient();
    const game = await firstNbaGame(client);
    const grade = await client.gradeSelection({ fixtureId: game.id, market: 'Moneyline', name: game.homeTeam });
    expect(grade).toMatchObject({ result: 'Pending', status: 'Unplayed' });
    const failure = await client
      .gradeSelection({ fixtureId: '20261122AAAAAAAA', market: 'Moneyline', name: 'X' })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ kind: 'not_found' });
  });
});

describe('fetchInjuries', () => {
  it("reads a league's report with statuses the app knows", async () => {
    const { client } = sandboxClient();
    const injuries = await client.fetchInjuries({ leagues: ['nba', 'nfl', 'mlb', 'nhl'] });
    expect(injuries.length).toBeGreaterThan(0);
    for (const injury of injuries) {
      expect(['Out', 'Doubtful', 'Questionable', 'Probable', 'Day-To-Day']).toContain(injury.status);
      expect(injury).toEqual(
        expect.objectContaining({
          playerId: expect.any(String),
          playerName: expect.any(String),
          teamId: expect.any(String),
        }),
      );
    }
  });

  it('keeps a status word it does not know as Other, with the word', async () => {
    const { client } = clientAnswering({ data: [{ player: { id: 'P', name: 'Jo' }, status: 'Suspended' }] });
    expect(await client.fetchInjuries({ leagues: ['nba'] })).toEqual([
      expect.objectContaining({ playerId: 'P', status: 'Other', statusText: 'Suspended', teamId: null }),
    ]);
  });
});
