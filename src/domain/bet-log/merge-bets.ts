/** Two logs made one: the bettor's and an imported file's (or the database's and this visit's). */
import { FINAL_LEG_RESULTS, type BetRecord } from './bet-record.ts';

/** How much is known of a bet: final results and closing prices looked up. */
function knowledge(bet: BetRecord): number {
  return bet.legs.reduce(
    (total, leg) =>
      total + (leg.result !== null && FINAL_LEG_RESULTS.has(leg.result) ? 1 : 0) + (leg.closingChecked ? 1 : 0),
    0,
  );
}

/**
 * The log with the imported bets merged in by id: a new id is added; a bet the log has is kept as
 * it is unless the imported copy knows more of it (results or closing prices).
 */
export function mergeBets(
  current: readonly BetRecord[],
  imported: readonly BetRecord[],
): { merged: BetRecord[]; added: number; updated: number } {
  const byId = new Map(current.map((bet) => [bet.id, bet]));
  let added = 0;
  let updated = 0;
  for (const bet of imported) {
    const existing = byId.get(bet.id);
    if (existing === undefined) added += 1;
    else if (knowledge(bet) > knowledge(existing)) updated += 1;
    else continue;
    byId.set(bet.id, bet);
  }
  return { merged: [...byId.values()], added, updated };
}
