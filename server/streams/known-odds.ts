/**
 * The latest row of every odd one upstream stream has sent (open or locked), oldest change first:
 * what a snapshot compares the service's prices with, and what a browser that cannot resume from
 * our replay buffer is sent to be current. Bounded: past the cap the longest-unchanged odds go.
 */
import type { StreamEventType, StreamRow } from './stream-rows.ts';

export interface KnownOdd {
  row: StreamRow;
  locked: boolean;
}

const DEFAULT_MAX_ODDS = 50_000;

export class KnownOdds {
  readonly #odds = new Map<string, KnownOdd>();
  readonly #maxOdds: number;

  constructor(maxOdds = DEFAULT_MAX_ODDS) {
    this.#maxOdds = maxOdds;
  }

  record(type: StreamEventType, rows: readonly StreamRow[]): void {
    if (type === 'fixture-status') return;
    for (const row of rows) {
      // Re-inserted so the map's order is the order of change.
      this.#odds.delete(row.key);
      this.#odds.set(row.key, { row, locked: type === 'locked-odds' });
    }
    for (const key of this.#odds.keys()) {
      if (this.#odds.size <= this.#maxOdds) break;
      this.#odds.delete(key);
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
