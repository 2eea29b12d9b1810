/**
 * When each game's prices last changed on the streams this instance relays (every instance relays
 * every stream it has readers for, leader or not). The proxy reads it so a parlay asked again
 * because a leg moved is not answered from a cache entry made before the move.
 */
import type { UpstreamEvent } from './stream-rows.ts';

/** Games remembered at most (the oldest forgotten first): a forgotten game's answers age out as usual. */
const MAX_GAMES = 20_000;

export class LastChanges {
  readonly #byFixture = new Map<string, number>();

  record(event: UpstreamEvent, atMs: number): void {
    if (event.type === 'fixture-status') return;
    for (const row of event.rows) {
      // Re-inserted, so the map's order is oldest change first.
      this.#byFixture.delete(row.fixtureId);
      this.#byFixture.set(row.fixtureId, atMs);
    }
    for (const fixtureId of this.#byFixture.keys()) {
      if (this.#byFixture.size <= MAX_GAMES) break;
      this.#byFixture.delete(fixtureId);
    }
  }

  latest(fixtureIds: readonly string[]): number {
    let latest = 0;
    for (const fixtureId of fixtureIds) latest = Math.max(latest, this.#byFixture.get(fixtureId) ?? 0);
    return latest;
  }
}
