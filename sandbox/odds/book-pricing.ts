/**
 * A book's price for a selection at a moment: the fair probabilities of its group, moved by the
 * market's slow drift and the book's own shading and drift, loaded with the book's margin, turned
 * into American odds and rounded the book's way. A book does not re-price continuously: each of
 * its markets updates at its own regular moments (every 4-40 min for main game lines, every 3-6 h
 * for alternate lines, 1-6 h for props, always on 30-second bucket boundaries) and holds its price in between,
 * which is what an odd's `timestamp` reports.
 */
import { decimalToAmerican } from '../../src/domain/odds/odds.ts';
import { roundAmericanLikeABook } from './book-rounding.ts';
import type { BookProfile } from './books.ts';
import type { FairSelection } from './fair-selection.ts';
import { hash32, normalishHash, signedUnitHash, unitHash } from '../shared/hash.ts';
import { clamp, logistic, logit } from '../shared/math.ts';
import type { MarketBoard } from './market-board.ts';
import type { ScheduledFixture } from '../schedule/schedule.ts';

export const PRICE_BUCKET_MS = 30_000;

export function priceBucket(nowMs: number): number {
  return Math.floor(nowMs / PRICE_BUCKET_MS);
}

/** Value noise: seeded knots every `period` buckets, linear in between, in [-1, 1]. */
function smoothNoise(bucket: number, period: number, ...parts: readonly (string | number)[]): number {
  const knot = Math.floor(bucket / period);
  const progress = (bucket - knot * period) / period;
  const from = signedUnitHash(...parts, knot);
  const to = signedUnitHash(...parts, knot + 1);
  return from + (to - from) * progress;
}

/** The whole market's drift (all books move together) plus this book's own wobble. */
function driftShift(seed: number, profile: BookProfile, selection: FairSelection, bucket: number): number {
  const marketDrift = 0.06 * smoothNoise(bucket, 8, seed, 'drift', selection.fixtureId, selection.groupId);
  const bookDrift =
    0.025 * smoothNoise(bucket, 5, seed, 'book-drift', profile.book, selection.fixtureId, selection.groupId);
  return marketDrift + bookDrift;
}

/** The book's fixed bias on this market. */
function shadeOf(seed: number, profile: BookProfile, selection: FairSelection): number {
  return profile.shading * normalishHash(seed, 'shade', profile.book, selection.fixtureId, selection.groupId);
}

/** The book's view of the probabilities of one group, before margin; sums to 1 for 2- and 3-way. */
function shiftedProbability(group: readonly FairSelection[], selection: FairSelection, shift: number): number {
  const probability = clamp(selection.fairProbability, 0.005, 0.995);
  if (group.length === 1) return logistic(logit(probability) + shift);
  if (group.length === 2) return logistic(logit(probability) + (selection.sideIndex === 0 ? shift : -shift));
  // Three-way: the home side gains what the away side loses, the draw keeps its weight.
  const weights = group.map((side) => {
    const direction = side.sideIndex === 0 ? 1 : side.sideIndex === group.length - 1 ? -1 : 0;
    return side.fairProbability * Math.exp(direction * shift);
  });
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return (weights[selection.sideIndex] ?? 0) / total;
}

/** American odds rounded toward the book in steps of 5 (e.g. -112 -> -115, +138 -> +135). */
function roundAmericanToFive(american: number): number {
  const rounded = american > 0 ? Math.floor(american / 5 + 1e-9) * 5 : -Math.ceil(-american / 5 - 1e-9) * 5;
  if (rounded > -100 && rounded < 100) return american >= 0 ? 100 : -100;
  return rounded;
}

function bookRounding(profile: BookProfile, american: number): number {
  return profile.roundsToFive ? roundAmericanToFive(american) : roundAmericanLikeABook(american);
}

/** A side's price once the group is shifted: the book's margin loaded, rounded its way. */
function loadedAmerican(
  profile: BookProfile,
  board: MarketBoard,
  group: readonly FairSelection[],
  selection: FairSelection,
  shift: number,
): number {
  const probability = shiftedProbability(group, selection, shift);
  const margin = board.fixture.sport.id === 'soccer' ? profile.soccerMargin : profile.margin;
  // One-sided markets (anytime scorers) carry a heavier load, as books price them.
  const loaded = probability * (1 + (group.length === 1 ? 2.5 * margin : margin));
  return bookRounding(profile, decimalToAmerican(1 / clamp(loaded, 0.01, 0.99)));
}

/** The book's price as its model has it at exactly that bucket (before holding between updates). */
function modelAmericanPrice(
  seed: number,
  profile: BookProfile,
  board: MarketBoard,
  selection: FairSelection,
  bucket: number,
): number {
  const group = board.groups.get(selection.groupId) ?? [selection];
  return loadedAmerican(
    profile,
    board,
    group,
    selection,
    driftShift(seed, profile, selection, bucket) + shadeOf(seed, profile, selection),
  );
}

/**
 * How often (in buckets) and at which phase the book re-prices this selection's market. Main game
 * lines: every 4-40 min. Alternate full-game lines (spreads, totals, team totals): every 3-6 h, one
 * period per book and market, with lines a whole point apart on opposite halves of it, so at any
 * moment a book listing two neighbouring alternates holds one that last moved 90 min or more ago
 * (the "price from N h ago" a bettor sees is certain, not lucky). Props and part-game lines: 1-6 h.
 */
function updateCycle(seed: number, profile: BookProfile, selection: FairSelection): { period: number; phase: number } {
  const busy = selection.isMain && !selection.isPlayerProp && selection.market.period === 'game';
  if (busy) {
    const period = 8 + (hash32(seed, 'update', profile.book, selection.fixtureId, selection.groupId) % 73);
    return { period, phase: hash32(seed, 'phase', profile.book, selection.fixtureId, selection.groupId) % period };
  }
  if (!selection.isPlayerProp && selection.market.period === 'game' && selection.points !== null) {
    const market = selection.market.id;
    const period = 360 + (hash32(seed, 'update', profile.book, selection.fixtureId, market) % 361);
    const half = ((Math.floor(selection.points) % 2) + 2) % 2;
    const phase =
      (hash32(seed, 'phase', profile.book, selection.fixtureId, market) + half * Math.floor(period / 2)) % period;
    return { period, phase };
  }
  const period = 120 + (hash32(seed, 'update', profile.book, selection.fixtureId, selection.groupId) % 601);
  return { period, phase: hash32(seed, 'phase', profile.book, selection.fixtureId, selection.groupId) % period };
}

/** The bucket of the book's last update of this selection at or before `bucket`. */
function lastUpdateBucket(seed: number, profile: BookProfile, selection: FairSelection, bucket: number): number {
  const { period, phase } = updateCycle(seed, profile, selection);
  return bucket - ((((bucket - phase) % period) + period) % period);
}

/** The book's American price for a selection in a bucket, whether or not the book offers it. */
export function bookAmericanPrice(
  seed: number,
  profile: BookProfile,
  board: MarketBoard,
  selection: FairSelection,
  bucket: number,
): number {
  return modelAmericanPrice(seed, profile, board, selection, lastUpdateBucket(seed, profile, selection, bucket));
}

/** How many past updates to look through for the last change before settling for the oldest. */
const CHANGE_LOOKBACK = 12;

/** A side's price at a bucket and the bucket in which that price was set. */
export interface HeldPrice {
  american: number;
  changedBucket: number;
}

/**
 * Every side of one group at once (the same prices bookAmericanPrice gives, at a third of the
 * cost: a group shares its drift, shade and update moments), with the bucket in which each price
 * was set - the book's last update that actually moved it; a price that held through twelve
 * updates reports the twelfth.
 */
export function bookGroupPrices(
  seed: number,
  profile: BookProfile,
  board: MarketBoard,
  group: readonly FairSelection[],
  bucket: number,
): HeldPrice[] {
  const [first] = group;
  if (!first) return [];
  const { period } = updateCycle(seed, profile, first);
  const shade = shadeOf(seed, profile, first);
  const pricesAt = (update: number) => {
    const shift = driftShift(seed, profile, first, update) + shade;
    return group.map((selection) => loadedAmerican(profile, board, group, selection, shift));
  };
  let update = lastUpdateBucket(seed, profile, first, bucket);
  const current = pricesAt(update);
  const changed: (number | null)[] = group.map(() => null);
  let prices = current;
  for (let step = 0; step < CHANGE_LOOKBACK && changed.includes(null); step++) {
    const previous = pricesAt(update - period);
    previous.forEach((price, index) => {
      if (changed[index] === null && price !== prices[index]) changed[index] = update;
    });
    update -= period;
    prices = previous;
  }
  return current.map((american, index) => ({ american, changedBucket: changed[index] ?? update }));
}

/** Markets beyond the main lines that not every book carries (part-game lines, team totals, game props). */
const SIDE_MARKETS = new Set(['team_total', 'odd_even', 'yes_no', 'first_to_score']);

/** Whether the book lists this selection at all (fixed over time: coverage is not drift). */
export function bookOffers(
  seed: number,
  profile: BookProfile,
  fixture: ScheduledFixture,
  selection: FairSelection,
): boolean {
  if (fixture.league.isCollege && unitHash(seed, 'college', profile.book, fixture.id) >= profile.collegeCoverage)
    return false;
  if (selection.market.kind === 'draw_no_bet') return profile.offersDrawNoBet;
  if (!selection.isMain && !profile.offersAlternateLines) return false;
  if (selection.isPlayerProp) {
    const coverage = fixture.sport.id === 'soccer' ? profile.soccerPropCoverage : profile.propCoverage;
    // Per player and market: a book that lists a player's line lists its alternates too.
    return unitHash(seed, 'prop', profile.book, fixture.id, selection.market.id, selection.playerId ?? '') < coverage;
  }
  if (selection.market.period !== 'game' || SIDE_MARKETS.has(selection.market.kind)) {
    return unitHash(seed, 'side-market', profile.book, fixture.id, selection.market.id) < 0.8;
  }
  return true;
}

/** A price for an entry the catalog does not know (forced `priced` only): a plausible two-way price. */
export function inventedAmericanPrice(seed: number, profile: BookProfile, entryKey: string): number {
  const probability = 0.3 + 0.4 * unitHash(seed, 'invented', entryKey);
  return bookRounding(profile, decimalToAmerican(1 / (probability * (1 + profile.margin))));
}
