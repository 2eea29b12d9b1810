/**
 * Asks /fixtures/odds for several games at once. Queries are per game (so each game's odds are
 * cached, shared and refreshed on their own), but the service takes up to five games a call: loads
 * made in the same tick for the same markets go out together, five games a call. A failed call fails
 * only its own games.
 */
import type { OddsClient } from './client.ts';
import { chunk, MAX_FIXTURES_PER_ODDS_CALL } from './odds-endpoints.ts';
import { SPORTSBOOKS } from '../domain/sportsbooks.ts';
import type { FixtureWithOdds } from './types.ts';

interface OddsSelection {
  /** Market ids (or names); empty asks for every market, which is megabytes: avoid. */
  markets: readonly string[];
  /** Only each market's main line. */
  mainLinesOnly: boolean;
}

interface Waiter {
  resolve: (odds: FixtureWithOdds | null) => void;
  reject: (error: unknown) => void;
}

interface Batch {
  selection: OddsSelection;
  waiters: Map<string, Waiter[]>;
  timer: ReturnType<typeof setTimeout>;
}

export interface OddsBatcher {
  /** One game's odds at all ten books (choosing books never asks again), or null if the service does not list it. */
  load(fixtureId: string, selection: OddsSelection): Promise<FixtureWithOdds | null>;
  /**
   * Sends what is waiting now, for a caller that has asked for everything it wants at once: the
   * window's timer can fire tens of ms late when a render follows on the main thread.
   */
  flush(): void;
}

/** Long enough for timers due in the same instant to have all fired; short beside any network call. */
const BATCH_WINDOW_MS = 8;

function batchKey({ markets, mainLinesOnly }: OddsSelection): string {
  return `${mainLinesOnly ? 'main' : 'all'}\u0000${[...new Set(markets)].sort().join('\u0001')}`;
}

export function createOddsBatcher(client: OddsClient): OddsBatcher {
  const open = new Map<string, Batch>();

  async function send(batch: Batch): Promise<void> {
    await Promise.all(
      chunk([...batch.waiters.keys()], MAX_FIXTURES_PER_ODDS_CALL).map(async (fixtureIds) => {
        const settle = (each: (waiter: Waiter, fixtureId: string) => void) => {
          for (const fixtureId of fixtureIds)
            for (const waiter of batch.waiters.get(fixtureId) ?? []) each(waiter, fixtureId);
        };
        try {
          const answer = await client.getFixtureOdds({
            fixtureIds,
            sportsbooks: SPORTSBOOKS,
            markets: batch.selection.markets,
            mainLinesOnly: batch.selection.mainLinesOnly,
          });
          const byId = new Map(answer.map((game) => [game.fixture.id, game]));
          settle((waiter, fixtureId) => waiter.resolve(byId.get(fixtureId) ?? null));
        } catch (error) {
          settle((waiter) => waiter.reject(error));
        }
      }),
    );
  }

  function sendNow(key: string, batch: Batch): void {
    clearTimeout(batch.timer);
    open.delete(key);
    void send(batch);
  }

  return {
    load(fixtureId, selection) {
      const key = batchKey(selection);
      let batch = open.get(key);
      if (!batch) {
        // Everything asked within a few milliseconds goes in one batch: a list's queries started in
        // one render, and refreshes that come due on the same beat (each fires from its own timer).
        const created: Batch = {
          selection,
          waiters: new Map(),
          timer: setTimeout(() => sendNow(key, created), BATCH_WINDOW_MS),
        };
        open.set(key, created);
        batch = created;
      }
      const waiting = batch;
      return new Promise((resolve, reject) => {
        waiting.waiters.set(fixtureId, [...(waiting.waiters.get(fixtureId) ?? []), { resolve, reject }]);
      });
    },
    flush() {
      for (const [key, batch] of [...open]) sendNow(key, batch);
    },
  };
}

/** One batcher per odds client, i.e. per app instance. */
const batchers = new WeakMap<OddsClient, OddsBatcher>();

export function oddsBatcherOf(client: OddsClient): OddsBatcher {
  let batcher = batchers.get(client);
  if (!batcher) {
    batcher = createOddsBatcher(client);
    batchers.set(client, batcher);
  }
  return batcher;
}
