/**
 * Real legs from the sandbox, read through our proxy as the browser would: upcoming games that stay
 * valid for a whole run, and the ways a test takes legs from them.
 */
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { worldNowMs } from './world.ts';

export interface WireOdd {
  sportsbook: string;
  market: string;
  name: string;
  is_main: boolean;
  player_id: string | null;
  price: number;
}

export interface WireFixture {
  id: string;
  home_team_display: string;
  away_team_display: string;
  is_live: boolean;
  start_date: string;
  /** `unplayed`, `live`, `half`, `delayed`, `suspended`, `cancelled`… */
  status: string;
}

export interface E2eLeg {
  fixtureId: string;
  market: string;
  name: string;
}

/** An answer's JSON; a refusal (a limit, a timeout on a loaded machine) fails with its status and words. */
/**
 * A read for a test's setup. A 504 is our server giving up on a cold or loaded sandbox (the suite's
 * upstream timeouts are short, 1.5-2 s, so the timeout tests run fast): asked again, it is answered
 * (at load 30, two asks were not always enough).
 */
export async function readForSetup(request: APIRequestContext, path: string): Promise<APIResponse> {
  for (let ask = 1; ; ask++) {
    const response = await request.get(path);
    if (response.status() !== 504 || ask === 4) return response;
  }
}

async function answerJson<Body>(response: APIResponse): Promise<Body> {
  if (!response.ok())
    throw new Error(`${response.url()} answered ${response.status()}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as Body;
}

/** Games that start at least an hour from now, so none goes live (or finishes) during a test. */
const MIN_LEAD_MS = 60 * 60 * 1000;

/** Every game a league lists, in any status (every page of the listing). */
export async function activeFixtures(request: APIRequestContext, league: string): Promise<WireFixture[]> {
  const fixtures: WireFixture[] = [];
  let cursor: string | null = null;
  do {
    const response: APIResponse = await readForSetup(
      request,
      `/api/v3/fixtures/active?league=${encodeURIComponent(league)}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
    );
    const body = await answerJson<{ data: WireFixture[]; cursor?: string | null; has_more?: boolean }>(response);
    fixtures.push(...body.data);
    cursor = body.has_more === true && typeof body.cursor === 'string' ? body.cursor : null;
  } while (cursor !== null);
  return fixtures;
}

/** A league's games that will still be unplayed, and bettable, when the test runs. */
export async function upcomingFixtures(request: APIRequestContext, league = 'nba'): Promise<WireFixture[]> {
  const fixtures = await activeFixtures(request, league);
  const soonest = worldNowMs() + MIN_LEAD_MS;
  return fixtures.filter(
    (fixture) => fixture.status === 'unplayed' && !fixture.is_live && Date.parse(fixture.start_date) > soonest,
  );
}

/** The main lines every test draws from: asking for a live-size game unfiltered is megabytes. */
const MAIN_LINE_MARKETS = ['moneyline', 'point_spread', 'total_points'];
const FIVE_BOOKS = ['DraftKings', 'BetMGM', 'Fanatics', 'BetRivers', 'Hard Rock'];

export async function fixtureOdds(
  request: APIRequestContext,
  fixtureId: string,
  options: { books?: readonly string[]; markets?: readonly string[] } = {},
): Promise<WireOdd[]> {
  const { books = FIVE_BOOKS, markets = MAIN_LINE_MARKETS } = options;
  const query = new URLSearchParams({ fixture_id: fixtureId });
  for (const book of books) query.append('sportsbook', book);
  for (const market of markets) query.append('market', market);
  const response = await readForSetup(request, `/api/v3/fixtures/odds?${query.toString()}`);
  const body = await answerJson<{ data: { odds: WireOdd[] }[] }>(response);
  return body.data[0]?.odds ?? [];
}

/** The first main selection of a market in a game, as a slip leg. */
export function pickLeg(
  fixtureId: string,
  odds: readonly WireOdd[],
  market: string,
  predicate: (odd: WireOdd) => boolean = () => true,
): E2eLeg {
  const odd = odds.find((candidate) => candidate.market === market && candidate.is_main && predicate(candidate));
  if (!odd) throw new Error(`No main ${market} selection in ${fixtureId}`);
  return { fixtureId, market: odd.market, name: odd.name };
}

/** One upcoming game with its odds, and the ways a test takes legs from it. */
export interface SandboxGame {
  fixture: WireFixture;
  /** How the app names the game: `Away @ Home`. */
  label: string;
  odds: WireOdd[];
}

type Games<Count extends 1 | 2 | 3> = Count extends 1
  ? [SandboxGame]
  : Count extends 2
    ? [SandboxGame, SandboxGame]
    : [SandboxGame, SandboxGame, SandboxGame];

/**
 * Asked once per worker and league: every test takes its legs from the same few games, which
 * start an hour or more from now, so they stay valid for the whole run (and the run stays well
 * inside our proxy's per-client request limit).
 */
const gamesByLeague = new Map<string, Promise<SandboxGame[]>>();

async function loadGames(request: APIRequestContext, league: string): Promise<SandboxGame[]> {
  const fixtures = await upcomingFixtures(request, league);
  const labelOf = (fixture: WireFixture) => `${fixture.away_team_display} @ ${fixture.home_team_display}`;
  const labelCounts = new Map<string, number>();
  for (const fixture of fixtures) labelCounts.set(labelOf(fixture), (labelCounts.get(labelOf(fixture)) ?? 0) + 1);
  const chosen = fixtures.filter((fixture) => labelCounts.get(labelOf(fixture)) === 1).slice(0, 3);
  // Read whole before the request context that fetched them goes away with its test.
  return Promise.all(
    chosen.map(async (fixture) => ({ fixture, label: labelOf(fixture), odds: await fixtureOdds(request, fixture.id) })),
  );
}

/** `count` upcoming games of a league whose names are unique in its listing (so a row is unambiguous). */
export async function sandboxGames<Count extends 1 | 2 | 3>(
  request: APIRequestContext,
  count: Count,
  league = 'nba',
): Promise<Games<Count>> {
  let loading = gamesByLeague.get(league);
  if (!loading) {
    loading = loadGames(request, league);
    gamesByLeague.set(league, loading);
    loading.catch(() => gamesByLeague.delete(league));
  }
  const games = (await loading).slice(0, count);
  if (games.length < count) throw new Error(`Only ${games.length} usable ${league} games in the sandbox`);
  return games as Games<Count>;
}

export function moneylineLeg(game: SandboxGame, side: 'away' | 'home' = 'away'): E2eLeg {
  const team = side === 'away' ? game.fixture.away_team_display : game.fixture.home_team_display;
  return pickLeg(game.fixture.id, game.odds, 'Moneyline', (odd) => odd.name === team);
}

export function totalLeg(game: SandboxGame, side: 'Over' | 'Under' = 'Over'): E2eLeg {
  return pickLeg(game.fixture.id, game.odds, 'Total Points', (odd) => odd.name.startsWith(`${side} `));
}

/** The main point spread of one team, e.g. `Boston Celtics -1.5`. */
export function spreadLeg(game: SandboxGame, side: 'away' | 'home' = 'away'): E2eLeg {
  const team = side === 'away' ? game.fixture.away_team_display : game.fixture.home_team_display;
  return pickLeg(game.fixture.id, game.odds, 'Point Spread', (odd) => odd.name.startsWith(`${team} `));
}

/** A player the injury report lists, as /injuries answers. */
interface WireInjury {
  player: { id: string; name: string };
  team: { id: string; name: string } | null;
  status: string;
  type: string | null;
  /** A date (`YYYY-MM-DD`): he is listed until some time that day. */
  expected_return: string | null;
}

/** His team's first upcoming game that starts before the day he is expected back. */
function gameWhileListed(fixtures: readonly WireFixture[], injury: WireInjury): WireFixture | undefined {
  const team = injury.team?.name;
  if (team === undefined) return undefined;
  const returnMs = injury.expected_return === null ? Infinity : Date.parse(`${injury.expected_return}T00:00:00Z`);
  return fixtures.find(
    (game) =>
      (game.home_team_display === team || game.away_team_display === team) && Date.parse(game.start_date) < returnMs,
  );
}

export interface InjuredLeg {
  leg: E2eLeg;
  injury: WireInjury;
  game: SandboxGame;
}

/**
 * A player prop on a player the report lists but not as Out (books pull an Out player's props), in
 * an upcoming game of `league`: the first such player in the report's order, so the same one on
 * every run at one clock.
 */
export async function injuredPlayerLeg(request: APIRequestContext, league = 'nba'): Promise<InjuredLeg> {
  const report = await answerJson<{ data: WireInjury[] }>(
    await readForSetup(request, `/api/v3/injuries?league=${encodeURIComponent(league)}`),
  );
  const fixtures = await upcomingFixtures(request, league);
  for (const injury of report.data) {
    if (injury.status === 'Out') continue;
    const fixture = gameWhileListed(fixtures, injury);
    if (!fixture) continue;
    const query = new URLSearchParams({ fixture_id: fixture.id, player_id: injury.player.id });
    for (const book of FIVE_BOOKS) query.append('sportsbook', book);
    const body = await answerJson<{ data: { odds: WireOdd[] }[] }>(
      await readForSetup(request, `/api/v3/fixtures/odds?${query.toString()}`),
    );
    const odds = body.data[0]?.odds ?? [];
    const prop = odds.find(
      (odd) => odd.is_main && odd.market.startsWith('Player ') && odd.name.startsWith(`${injury.player.name} Over`),
    );
    if (!prop) continue;
    const game = {
      fixture,
      label: `${fixture.away_team_display} @ ${fixture.home_team_display}`,
      odds: await fixtureOdds(request, fixture.id),
    };
    return { leg: { fixtureId: fixture.id, market: prop.market, name: prop.name }, injury, game };
  }
  throw new Error(`No ${league} player listed as injured (not Out) with a prop in an upcoming game`);
}

/**
 * A points prop on a player the report lists as Out, in an upcoming game of `league`: a leg kept
 * from before he was ruled out (a share link), which the books, having pulled his props, leave out.
 */
export async function ruledOutPlayerLeg(request: APIRequestContext, league = 'nba'): Promise<InjuredLeg> {
  const report = await answerJson<{ data: WireInjury[] }>(
    await readForSetup(request, `/api/v3/injuries?league=${encodeURIComponent(league)}`),
  );
  const fixtures = await upcomingFixtures(request, league);
  for (const injury of report.data) {
    if (injury.status !== 'Out') continue;
    // Still Out when it starts, so the books have pulled his props.
    const fixture = gameWhileListed(fixtures, injury);
    if (!fixture) continue;
    const game = {
      fixture,
      label: `${fixture.away_team_display} @ ${fixture.home_team_display}`,
      odds: await fixtureOdds(request, fixture.id),
    };
    const leg = { fixtureId: fixture.id, market: 'Player Points', name: `${injury.player.name} Over 20.5` };
    return { leg, injury, game };
  }
  throw new Error(`No ${league} player listed as Out in an upcoming game`);
}
