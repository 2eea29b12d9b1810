/**
 * Each slip leg's game (teams, start, status) as the odds of its market describe it: the query the
 * slip and the grid read. A leg from a share link arrives without its game and learns it from
 * these odds, which can answer after the books' prices: the CSV waits for them rather than write
 * blanks the app is about to know.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { OddsClient } from '../../../api/client.ts';
import { legMarketOddsQuery } from '../../../api/queries.ts';
import type { Fixture } from '../../../api/types.ts';
import type { SlipLeg } from '../../../domain/slip.ts';

export type LegGame =
  | { kind: 'known'; fixture: Fixture }
  /** The service no longer lists the game (started, finished or removed). */
  | { kind: 'not-listed' }
  /** Asking for it failed (after the app's retries). */
  | { kind: 'failed' };

function legGameOf(answer: { fixture: Fixture } | null): LegGame {
  return answer === null ? { kind: 'not-listed' } : { kind: 'known', fixture: answer.fixture };
}

/** Each leg's game as already answered, undefined for a leg whose odds have not answered yet. */
export function answeredLegGames(
  queryClient: QueryClient,
  client: OddsClient,
  legs: readonly SlipLeg[],
): (LegGame | undefined)[] {
  return legs.map((leg) => {
    const answer = queryClient.getQueryData(legMarketOddsQuery(client, leg.fixtureId, leg.market).queryKey);
    return answer === undefined ? undefined : legGameOf(answer);
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
      queryClient
        .ensureQueryData(legMarketOddsQuery(client, leg.fixtureId, leg.market))
        .then(legGameOf, (): LegGame => ({ kind: 'failed' })),
    ),
  );
}
