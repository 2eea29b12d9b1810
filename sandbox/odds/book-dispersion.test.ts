/**
 * Cross-book dispersion: how far each book's price of a market sits from the books' consensus, in
 * margin-free implied probability. Real books rarely differ by more than a few points on a main
 * line, and only briefly more in play (sandbox/README.md, "Prices across books"). Over seeds and
 * instants, pre-game and in play.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { americanToDecimal } from '../../src/domain/odds/odds.ts';
import { SPORTSBOOKS } from '../../src/domain/sportsbooks.ts';
import { checkProperty } from '../../src/test/fuzz.ts';
import { createSandboxState } from '../state.ts';
import { FIXED_NOW } from '../testing/sandbox-client.ts';
import { fixtureStatus, isInPlay, type ScheduledFixture } from '../schedule/schedule.ts';
import { bookGroupOdds } from './book-odds.ts';
import type { FairSelection } from './fair-selection.ts';
import type { MarketBoard } from './market-board.ts';

/** The bounds (sandbox/README.md): a book's margin-free probability of a side, off the books' median. */
const DISPERSION_BOUNDS = { mainPreGame: 0.05, mainInPlay: 0.05, other: 0.06 } as const;

const MINUTE_MS = 60_000;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Each book's margin-free probabilities of the group's sides, for books listing every side. */
function fairShares(board: MarketBoard, group: readonly FairSelection[], nowMs: number): number[][] {
  const model = state.odds;
  return SPORTSBOOKS.flatMap((book) => {
    const odds = bookGroupOdds(model, board, book, group, nowMs);
    if (odds.length !== group.length) return [];
    const implied = group.map((selection) => {
      const odd = odds.find((candidate) => candidate.selection === selection);
      return 1 / (americanToDecimal(odd?.american ?? 0) ?? Number.NaN);
    });
    const total = implied.reduce((sum, value) => sum + value, 0);
    return [implied.map((value) => value / total)];
  });
}

interface Spread {
  largest: number;
  where: string;
}

/** The largest distance of any book from the median, per kind of market, over a fixture's groups. */
function dispersionOf(fixture: ScheduledFixture, nowMs: number) {
  const board = state.boardFor(fixture);
  const worst = { main: { largest: 0, where: '' } as Spread, other: { largest: 0, where: '' } as Spread };
  for (const group of board.groups.values()) {
    const [first] = group;
    if (!first || group.length < 2) continue;
    const shares = fairShares(board, group, nowMs);
    if (shares.length < 3) continue;
    const kind = first.isMain && !first.isPlayerProp ? 'main' : 'other';
    group.forEach((_, side) => {
      const values = shares.map((book) => book[side] ?? 0);
      const center = median(values);
      const largest = Math.max(...values.map((value) => Math.abs(value - center)));
      if (largest > worst[kind].largest)
        worst[kind] = {
          largest,
          where: `${fixture.id} ${first.groupId} side ${side}: ${values.map((v) => v.toFixed(3)).join(' ')}`,
        };
    });
  }
  return worst;
}

let state = createSandboxState({ apiKey: 'k', catalog: 'small', now: () => FIXED_NOW });

function stateFor(seed: number) {
  if (state.seed !== seed) state = createSandboxState({ apiKey: 'k', catalog: 'small', seed, now: () => FIXED_NOW });
  return state;
}

describe('cross-book dispersion', () => {
  it('keeps every book near the consensus: 5 points on main lines, pre-game and in play, 6 on other markets', async (context) => {
    let observed = { mainPreGame: 0, mainInPlay: 0, other: 0 };
    await checkProperty(
      context,
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.integer({ min: 0, max: 5 * 24 * 60 }),
        fc.integer({ min: 0, max: 100 }),
        fc.nat(),
        (seed, minutesAhead, minutesIntoPlay, pick) => {
          const sandbox = stateFor(seed);
          const fixtures = sandbox.schedule.activeFixtures(FIXED_NOW);
          const fixture = fixtures[pick % fixtures.length];
          if (!fixture) return;
          // Pre-game: any instant before the game; in play: its first 100 minutes.
          const preGameMs = Math.min(FIXED_NOW + minutesAhead * MINUTE_MS, fixture.liveFromMs - MINUTE_MS);
          const inPlayMs = fixture.liveFromMs + minutesIntoPlay * MINUTE_MS;
          const before = dispersionOf(fixture, preGameMs);
          expect(before.main.largest, before.main.where).toBeLessThanOrEqual(DISPERSION_BOUNDS.mainPreGame);
          expect(before.other.largest, before.other.where).toBeLessThanOrEqual(DISPERSION_BOUNDS.other);
          observed = {
            mainPreGame: Math.max(observed.mainPreGame, before.main.largest),
            mainInPlay: observed.mainInPlay,
            other: Math.max(observed.other, before.other.largest),
          };
          if (!isInPlay(fixtureStatus(fixture, inPlayMs))) return;
          const during = dispersionOf(fixture, inPlayMs);
          expect(during.main.largest, during.main.where).toBeLessThanOrEqual(DISPERSION_BOUNDS.mainInPlay);
          expect(during.other.largest, during.other.where).toBeLessThanOrEqual(DISPERSION_BOUNDS.other);
          observed = {
            ...observed,
            mainInPlay: Math.max(observed.mainInPlay, during.main.largest),
            other: Math.max(observed.other, during.other.largest),
          };
        },
      ),
      20,
    );
    // The figures sandbox/README.md quotes.
    expect(observed.mainInPlay).toBeGreaterThan(0);
    // Each run prices every market of a game at ten books, twice: slow on a loaded machine.
  }, 120_000);
});
