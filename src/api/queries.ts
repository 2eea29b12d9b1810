/**
 * Query options for the odds and a game's markets, which several features read (the leagues, the
 * first paint's, are catalog-queries.ts's). Odds are asked for by what is on screen,
 * never a game's every market (megabytes at the live service): a game's main lines on its row, one
 * market when it is opened, the slip's own markets for the slip (the same queries as an opened
 * market, so a market both open and on the slip is asked for once). Each game's odds are a query
 * of their own, sent to the service five games a call (odds-batcher.ts).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { toIdentifier } from '../domain/identifiers.ts';
import type { OddsClient } from './client.ts';
import { pollUnlessStreamed } from './live-coverage.ts';
import { oddsBatcherOf } from './odds-batcher.ts';
import { catalogKeys } from './catalog-queries.ts';
import type { FixtureWithOdds } from './types.ts';

/** How often prices a user is comparing refresh; paused while the page is hidden. */
export const PRICE_REFRESH_MS = 30_000;
/** Lines on game rows are for browsing: fresh enough at a minute. */
const GAME_LINES_REFRESH_MS = 60_000;

/**
 * A refresh on the clock's own beat (every whole `periodMs` since the epoch) rather than from when
 * each query started: every game's odds on screen come due in the same instant, so the batcher sends
 * them together, five games a call, and every reader's refresh meets the same answer in our server's
 * shared cache. Recomputed after each fetch; a beat less than a second away waits for the next one.
 */
export function onTheBeat(periodMs: number): () => number {
  return () => {
    const untilBeat = periodMs - (Date.now() % periodMs);
    return untilBeat < 1000 ? untilBeat + periodMs : untilBeat;
  };
}

/** Keys of the odds queries: the live stream (state/live-odds/) writes its rows into these. */
export const oddsKeys = {
  all: ['odds'] as const,
  gameLines: (fixtureId: string, marketIds: readonly string[]) =>
    [...oddsKeys.all, 'game-lines', fixtureId, marketIds.join(',')] as const,
  market: (fixtureId: string, marketId: string) => [...oddsKeys.all, 'market', fixtureId, marketId] as const,
};

/** The markets a game has odds in, for its market list. */
export function gameMarketsQuery(client: OddsClient, fixtureId: string) {
  return queryOptions({
    queryKey: catalogKeys.markets(fixtureId),
    queryFn: () => client.listActiveMarkets({ fixtureId }),
    staleTime: GAME_LINES_REFRESH_MS,
  });
}

/** A game's main lines in its sport's main markets, at all ten books. */
export function gameLinesQuery(client: OddsClient, fixtureId: string, marketIds: readonly string[]) {
  const batcher = oddsBatcherOf(client);
  return queryOptions({
    queryKey: oddsKeys.gameLines(fixtureId, marketIds),
    queryFn: () => batcher.load(fixtureId, { markets: marketIds, mainLinesOnly: true }),
    ...pollUnlessStreamed(client, [fixtureId], GAME_LINES_REFRESH_MS / 2, onTheBeat(GAME_LINES_REFRESH_MS)),
  });
}

/** Every line of one market of a game (alternates, props), asked for when the market is opened. */
export function marketOddsQuery(client: OddsClient, fixtureId: string, marketId: string) {
  const batcher = oddsBatcherOf(client);
  return queryOptions({
    queryKey: oddsKeys.market(fixtureId, marketId),
    queryFn: () => batcher.load(fixtureId, { markets: [marketId], mainLinesOnly: false }),
    ...pollUnlessStreamed(client, [fixtureId], PRICE_REFRESH_MS / 2, onTheBeat(PRICE_REFRESH_MS)),
  });
}

/**
 * A slip leg's market in its game, every line (a leg may be an alternate): the opened market's own
 * query, by the market's id in the service's normalised form (`Total Points` -> `total_points`).
 */
export function legMarketOddsQuery(client: OddsClient, fixtureId: string, market: string) {
  return marketOddsQuery(client, fixtureId, toIdentifier(market));
}

/**
 * The lines of one market of a game that the games list already holds (a game row asks for its
 * main lines at all ten books), or undefined when it holds none: main lines only, so a stand-in
 * until the market itself is asked for, never an answer.
 */
function marketFromGameLines(
  queryClient: QueryClient,
  fixtureId: string,
  marketId: string,
): FixtureWithOdds | undefined {
  for (const [, game] of queryClient.getQueriesData<FixtureWithOdds | null>({
    queryKey: [...oddsKeys.all, 'game-lines', fixtureId],
  })) {
    const odds = game?.odds.filter((odd) => odd.marketId === marketId) ?? [];
    if (game && odds.length > 0) return { fixture: game.fixture, odds };
  }
  return undefined;
}

/** Whether a game row's main lines can stand in for a slip leg's market (slipLegOddsQuery), until the slip is still. */
export function hasSlipLegStandIn(queryClient: QueryClient, fixtureId: string, market: string): boolean {
  return marketFromGameLines(queryClient, fixtureId, toIdentifier(market)) !== undefined;
}

/**
 * A slip leg's market. Where the games list already holds the leg's market (a leg tapped from a
 * game row), its main lines stand in (placeholder data: `isPlaceholderData` says so) and the market
 * itself is asked for once `asked` (the slip has been still for a moment: state/slip-quiet.ts), so
 * legs tapped in quick succession are asked for together; with nothing to stand in, it is asked at
 * once. A market opened on screen is this very query, already answered.
 */
export function slipLegOddsQuery(
  client: OddsClient,
  queryClient: QueryClient,
  fixtureId: string,
  market: string,
  asked: boolean,
) {
  const marketId = toIdentifier(market);
  const standIn = asked ? undefined : marketFromGameLines(queryClient, fixtureId, marketId);
  return queryOptions({
    ...marketOddsQuery(client, fixtureId, marketId),
    enabled: standIn === undefined,
    placeholderData: standIn,
  });
}
