import { describe, expect, it } from 'vitest';
import { SPORTSBOOKS } from '../../src/domain/sportsbooks.ts';
import { createSandboxState } from '../state.ts';
import { FIXED_NOW } from '../testing/sandbox-client.ts';
import { profileOf } from './books.ts';
import type { FairSelection } from './fair-selection.ts';
import { BUSY_WINDOW_MS, groupCadence, lastMoment, lineLocked, PRICE_BUCKET_MS } from './price-moments.ts';

const state = createSandboxState({ apiKey: 'k', catalog: 'small', now: () => FIXED_NOW });
function nflGame() {
  const found = state.schedule.activeFixtures(FIXED_NOW).find((candidate) => candidate.league.id === 'nfl');
  if (!found) throw new Error('no NFL game');
  return found;
}
const fixture = nflGame();
const board = state.boardFor(fixture);
const groupOf = (test: (selection: FairSelection) => boolean) => {
  const group = [...board.groups.values()].find((candidate) => candidate[0] !== undefined && test(candidate[0]));
  if (!group) throw new Error('no such group');
  return group;
};
const moneyline = groupOf((selection) => selection.market.kind === 'moneyline' && selection.isMain);
const alternate = groupOf((selection) => selection.market.kind === 'spread' && !selection.isMain);

/** The update moments in [fromMs, toMs). */
function momentsBetween(
  group: readonly FairSelection[],
  book: (typeof SPORTSBOOKS)[number],
  fromMs: number,
  toMs: number,
) {
  const cadence = groupCadence(state.seed, profileOf(book), fixture, group);
  const moments: number[] = [];
  for (let moment = lastMoment(cadence, toMs - 1); moment >= fromMs; moment = lastMoment(cadence, moment - 1))
    moments.unshift(moment);
  return moments;
}

function gaps(moments: readonly number[]): number[] {
  return moments.slice(1).map((moment, index) => moment - (moments[index] ?? 0));
}

describe('update moments (price-moments.ts)', () => {
  const liveFromMs = fixture.liveFromMs;

  it('re-prices main lines every 1-5 s in play, 5-30 s in the half hour before, 4-40 min earlier', () => {
    for (const book of SPORTSBOOKS) {
      const inPlay = gaps(momentsBetween(moneyline, book, liveFromMs, liveFromMs + 5 * 60_000));
      expect(Math.min(...inPlay)).toBeGreaterThanOrEqual(1_000);
      expect(Math.max(...inPlay)).toBeLessThanOrEqual(5_000);
      const preMatch = gaps(momentsBetween(moneyline, book, liveFromMs - 25 * 60_000, liveFromMs - 60_000));
      expect(Math.min(...preMatch)).toBeGreaterThanOrEqual(5_000);
      expect(Math.max(...preMatch)).toBeLessThanOrEqual(30_000);
      const slowFromMs = liveFromMs - BUSY_WINDOW_MS - 6 * 3_600_000;
      const slow = momentsBetween(moneyline, book, slowFromMs, liveFromMs - BUSY_WINDOW_MS);
      expect(slow.every((moment) => moment % PRICE_BUCKET_MS === 0)).toBe(true);
      expect(Math.min(...gaps(slow))).toBeGreaterThanOrEqual(4 * 60_000);
      expect(Math.max(...gaps(slow))).toBeLessThanOrEqual(40 * 60_000);
    }
  });

  it('keeps alternates on their slow hours even in play, and hands over at the start of each phase', () => {
    const alternates = gaps(
      momentsBetween(alternate, 'DraftKings', liveFromMs - 24 * 3_600_000, liveFromMs + 3_600_000),
    );
    expect(Math.min(...alternates)).toBeGreaterThanOrEqual(3 * 3_600_000);
    const cadence = groupCadence(state.seed, profileOf('DraftKings'), fixture, moneyline);
    expect(lastMoment(cadence, liveFromMs)).toBe(liveFromMs);
    expect(lastMoment(cadence, liveFromMs - BUSY_WINDOW_MS)).toBe(liveFromMs - BUSY_WINDOW_MS);
  });

  it('locks in-play main lines now and then for 4-15 s; before the game and alternates never', () => {
    const profile = profileOf('DraftKings');
    const cadence = groupCadence(state.seed, profile, fixture, moneyline);
    const first = moneyline[0] as FairSelection;
    const stretches: number[] = [];
    let lockedSeconds = 0;
    let running = 0;
    const hourSeconds = 3_600;
    for (let second = 0; second < hourSeconds; second++) {
      const locked = lineLocked(state.seed, profile, cadence, first, liveFromMs + second * 1_000, false);
      if (locked) {
        lockedSeconds++;
        running++;
      } else if (running > 0) {
        stretches.push(running);
        running = 0;
      }
    }
    expect(stretches.length).toBeGreaterThan(2);
    expect(Math.min(...stretches)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...stretches)).toBeLessThanOrEqual(15);
    expect(lockedSeconds / hourSeconds).toBeLessThan(0.1);
    for (let second = 0; second < hourSeconds; second++) {
      expect(lineLocked(state.seed, profile, cadence, first, liveFromMs - (second + 1) * 1_000, false)).toBe(false);
    }
    // A suspended game locks them all; an alternate never locks.
    expect(lineLocked(state.seed, profile, cadence, first, liveFromMs + 60_000, true)).toBe(true);
    const alternateCadence = groupCadence(state.seed, profile, fixture, alternate);
    expect(
      lineLocked(state.seed, profile, alternateCadence, alternate[0] as FairSelection, liveFromMs + 60_000, true),
    ).toBe(false);
  });
});
