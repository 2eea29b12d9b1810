// Real legs for the benchmark, read from the sandbox through our server (never hard-coded ids: the
// catalog moves with the clock). Asked with X-Sandbox-Latency: zero so picking them is quick.
// Run under tsx (npm run bench does), so the app's own TypeScript modules are the source of truth.
import { encodeSlip } from '../../src/domain/slip.ts';
import { SPORTSBOOKS } from '../../src/domain/sportsbooks.ts';

const ALL_BOOKS = [...SPORTSBOOKS];
/** Games starting at least this long from now, so none goes live (slower same-day habits, or gone) mid-run. */
const MIN_LEAD_MS = 2 * 60 * 60 * 1000;

async function getJson(url) {
  const response = await fetch(url, { headers: { 'x-sandbox-latency': 'zero' } });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status} ${await response.text()}`);
  return response.json();
}

/**
 * Upcoming games of a league, soonest first, whose names are unique (so a games-list row is
 * unambiguous). `nowMs`: the sandbox's now, when it runs in a world of its own (lib/world.mjs).
 */
export async function upcomingGames(origin, league = 'nba', nowMs = Date.now()) {
  const games = [];
  let cursor = null;
  // Every page of the listing (the live envelope: a cursor while there is more).
  do {
    const body = await getJson(
      `${origin}/api/v3/fixtures/active?league=${league}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`,
    );
    games.push(...body.data);
    cursor = body.has_more === true && typeof body.cursor === 'string' ? body.cursor : null;
  } while (cursor !== null);
  const soonest = nowMs + MIN_LEAD_MS;
  const label = (game) => `${game.away_team_display} @ ${game.home_team_display}`;
  const counts = new Map();
  for (const game of games) counts.set(label(game), (counts.get(label(game)) ?? 0) + 1);
  return games
    .filter(
      (game) =>
        game.status === 'unplayed' &&
        !game.is_live &&
        Date.parse(game.start_date) > soonest &&
        counts.get(label(game)) === 1,
    )
    .sort((a, b) => Date.parse(a.start_date) - Date.parse(b.start_date))
    .map((game) => ({ fixture: game, label: label(game) }));
}

/** The main lines the benchmark's legs come from (a live-size game's every market is megabytes). */
export const MAIN_LINE_MARKETS = ['moneyline', 'point_spread', 'total_points'];

/** A game's odds in the given markets at all ten books (the service takes at most 5 books per call). */
export async function gameOdds(origin, fixtureId, markets = MAIN_LINE_MARKETS) {
  const halves = [ALL_BOOKS.slice(0, 5), ALL_BOOKS.slice(5)];
  const bodies = await Promise.all(
    halves.map((books) => {
      const query = new URLSearchParams({ fixture_id: fixtureId });
      for (const book of books) query.append('sportsbook', book);
      for (const market of markets) query.append('market', market);
      return getJson(`${origin}/api/v3/fixtures/odds?${query}`);
    }),
  );
  return bodies.flatMap((body) => body.data[0]?.odds ?? []);
}

/** The first main selection of a market that every one of the ten books offers, as a slip leg. */
export function legOfferedEverywhere(fixtureId, odds, market, predicate = () => true) {
  const byName = new Map();
  for (const odd of odds) {
    if (odd.market !== market || !odd.is_main || !predicate(odd)) continue;
    byName.set(odd.name, (byName.get(odd.name) ?? new Set()).add(odd.sportsbook));
  }
  for (const [name, books] of byName) if (books.size === ALL_BOOKS.length) return { fixtureId, market, name };
  return null;
}

/**
 * `count` cross-game legs (the home side's moneyline in `count` different games) that all ten
 * books price, with the games they come from.
 */
export async function moneylineLegs(origin, count, { league = 'nba', nowMs = Date.now() } = {}) {
  const picked = [];
  for (const game of await upcomingGames(origin, league, nowMs)) {
    if (picked.length === count) break;
    const odds = await gameOdds(origin, game.fixture.id);
    const leg = legOfferedEverywhere(
      game.fixture.id,
      odds,
      'Moneyline',
      (odd) => odd.name === game.fixture.home_team_display,
    );
    if (leg) picked.push({ game, leg, odds });
  }
  if (picked.length < count)
    throw new Error(`Only ${picked.length} usable ${league} games in the sandbox, wanted ${count}.`);
  return picked;
}

export { ALL_BOOKS, encodeSlip };
