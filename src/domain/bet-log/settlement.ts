/**
 * How a logged parlay settles, by the usual rules: each leg multiplies the return by a factor,
 *
 * - Won: the leg's price; Lost: 0 (the parlay is lost);
 * - Refunded (a push, or a void for a cancelled game): 1, so the leg drops out and the price is
 *   the rest's;
 * - Half Won (an Asian line, half the stake on each neighbouring line, one won and one pushed):
 *   (price + 1) / 2; Half Lost (one pushed, one lost): 1 / 2;
 *
 * return = stake x product of the factors x (price taken / product of the legs' prices): with every
 * leg won that is the price taken (a same-game price keeps its correlation); a leg that drops out
 * takes its own price out of it. Pending (or not yet graded) keeps the parlay open unless a leg has lost.
 */
import type { BetRecord, LegResult, LoggedLeg } from './bet-record.ts';

export type BetOutcome = 'open' | 'won' | 'lost' | 'push';

export interface Settlement {
  outcome: BetOutcome;
  /** What the book pays back, stake included; null while open. */
  returned: number | null;
  /** returned - stake; null while open. */
  profit: number | null;
  /** The price the settlement paid at (returned / stake): the price recomputed without pushed legs. */
  settledDecimal: number | null;
}

/** What a leg's result does to the return, as a multiple of its price taken. */
function legFactor(result: LegResult, decimal: number): number | null {
  switch (result) {
    case 'Won':
      return decimal;
    case 'Lost':
      return 0;
    case 'Refunded':
      return 1;
    case 'Half Won':
      return (decimal + 1) / 2;
    case 'Half Lost':
      return 0.5;
    case 'Pending':
      return null;
  }
}

/** Returns within a thousandth of a cent of the stake are a push (float noise, not money). */
const PUSH_TOLERANCE = 1e-5;

export function settleBet(bet: Pick<BetRecord, 'stake' | 'decimal' | 'legs'>): Settlement {
  const factors = bet.legs.map((leg: LoggedLeg) => (leg.result === null ? null : legFactor(leg.result, leg.decimal)));
  if (factors.some((factor) => factor === 0))
    return { outcome: 'lost', returned: 0, profit: -bet.stake, settledDecimal: 0 };
  if (factors.some((factor) => factor === null))
    return { outcome: 'open', returned: null, profit: null, settledDecimal: null };
  // The book's same-game correlation (price taken over the legs' product) stays with the rest.
  const correlation = bet.decimal / bet.legs.reduce((product, leg) => product * leg.decimal, 1);
  const settledDecimal = bet.legs.every((leg) => leg.result === 'Won')
    ? bet.decimal
    : correlation * factors.reduce<number>((product, factor) => product * (factor ?? 1), 1);
  const returned = bet.stake * settledDecimal;
  const profit = returned - bet.stake;
  const outcome: BetOutcome = Math.abs(profit) <= PUSH_TOLERANCE * bet.stake ? 'push' : profit > 0 ? 'won' : 'lost';
  return { outcome, returned, profit: outcome === 'push' ? 0 : profit, settledDecimal };
}
