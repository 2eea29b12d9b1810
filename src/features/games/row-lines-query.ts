/**
 * A game row's main lines, asked so that a call with room brings the next rows' lines along.
 *
 * The service takes five games a /fixtures/odds call; rows ask as they near the screen, so the
 * first screen's seven rows are a call of five and a call of two, and the scroll that brings the
 * eighth near made another call. Here the rows' own batcher (api/odds-batcher.ts, on a client of
 * its own) fills each call's room with the games that follow the asked rows in the list
 * (following-rows.ts), each into its own game's query: no call is added, and a row that comes near
 * finds its lines held, or on their way. Here rather than in the batcher: the widget's first paint
 * has the batcher and not the games list.
 */
import { hashKey, type QueryClient } from '@tanstack/react-query';
import type { OddsClient } from '../../api/client.ts';
import { MAX_FIXTURES_PER_ODDS_CALL } from '../../api/odds-endpoints.ts';
import { createOddsBatcher, type OddsBatcher } from '../../api/odds-batcher.ts';
import { gameLinesQuery, oddsKeys } from '../../api/queries.ts';
import type { FixtureWithOdds } from '../../api/types.ts';

interface RowLinesAsker {
  batcher: OddsBatcher;
  /** Each asked row's following rows, as its row last said. */
  following: Map<string, readonly string[]>;
}

interface Deferred {
  promise: Promise<FixtureWithOdds | null>;
  resolve: (odds: FixtureWithOdds | null) => void;
  reject: (error: unknown) => void;
}

function deferred(): Deferred {
  const settled: Pick<Deferred, 'resolve' | 'reject'> = { resolve: () => undefined, reject: () => undefined };
  const promise = new Promise<FixtureWithOdds | null>((resolve, reject) => {
    settled.resolve = resolve;
    settled.reject = reject;
  });
  return { promise, ...settled };
}

/** One per app instance (odds client and its query cache). */
const askers = new WeakMap<OddsClient, RowLinesAsker>();

/**
 * Whether a game's lines are worth asking along: not held fresh and not being asked already; if
 * so, its query is started on `answer`, so everything reading it (a row coming near) waits for it.
 */
function startRideAlong(
  queryClient: QueryClient,
  client: OddsClient,
  fixtureId: string,
  marketIds: readonly string[],
  answer: Promise<FixtureWithOdds | null>,
): boolean {
  const options = gameLinesQuery(client, fixtureId, marketIds);
  const held = queryClient
    .getQueryCache()
    .get<FixtureWithOdds | null, Error, FixtureWithOdds | null, ReturnType<typeof oddsKeys.gameLines>>(
      hashKey(options.queryKey),
    );
  if (held) {
    const { staleTime } = options;
    const fresh = !held.isStaleByTime(typeof staleTime === 'function' ? staleTime(held) : staleTime);
    if (held.state.fetchStatus === 'fetching' || fresh) return false;
  }
  void queryClient.fetchQuery({ ...options, queryFn: () => answer }).catch(() => undefined);
  return true;
}

function rowLinesAskerOf(client: OddsClient, queryClient: QueryClient): RowLinesAsker {
  const known = askers.get(client);
  if (known) return known;
  const following = new Map<string, readonly string[]>();
  // The batcher hands this each call of at most five games (it chunks them): the last one may have room.
  const getFixtureOdds: OddsClient['getFixtureOdds'] = async (params, options) => {
    const asked = new Set(params.fixtureIds);
    const alongs = new Map<string, Deferred>();
    for (const fixtureId of params.fixtureIds)
      for (const nextId of following.get(fixtureId) ?? []) {
        if (asked.size + alongs.size >= MAX_FIXTURES_PER_ODDS_CALL) break;
        if (asked.has(nextId) || alongs.has(nextId)) continue;
        const along = deferred();
        if (startRideAlong(queryClient, client, nextId, params.markets ?? [], along.promise)) alongs.set(nextId, along);
      }
    try {
      const answer = await client.getFixtureOdds({ ...params, fixtureIds: [...asked, ...alongs.keys()] }, options);
      for (const [fixtureId, along] of alongs)
        along.resolve(answer.find((game) => game.fixture.id === fixtureId) ?? null);
      return answer;
    } catch (error) {
      for (const along of alongs.values()) along.reject(error);
      throw error;
    }
  };
  const asker = { batcher: createOddsBatcher({ ...client, getFixtureOdds }), following };
  askers.set(client, asker);
  return asker;
}

/**
 * gameLinesQuery for a row of the games list, whose call may carry `followingRows` (the rows after
 * it with the same markets, nearest first).
 */
export function rowLinesQuery(
  client: OddsClient,
  fixtureId: string,
  marketIds: readonly string[],
  followingRows: readonly string[],
) {
  return {
    ...gameLinesQuery(client, fixtureId, marketIds),
    queryFn: ({ client: queryClient }: { client: QueryClient }) => {
      const asker = rowLinesAskerOf(client, queryClient);
      asker.following.set(fixtureId, followingRows);
      return asker.batcher.load(fixtureId, { markets: marketIds, mainLinesOnly: true });
    },
  };
}
