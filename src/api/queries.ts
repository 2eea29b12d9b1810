/**
 * Query options for server data that several features read (fixture odds: the games browser shows
 * best prices, the slip and grid show straight prices). Feature-only queries live in the feature.
 */
import { queryOptions } from '@tanstack/react-query';
import { SPORTSBOOKS } from '../domain/sportsbooks.ts';
import type { OddsClient } from './client.ts';

/** How often visible prices refresh; paused while the page is hidden. */
export const PRICE_REFRESH_MS = 30_000;

export const fixtureOddsKeys = {
  all: ['fixture-odds'] as const,
  fixture: (fixtureId: string) => [...fixtureOddsKeys.all, fixtureId] as const,
};

/**
 * All ten books' odds for one game. Always all books, so choosing or dropping a book never asks
 * the service again; views narrow to the chosen books with `select`.
 */
export function fixtureOddsQuery(client: OddsClient, fixtureId: string) {
  return queryOptions({
    queryKey: fixtureOddsKeys.fixture(fixtureId),
    queryFn: async ({ signal }) => {
      const [result] = await client.getFixtureOdds({ fixtureIds: [fixtureId], sportsbooks: [...SPORTSBOOKS] }, { signal });
      return result ?? null;
    },
    staleTime: PRICE_REFRESH_MS / 2,
    refetchInterval: PRICE_REFRESH_MS,
  });
}
