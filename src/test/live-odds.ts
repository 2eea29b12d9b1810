/**
 * Test helpers for live odds: a book's price moved in the sandbox's world (its /parlay/odds and
 * /fixtures/odds answers say so from then on), and the stream rows our server would send for it.
 */
import type { BookOdd } from '../api/types.ts';
import { americanToDecimal, decimalToAmerican } from '../domain/odds/odds.ts';
import type { Sportsbook } from '../domain/sportsbooks.ts';
import { isRecord } from '../domain/records.ts';

interface MovedPrice {
  book: Sportsbook;
  fixtureId: string;
  market: string;
  name: string;
  american: number;
}

/** An odds stream row, as our server relays it: the odd as /fixtures/odds has it, plus its game. */
export function streamRow(odd: BookOdd, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: odd.id,
    fixture_id: odd.fixtureId,
    sportsbook: odd.sportsbook,
    market: odd.market,
    market_id: odd.marketId,
    name: odd.name,
    selection: odd.selection,
    selection_line: odd.selectionLine,
    points: odd.points,
    price: odd.americanPrice,
    is_main: odd.isMain,
    is_live: false,
    grouping_key: odd.groupingKey,
    limits: null,
    deep_link: null,
    player_id: odd.playerId,
    team_id: odd.teamId,
    // Newer than anything the service answered before.
    timestamp: (odd.timestamp ?? 0) + 3600,
    sportsbook_id: odd.sportsbook.toLowerCase(),
    league_id: 'nba',
    ...extra,
  };
}

function rewriteParlay(body: Record<string, unknown>, moves: readonly MovedPrice[]): void {
  const data = isRecord(body.data) ? body.data : {};
  for (const move of moves) {
    const result = data[move.book];
    if (!isRecord(result) || !Array.isArray(result.legs) || typeof result.price !== 'number') continue;
    let combined = americanToDecimal(result.price) ?? 1;
    for (const leg of result.legs) {
      if (!isRecord(leg) || leg.fixture_id !== move.fixtureId || leg.name !== move.name) continue;
      if (typeof leg.price !== 'number') continue;
      combined *= (americanToDecimal(move.american) ?? 1) / (americanToDecimal(leg.price) ?? 1);
      leg.price = move.american;
    }
    result.price = Math.round(decimalToAmerican(combined));
  }
}

function rewriteOdds(body: Record<string, unknown>, moves: readonly MovedPrice[]): void {
  for (const game of Array.isArray(body.data) ? body.data : []) {
    if (!isRecord(game) || !Array.isArray(game.odds)) continue;
    for (const odd of game.odds) {
      const move = moves.find(
        (each) =>
          isRecord(odd) &&
          game.id === each.fixtureId &&
          odd.sportsbook === each.book &&
          odd.market === each.market &&
          odd.name === each.name,
      );
      if (move && isRecord(odd)) odd.price = move.american;
    }
  }
}

/**
 * Wraps the sandbox's fetch so prices can move: after `move(...)`, the book prices that leg at the
 * new price wherever asked (its parlay answers re-priced to match), as if the service had moved it.
 */
export function movablePrices(sandboxFetch: typeof fetch) {
  const moves: MovedPrice[] = [];
  const fetchWithMoves: typeof fetch = async (input, init) => {
    const response = await sandboxFetch(input, init);
    const url = String(input instanceof Request ? input.url : input);
    if (moves.length === 0 || !/\/(parlay|fixtures)\/odds/.test(url) || !response.ok) return response;
    const body: unknown = await response.json();
    if (isRecord(body)) {
      if (url.includes('/parlay/odds')) rewriteParlay(body, moves);
      else rewriteOdds(body, moves);
    }
    const headers = new Headers(response.headers);
    headers.delete('content-length');
    return new Response(JSON.stringify(body), { status: response.status, headers });
  };
  return {
    fetch: fetchWithMoves,
    move(odd: BookOdd, american: number) {
      moves.push({ book: odd.sportsbook, fixtureId: odd.fixtureId, market: odd.market, name: odd.name, american });
    },
  };
}
