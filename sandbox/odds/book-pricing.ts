/**
 * A book's price for a selection at a moment: the fair probabilities of its group, moved by the
 * market's slow drift and the book's own shading and drift (plus, for busy lines, the quick moves of
 * the last half hour before a game and of play), loaded with the book's margin, turned into American
 * odds and rounded the book's way. A book does not re-price continuously: it holds each price
 * between its update moments (price-moments.ts), which is what an odd's `timestamp` reports.
 */
import { decimalToAmerican } from '../../src/domain/odds/odds.ts';
import { roundAmericanLikeABook } from './book-rounding.ts';
import type { BookProfile } from './books.ts';
import type { FairSelection } from './fair-selection.ts';
import { normalishHash, signedUnitHash, unitHash } from '../shared/hash.ts';
import { clamp, logistic, logit } from '../shared/math.ts';
import type { MarketBoard } from './market-board.ts';
import type { ScheduledFixture } from '../schedule/schedule.ts';
import { ruledOutFor } from '../injuries/injury-report.ts';
import { groupCadence, lastMoment, PRICE_BUCKET_MS, regimeAt, type GroupCadence } from './price-moments.ts';

export { PRICE_BUCKET_MS } from './price-moments.ts';

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
    0.015 * smoothNoise(bucket, 5, seed, 'book-drift', profile.book, selection.fixtureId, selection.groupId);
  return marketDrift + bookDrift;
}

/**
 * The quick moves of a busy line (whole-group shifts on the logit scale): a few cents before the
 * game, far more in play, where the score keeps changing what a price should be. The market moves
 * as one (every book sees the same game); each book adds only a small wobble of its own, so books
 * stay within a few points of each other (sandbox/README.md, "Prices across books") and differ
 * more only while one has not yet caught up with a move.
 */
function busyShift(
  seed: number,
  profile: BookProfile,
  selection: FairSelection,
  momentMs: number,
  inPlay: boolean,
): number {
  const minutes = momentMs / 60_000;
  const market = [seed, selection.fixtureId, selection.groupId] as const;
  const own = [seed, profile.book, selection.fixtureId, selection.groupId] as const;
  const jitter = signedUnitHash(...own, 'jitter', momentMs);
  if (!inPlay)
    return (
      0.04 * smoothNoise(minutes, 1, ...market, 'busy') +
      0.01 * smoothNoise(minutes, 1, ...own, 'busy') +
      0.006 * jitter
    );
  return (
    0.45 * smoothNoise(minutes, 12, ...market, 'play') +
    0.1 * smoothNoise(minutes, 1, ...market, 'busy') +
    0.03 * smoothNoise(minutes, 2, ...own, 'busy') +
    0.004 * jitter
  );
}

/** The book's fixed bias on this market, at most two of its sigmas either way (no book strays far). */
function shadeOf(seed: number, profile: BookProfile, selection: FairSelection): number {
  const sigmas = clamp(normalishHash(seed, 'shade', profile.book, selection.fixtureId, selection.groupId), -2, 2);
  return profile.shading * sigmas;
}

/** The book's view of the probabilities of one group, before margin; sums to 1 for 2- and 3-way. */
function shiftedProbability(group: readonly FairSelection[], selection: FairSelection, shift: number): number {
  const probability = clamp(selection.fairProbability, 0.005, 0.995);
  if (group.length === 1) return logistic(logit(probability) + shift);
  if (group.length === 2) return logistic(logit(probability) + (selection.sideIndex === 0 ? shift : -shift));
  // Three-way: the home side gains what the away side loses, the draw keeps its weight. Half the
  // shift each way moves the home-to-away odds ratio by the shift, as in a two-way market; the
  // whole shift each way would move a 3-way's sides half as much again as a 2-way's.
  const weights = group.map((side) => {
    const direction = side.sideIndex === 0 ? 1 : side.sideIndex === group.length - 1 ? -1 : 0;
    return side.fairProbability * Math.exp((direction * shift) / 2);
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

/** The whole group's shift at one of the book's update moments. */
function shiftAt(
  seed: number,
  profile: BookProfile,
  cadence: GroupCadence,
  first: FairSelection,
  momentMs: number,
): number {
  const regime = regimeAt(cadence, momentMs);
  const shade = shadeOf(seed, profile, first);
  // Slow moments fall on bucket boundaries: the drift is read there, as it always was.
  if (regime === 'slow') return driftShift(seed, profile, first, momentMs / PRICE_BUCKET_MS) + shade;
  return (
    driftShift(seed, profile, first, momentMs / PRICE_BUCKET_MS) +
    shade +
    busyShift(seed, profile, first, momentMs, regime === 'in-play')
  );
}

/** Every side's price as the book set it at exactly that update moment. */
export function groupPricesAtMoment(
  seed: number,
  profile: BookProfile,
  board: MarketBoard,
  group: readonly FairSelection[],
  momentMs: number,
): number[] {
  const [first] = group;
  if (!first) return [];
  const shift = shiftAt(seed, profile, groupCadence(seed, profile, board.fixture, group), first, momentMs);
  return group.map((selection) => loadedAmerican(profile, board, group, selection, shift));
}

/** The book's American price for a selection at a moment, whether or not the book offers it. */
export function bookAmericanPrice(
  seed: number,
  profile: BookProfile,
  board: MarketBoard,
  selection: FairSelection,
  nowMs: number,
): number {
  const group = board.groups.get(selection.groupId) ?? [selection];
  const moment = lastMoment(groupCadence(seed, profile, board.fixture, group), nowMs);
  return groupPricesAtMoment(seed, profile, board, group, moment)[selection.sideIndex] ?? 0;
}

/** How many past updates to look through for the last change before settling for the oldest. */
const CHANGE_LOOKBACK = 12;

/** A side's price at a moment and the moment (epoch ms) at which that price was set. */
export interface HeldPrice {
  american: number;
  changedAtMs: number;
}

/**
 * Every side of one group at once (the same prices bookAmericanPrice gives, at a fraction of the
 * cost: a group shares its drift, shade and update moments), with the moment each price was set -
 * the book's last update that actually moved it; a price that held through twelve updates reports
 * the twelfth.
 */
export function bookGroupPrices(
  seed: number,
  profile: BookProfile,
  board: MarketBoard,
  group: readonly FairSelection[],
  nowMs: number,
): HeldPrice[] {
  const [first] = group;
  if (!first) return [];
  const cadence = groupCadence(seed, profile, board.fixture, group);
  let update = lastMoment(cadence, nowMs);
  const current = groupPricesAtMoment(seed, profile, board, group, update);
  const changed: (number | null)[] = group.map(() => null);
  let prices = current;
  for (let step = 0; step < CHANGE_LOOKBACK && changed.includes(null); step++) {
    const before = lastMoment(cadence, update - 1);
    const previous = groupPricesAtMoment(seed, profile, board, group, before);
    previous.forEach((price, index) => {
      if (changed[index] === null && price !== prices[index]) changed[index] = update;
    });
    update = before;
    prices = previous;
  }
  return current.map((american, index) => ({ american, changedAtMs: changed[index] ?? update }));
}

/** Markets beyond the main lines that not every book carries (part-game lines, team totals, game props). */
const SIDE_MARKETS = new Set(['team_total', 'odd_even', 'yes_no', 'first_to_score']);

/**
 * Whether the book lists this selection at all (fixed over time: coverage is not drift, and a
 * player's absence is decided by his status at the game's start).
 */
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
    // Books pull a ruled-out player's props (injuries/injury-report.ts).
    if (selection.playerId !== null && ruledOutFor(seed, { id: selection.playerId }, fixture)) return false;
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
