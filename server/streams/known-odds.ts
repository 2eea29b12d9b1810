/**
 * The latest row of every odd one upstream stream has sent (open or locked), oldest change first:
 * what a snapshot compares the service's prices with, and what a browser that cannot resume from
 * our replay buffer is sent of the games it names, to be current (looked up by game, so what that
 * costs grows with what is sent). Bounded: past the cap the longest-unchanged odds go.
 */
import type { StreamEventType, StreamRow } from './stream-rows.ts';

export interface KnownOdd {
  row: StreamRow;
  locked: boolean;
}

const DEFAULT_MAX_ODDS = 50_000;

export class KnownOdds {
  readonly #odds = new Map<string, KnownOdd>();
  /** The keys of each game's odds. */
  readonly #byFixture = new Map<string, Set<string>>();
  readonly #maxOdds: number;

  constructor(maxOdds = DEFAULT_MAX_ODDS) {
    this.#maxOdds = maxOdds;
  }

  record(type: StreamEventType, rows: readonly StreamRow[]): void {
    if (type === 'fixture-status') return;
    for (const row of rows) {
      // Re-inserted so the map's order is the order of change.
      this.#forget(row.key);
      this.#odds.set(row.key, { row, locked: type === 'locked-odds' });
      let keys = this.#byFixture.get(row.fixtureId);
      if (keys === undefined) {
        keys = new Set();
        this.#byFixture.set(row.fixtureId, keys);
      }
      keys.add(row.key);
    }
    for (const key of this.#odds.keys()) {
      if (this.#odds.size <= this.#maxOdds) break;
      this.#forget(key);
    }
  }

  #forget(key: string): void {
    const known = this.#odds.get(key);
    if (known === undefined) return;
    this.#odds.delete(key);
    const keys = this.#byFixture.get(known.row.fixtureId);
    keys?.delete(key);
    if (keys?.size === 0) this.#byFixture.delete(known.row.fixtureId);
  }

  /** The game's known odds. */
  *ofFixture(fixtureId: string): Generator<KnownOdd> {
    for (const key of this.#byFixture.get(fixtureId) ?? []) {
      const known = this.#odds.get(key);
      if (known !== undefined) yield known;
    }
  }

  get(key: string): KnownOdd | undefined {
    return this.#odds.get(key);
  }

  all(): IterableIterator<KnownOdd> {
    return this.#odds.values();
  }

  /** Fixtures with known odds, most recently changed first. */
  recentFixtures(limit: number): string[] {
    const fixtures = new Set<string>();
    const odds = [...this.#odds.values()];
    for (let index = odds.length - 1; index >= 0 && fixtures.size < limit; index--) {
      const odd = odds[index];
      if (odd !== undefined) fixtures.add(odd.row.fixtureId);
    }
    return [...fixtures];
  }
}
