import { describe, expect, it } from 'vitest';
import { API_PREFIX } from '../../src/domain/odds/api-prefix.ts';
import { legFactor, selectionGroup, type FairSelection } from '../odds/fair-selection.ts';
import { market } from '../odds/markets.ts';
import { activeFixtures, getJson, makeApp, oddsOf, TEST_KEY, upcomingFixtures } from '../testing/sandbox-client.ts';
import { gradeSelection, GRADE_RESULTS } from './grade-selection.ts';
import type { GameScore } from './game-score.ts';

interface GradedWire {
  fixture_id: string;
  away_team_display: string;
  home_team_display: string;
  status: string;
  away_score: number;
  home_score: number;
  player_score: number | null;
  market: string;
  name: string;
  result: string;
}

const HOUR_MS = 3_600_000;
const gradePath = (fixtureId: string, marketName: string, name: string) =>
  `${API_PREFIX}/grader/odds?fixture_id=${encodeURIComponent(fixtureId)}&market=${encodeURIComponent(marketName)}&name=${encodeURIComponent(name)}`;

async function postGrades(app: ReturnType<typeof makeApp>, body: unknown) {
  const response = await app.request(`${API_PREFIX}/grader/odds`, {
    method: 'POST',
    headers: { 'X-Api-Key': TEST_KEY, 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** A basketball game over 4 quarters: 25-20, 30-28, 20-25, 25-27 (100-100... plus overtime 9-4). */
const SCORE: GameScore = {
  segments: [
    { home: 25, away: 20 },
    { home: 30, away: 28 },
    { home: 20, away: 25 },
    { home: 25, away: 27 },
  ],
  overtime: { home: 9, away: 4 },
};

function spreadSelections(homeLine: number, period: 'game' | 'h1' = 'game'): FairSelection[] {
  const info = market(period === 'game' ? 'Point Spread' : '1st Half Point Spread', 'spread', period);
  return selectionGroup({ fixtureId: 'F', market: info, groupingKey: `default:${homeLine}`, isMain: true }, [
    {
      name: 'Home',
      selection: 'Home',
      normalizedSelection: 'home',
      points: homeLine,
      probability: 0.5,
      factor: legFactor({ latent: 'margin', side: 'home', period }),
    },
    {
      name: 'Away',
      selection: 'Away',
      normalizedSelection: 'away',
      points: -homeLine,
      probability: 0.5,
      factor: legFactor({ latent: 'margin', side: 'away', period }),
    },
  ]);
}

function totalSelections(line: number): FairSelection[] {
  const info = market('Total Points', 'total', 'game');
  return selectionGroup({ fixtureId: 'F', market: info, groupingKey: `default:${line}`, isMain: true }, [
    {
      name: `Over ${line}`,
      selection: 'Over',
      normalizedSelection: 'over',
      selectionLine: 'over',
      points: line,
      probability: 0.5,
      factor: legFactor({ latent: 'total', period: 'game', direction: 1 }),
    },
    {
      name: `Under ${line}`,
      selection: 'Under',
      normalizedSelection: 'under',
      selectionLine: 'under',
      points: line,
      probability: 0.5,
      factor: legFactor({ latent: 'total', period: 'game', direction: -1 }),
    },
  ]);
}

const grade = (selection: FairSelection | undefined) => {
  if (!selection) throw new Error('no selection');
  const grading = gradeSelection({ sportId: 'basketball', selection, score: SCORE, playerFigure: null });
  return grading.kind === 'graded' ? grading.result : grading.message;
};

describe('grading rules (whole game 109-104 after overtime; first half 55-48)', () => {
  it('grades spreads with overtime for the game, regulation for a half; a whole-number line that lands is Refunded', () => {
    expect(spreadSelections(-4.5).map(grade)).toEqual(['Won', 'Lost']);
    expect(spreadSelections(-5).map(grade)).toEqual(['Refunded', 'Refunded']);
    expect(spreadSelections(-7, 'h1').map(grade)).toEqual(['Refunded', 'Refunded']);
    expect(spreadSelections(-7.5, 'h1').map(grade)).toEqual(['Lost', 'Won']);
  });

  it('splits quarter lines into their two half lines: Half Won and Half Lost', () => {
    // Home -5.25 = half on -5 (push) and half on -5.5 (loses).
    expect(spreadSelections(-5.25).map(grade)).toEqual(['Half Lost', 'Half Won']);
    // Home -4.75 = half on -4.5 (wins) and half on -5 (push).
    expect(spreadSelections(-4.75).map(grade)).toEqual(['Half Won', 'Half Lost']);
    expect(totalSelections(213).map(grade)).toEqual(['Refunded', 'Refunded']);
    expect(totalSelections(212.75).map(grade)).toEqual(['Half Won', 'Half Lost']);
  });

  it('uses only the vendor result words', () => {
    expect(
      [...spreadSelections(-5.25), ...totalSelections(200)]
        .map(grade)
        .every((result) => (GRADE_RESULTS as readonly string[]).includes(result)),
    ).toBe(true);
  });
});

describe('GET and POST /grader/odds: the vendor definition', () => {
  it('grades a finished game from its result: the winner Won, the loser Lost, with the final score', async () => {
    const app = makeApp();
    const [game] = await upcomingFixtures(app, 'league=nba');
    if (!game) throw new Error('no NBA game');
    const after = makeApp({ now: () => Date.parse(game.start_date) + 6 * HOUR_MS });
    const home = (await getJson<{ data: GradedWire }>(after, gradePath(game.id, 'Moneyline', game.home_team_display)))
      .body.data;
    const away = (await getJson<{ data: GradedWire }>(after, gradePath(game.id, 'Moneyline', game.away_team_display)))
      .body.data;
    expect(home).toEqual({
      fixture_id: game.id,
      away_team_display: game.away_team_display,
      home_team_display: game.home_team_display,
      status: 'Completed',
      away_score: expect.any(Number),
      home_score: expect.any(Number),
      player_score: null,
      market: 'Moneyline',
      name: game.home_team_display,
      result: home.home_score > home.away_score ? 'Won' : 'Lost',
    });
    expect(new Set([home.result, away.result])).toEqual(new Set(['Won', 'Lost']));
    const before = await getJson<{ data: GradedWire }>(app, gradePath(game.id, 'Moneyline', game.home_team_display));
    expect(before.body.data).toMatchObject({ status: 'Unplayed', result: 'Pending' });
  });

  it("grades a player's prop on his figure (player_score), as the results report it", async () => {
    const app = makeApp();
    const [game] = await upcomingFixtures(app, 'league=nba');
    if (!game) throw new Error('no NBA game');
    const prop = (await oddsOf(app, game.id, ['DraftKings'])).find(
      (odd) => odd.market === 'Player Points' && odd.name.includes(' Over '),
    );
    if (!prop) throw new Error('no points prop');
    const after = makeApp({ now: () => Date.parse(game.start_date) + 6 * HOUR_MS });
    const { body } = await getJson<{ data: GradedWire }>(after, gradePath(game.id, prop.market, prop.name));
    const figure = body.data.player_score ?? -1;
    expect(figure).toBeGreaterThanOrEqual(0);
    expect(body.data.result).toBe(figure > (prop.points ?? 0) ? 'Won' : 'Lost');
  });

  it('voids a cancelled game: Refunded with status Cancelled', async () => {
    const app = makeApp({ catalog: 'realistic' });
    const cancelled = (await activeFixtures(app, 'league=nhl&status=cancelled'))[0];
    if (!cancelled) throw new Error('every core league lists a cancelled game');
    const { body } = await getJson<{ data: GradedWire }>(
      app,
      gradePath(cancelled.id, 'Moneyline', cancelled.home_team_display),
    );
    expect(body.data).toMatchObject({ status: 'Cancelled', result: 'Refunded' });
  });

  it("answers the grader's errors: an unknown game 404 (code 100), an unknown bet 400 (code 103)", async () => {
    const app = makeApp();
    const [game] = await upcomingFixtures(app, 'league=nba');
    expect(await getJson(app, gradePath('20251122AAAAAAAA', 'Moneyline', 'X'))).toMatchObject({
      status: 404,
      body: { message: 'Game not found', code: 100 },
    });
    expect(await getJson(app, gradePath(game?.id ?? '', 'Moneyline', 'Nobody'))).toMatchObject({
      status: 400,
      body: { message: 'Bet type not supported', code: 103 },
    });
  });

  it('POST grades up to 25 at once, in order, with errors[] for the ones it cannot grade', async () => {
    const app = makeApp();
    const [game] = await upcomingFixtures(app, 'league=nba');
    if (!game) throw new Error('no NBA game');
    const after = makeApp({ now: () => Date.parse(game.start_date) + 6 * HOUR_MS });
    const selections = [
      { fixture_id: game.id, market: 'Moneyline', name: game.home_team_display },
      { fixture_id: '20251122AAAAAAAA', market: 'Moneyline', name: 'X' },
      { fixture_id: game.id, market: 'Moneyline', name: game.away_team_display },
    ];
    const { status, body } = await postGrades(after, { selections });
    expect(status).toBe(200);
    expect(body).toEqual({
      data: [
        expect.objectContaining({ name: game.home_team_display, status: 'Completed' }),
        expect.objectContaining({ name: game.away_team_display, status: 'Completed' }),
      ],
      errors: [
        { fixture_id: '20251122AAAAAAAA', market: 'Moneyline', name: 'X', message: 'Game not found', code: 100 },
      ],
    });
  });

  it('POST refuses a malformed body field by field, and more than 25 selections', async () => {
    const app = makeApp();
    expect(await postGrades(app, { selections: [{ fixture_id: 'F', market: '' }, 'x'] })).toEqual({
      status: 400,
      body: {
        error:
          'selections[0].market: must not be empty; selections[0].name: required; selections[1]: expected an object',
      },
    });
    const many = Array.from({ length: 26 }, () => ({ fixture_id: 'F', market: 'Moneyline', name: 'X' }));
    expect(await postGrades(app, { selections: many })).toEqual({
      status: 400,
      body: { error: 'selections: expected 1 to 25 selections, got 26' },
    });
    expect((await postGrades(app, 'not json')).body).toEqual({ error: 'invalid JSON body' });
  });
});
