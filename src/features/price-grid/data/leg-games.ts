/**
 * Each slip leg's game (teams, start, status) as the odds of its market describe it: the query the
 * slip and the grid read. A leg from a share link arrives without its game and learns it from
 * these odds, which can answer after the books' prices: the CSV waits for them rather than write
 * blanks the app is about to know.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { OddsClient } from '../../../api/client.ts';
import { legMarketOddsQuery } from '../../../api/queries.ts';
import type { Fixture, FixtureWithOdds } from '../../../api/types.ts';
import type { SlipLeg } from '../../../domain/slip.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';

export type LegGame =
  /** With when the leg's price last changed at each book, as the same answer says (epoch seconds). */
  | { kind: 'known'; fixture: Fixture; changedAtByBook: Partial<Record<Sportsbook, number>> }
  /** The service no longer lists the game (started, finished or removed). */
  | { kind: 'not-listed' }
  /** Asking for it failed (after the app's retries). */
  | { kind: 'failed' };

function legGameOf(leg: SlipLeg, answer: FixtureWithOdds | null): LegGame {
  if (answer === null) return { kind: 'not-listed' };
  const changedAtByBook: Partial<Record<Sportsbook, number>> = {};
  for (const odd of answer.odds)
    if (odd.name === leg.name && odd.market === leg.market && odd.timestamp !== null && odd.locked !== true)
      changedAtByBook[odd.sportsbook] = odd.timestamp;
  return { kind: 'known', fixture: answer.fixture, changedAtByBook };
}

/** Each leg's game as already answered, undefined for a leg whose odds have not answered yet. */
export function answeredLegGames(
  queryClient: QueryClient,
  client: OddsClient,
  legs: readonly SlipLeg[],
): (LegGame | undefined)[] {
  return legs.map((leg) => {
    const answer = queryClient.getQueryData(legMarketOddsQuery(client, leg.fixtureId, leg.market).queryKey);
    return answer === undefined ? undefined : legGameOf(leg, answer);
  });
}

/**
 * Each leg's game, waiting for the odds not answered yet: a request already on its way is joined,
 * not sent again. Never rejects: a failure is that leg's answer.
 */
export function loadLegGames(
  queryClient: QueryClient,
  client: OddsClient,
  legs: readonly SlipLeg[],
): Promise<LegGame[]> {
  return Promise.all(
    legs.map((leg) =>
      queryClient.ensureQueryData(legMarketOddsQuery(client, leg.fixtureId, leg.market)).then(
        (answer) => legGameOf(leg, answer),
        (): LegGame => ({ kind: 'failed' }),
      ),
    ),
  );
}
