/**
 * The rows a bettor meets after each row of the games list, for asking their lines in the room a
 * row's /fixtures/odds call has left (row-lines-query.ts): a call takes five games, so
 * rows near the screen in a call of two can bring the next three along for nothing.
 */
import { MAX_FIXTURES_PER_ODDS_CALL } from '../../api/odds-endpoints.ts';
import type { Fixture } from '../../api/types.ts';
import { gameLineMarketIds, type GameLineMarkets } from '../../domain/game-lines.ts';
import { gameStatusView } from '../../domain/game-status.ts';

/** More than a call's room is never used. */
const FOLLOWING_ROWS = MAX_FIXTURES_PER_ODDS_CALL - 1;

/**
 * Each shown game's following rows that ask the same markets (one call asks one set), bettable
 * ones only (others ask nothing), nearest first; joined by newlines (never in an id), so a row's props stay
 * equal from render to render while the list does.
 */
export function followingRowsOf(
  games: readonly Fixture[],
  lineMarketsOf: (game: Fixture) => GameLineMarkets | null,
): Map<string, string> {
  const asking = games.flatMap((game) => {
    const markets = lineMarketsOf(game);
    if (!markets || !gameStatusView(game.status, game.isLive).bettable) return [];
    const marketIds = gameLineMarketIds(markets).join(',');
    return marketIds === '' ? [] : [{ id: game.id, marketIds }];
  });
  const following = new Map<string, string>();
  asking.forEach((row, index) => {
    const next = asking.slice(index + 1).filter((later) => later.marketIds === row.marketIds);
    following.set(
      row.id,
      next
        .slice(0, FOLLOWING_ROWS)
        .map((later) => later.id)
        .join('\n'),
    );
  });
  return following;
}
