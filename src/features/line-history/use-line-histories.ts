/**
 * The histories a chart needs: each leg's line at the chosen books (one query per game and market,
 * shared by every chart that shows that leg, cached by lineHistoryQuery's rule).
 */
import { useQueries } from '@tanstack/react-query';
import type { BetTrackingEndpoints } from '../../api/bet-tracking/endpoints.ts';
import { lineHistoryQuery } from '../../api/bet-tracking/queries.ts';
import type { LineHistory } from '../../api/bet-tracking/types.ts';
import type { SlipLeg } from '../../domain/slip.ts';
import type { Sportsbook } from '../../domain/sportsbooks.ts';

export interface LineHistories {
  /** Per leg, in the order given: its game's lines (empty while loading or when the game is unknown). */
  linesByLeg: LineHistory[][];
  isPending: boolean;
  error: Error | null;
  retry: () => void;
}

export function useLineHistories(
  client: BetTrackingEndpoints,
  legs: readonly SlipLeg[],
  books: readonly Sportsbook[],
): LineHistories {
  return useQueries({
    queries: legs.map((leg) => lineHistoryQuery(client, leg, books)),
    combine: (results) => ({
      linesByLeg: results.map((result) => result.data?.lines ?? []),
      isPending: results.some((result) => result.isPending),
      error: results.find((result) => result.error !== null)?.error ?? null,
      retry: () => {
        for (const result of results) if (result.error !== null) void result.refetch();
      },
    }),
  });
}
