/** A line's history as the vendor shapes it: the odd's fields, `olv`, `clv` and the timeseries `entries`. */
import { toIdentifier } from '../../src/domain/identifiers.ts';
import type { Sportsbook } from '../../src/domain/sportsbooks.ts';
import { bookKey } from '../odds/books.ts';
import { formatPrice, type SandboxOddsFormat } from '../odds/wire.ts';
import type { SideHistory } from './line-history.ts';

export function historyOddJson(history: SideHistory, book: Sportsbook, format: SandboxOddsFormat) {
  const { selection } = history;
  const points = selection.points;
  return {
    id: `${selection.fixtureId}:${bookKey(book)}:${selection.market.id}:${toIdentifier(selection.name)}`,
    sportsbook: book,
    market: selection.market.name,
    market_id: selection.market.id,
    name: selection.name,
    selection: selection.selection,
    normalized_selection: selection.normalizedSelection,
    selection_line: selection.selectionLine,
    points,
    is_main: selection.isMain,
    grouping_key: selection.groupingKey,
    player_id: selection.playerId,
    team_id: selection.teamId,
    olv: { price: formatPrice(history.opening.american, format), points },
    clv: history.closing ? { price: formatPrice(history.closing.american, format), points } : null,
    ...(history.entries
      ? {
          entries: history.entries.map((entry) => ({
            price: formatPrice(entry.american, format),
            points,
            timestamp: entry.atMs / 1000,
            locked: entry.locked,
          })),
        }
      : {}),
  };
}
