/**
 * The one fair correlation model of same-game legs, shared by the books and `OpticOdds AI`.
 *
 * Each leg is a bet that a latent quantity of the game lands on one side of a line: the home
 * margin (winners, spreads), the total, one team's score (team totals), a player's stat (props) or
 * his scoring (scorer props). Legs are joined by a Gaussian copula: the correlation of two legs is
 * a base value for their pair of quantities (e.g. margin with the same team's score 0.55, total
 * with a player's stat 0.3, a quarterback's passing with his receiver's receiving 0.5), signed by
 * the legs' directions (under, the away side), damped across parts of the game (full game with a
 * half 0.6, two different quarters 0.15) and by loosely tied bets' strength. The joint probability
 * of all legs is the product of their probabilities times every pair's lift
 * P(both) / (P(a) P(b)), kept within the bounds any joint probability obeys.
 *
 * Positively correlated legs (a team's moneyline with its own spread, or with the over) have a
 * fair joint probability above the product: a fair same-game price below the product of the legs.
 */
import type { FairSelection, LegFactor } from '../odds/fair-selection.ts';
import { bivariateNormalCdf, clamp, inverseNormalCdf } from '../shared/math.ts';

type Latent = LegFactor['latent'];

function sideSign(factor: LegFactor): number {
  return factor.side === 'away' ? -1 : 1;
}

/** Correlation of the two legs' latent quantities before directions: the model's table. */
function baseCorrelation(a: LegFactor, b: LegFactor): number {
  const sameTeam = a.side !== null && a.side === b.side;
  const samePlayer = a.playerId !== null && a.playerId === b.playerId;
  const key = [a.latent, b.latent].sort().join('+');
  const teamLinked = (other: LegFactor) => sideSign(other);
  const nonMargin = a.latent === 'margin' ? b : a;
  switch (key as `${Latent}+${Latent}`) {
    case 'margin+margin':
    case 'total+total':
    case 'draw+draw':
      return 0.85;
    case 'margin+team_score':
      return 0.55 * teamLinked(nonMargin);
    case 'margin+player_stat':
    case 'margin+player_score':
      return 0.2 * teamLinked(nonMargin);
    case 'team_score+total':
      return 0.7;
    case 'player_stat+total':
    case 'player_score+total':
      return 0.3;
    case 'draw+total':
      return -0.3;
    case 'draw+team_score':
      return -0.15;
    case 'draw+player_score':
    case 'draw+player_stat':
      return -0.1;
    case 'team_score+team_score':
      return sameTeam ? 0.85 : 0.1;
    case 'player_stat+team_score':
      return sameTeam ? 0.45 : 0.05;
    case 'player_score+team_score':
      return sameTeam ? 0.45 : 0;
    case 'player_stat+player_stat': {
      if (samePlayer) return a.statFamily === b.statFamily ? 0.6 : 0.4;
      const families = [a.statFamily, b.statFamily].sort().join('+');
      if (sameTeam) return families === 'passing+receiving' ? 0.5 : 0.1;
      return 0.05;
    }
    case 'player_score+player_stat':
      return samePlayer ? 0.45 : sameTeam ? 0.1 : 0.05;
    case 'player_score+player_score':
      return samePlayer ? 0.7 : 0.05;
    default:
      return 0;
  }
}

/** Full game with a part 0.6; two different parts (halves, quarters) 0.15. */
function periodDamping(a: LegFactor, b: LegFactor): number {
  if (a.period === b.period) return 1;
  return a.period === 'game' || b.period === 'game' ? 0.6 : 0.15;
}

function orientation(factor: LegFactor): number {
  return factor.latent === 'margin' ? sideSign(factor) * factor.direction : factor.direction;
}

export function legCorrelation(a: LegFactor, b: LegFactor): number {
  if (a.latent === 'none' || b.latent === 'none') return 0;
  const rho = baseCorrelation(a, b) * orientation(a) * orientation(b) * periodDamping(a, b) * a.strength * b.strength;
  return clamp(rho, -0.95, 0.95);
}

/** A leg the model prices: its probability and what it is a bet on (null: unknown, independent). */
export interface CorrelatedLeg {
  probability: number;
  factor: LegFactor | null;
  /** Same group and side = the same bet; same group, other side = mutually exclusive. */
  selection: Pick<FairSelection, 'groupId' | 'sideIndex'> | null;
}

/** Joint probability that every leg of one game wins; 0 when two legs exclude each other. */
export function fairJointProbability(legs: readonly CorrelatedLeg[]): number {
  const distinct: CorrelatedLeg[] = [];
  for (const leg of legs) {
    const twin = leg.selection && distinct.find((other) => other.selection?.groupId === leg.selection?.groupId);
    if (twin && leg.selection && twin.selection) {
      if (twin.selection.sideIndex !== leg.selection.sideIndex) return 0;
      continue;
    }
    distinct.push(leg);
  }
  const probabilities = distinct.map((leg) => clamp(leg.probability, 1e-6, 1 - 1e-6));
  const product = probabilities.reduce((total, probability) => total * probability, 1);
  let lift = 1;
  for (let first = 0; first < distinct.length; first++) {
    for (let second = first + 1; second < distinct.length; second++) {
      const a = distinct[first];
      const b = distinct[second];
      if (!a?.factor || !b?.factor) continue;
      const rho = legCorrelation(a.factor, b.factor);
      if (rho === 0) continue;
      const pa = probabilities[first] ?? 0;
      const pb = probabilities[second] ?? 0;
      lift *= bivariateNormalCdf(inverseNormalCdf(pa), inverseNormalCdf(pb), rho) / (pa * pb);
    }
  }
  const frechetLower = Math.max(
    0,
    probabilities.reduce((total, probability) => total + probability, 0) - (probabilities.length - 1),
  );
  return clamp(product * lift, Math.max(frechetLower, product * 0.01), Math.min(...probabilities));
}

/** Fair joint probability over the product of the legs' probabilities (above 1: positively correlated). */
export function correlationLift(legs: readonly CorrelatedLeg[]): number {
  const product = legs.reduce((total, leg) => total * clamp(leg.probability, 1e-6, 1 - 1e-6), 1);
  return fairJointProbability(legs) / product;
}
