/**
 * Asks /fixtures/odds for several games at once. Queries are per game (so each game's odds are
 * cached, shared and refreshed on their own), but the service takes up to five games a call: loads
 * made in the same tick for the same markets go out together, five games a call. A call with room
 * left takes games the caller expects to want next (a list's following rows): they cost no extra
 * call now and save one later. A failed call fails only its own games.
 */
import { chunk, MAX_FIXTURES_PER_ODDS_CALL, type OddsClient } from './client.ts';
import { SPORTSBOOKS } from '../domain/sportsbooks.ts';
import type { FixtureWithOdds } from './types.ts';

interface OddsSelection {
  /** Market ids (or names); empty asks for every market, which is megabytes: avoid. */
  markets: readonly string[];
  /** Only each market's main line. */
  mainLinesOnly: boolean;
}

/**
 * Games that may share a load's call when it has room (fewer than five games), best first. `claim`
 * is asked at send time, once per game that fits: true takes the game (its answer, or the call's
 * failure, arrives by `answer`), false leaves it out (already held fresh, or being asked).
 */
export interface RideAlong {
  candidates: readonly string[];
  claim: (fixtureId: string, answer: Promise<FixtureWithOdds | null>) => boolean;
}

interface Waiter {
  resolve: (odds: FixtureWithOdds | null) => void;
  reject: (error: unknown) => void;
}

interface Batch {
  selection: OddsSelection;
  waiters: Map<string, Waiter[]>;
  rideAlongs: RideAlong[];
}

export interface OddsBatcher {
  /** One game's odds at all ten books (choosing books never asks again), or null if the service does not list it. */
  load(fixtureId: string, selection: OddsSelection, rideAlong?: RideAlong): Promise<FixtureWithOdds | null>;
}

function deferredAnswer(): { answer: Promise<FixtureWithOdds | null>; waiter: Waiter } {
  const waiter: Waiter = { resolve: () => undefined, reject: () => undefined };
  const answer = new Promise<FixtureWithOdds | null>((resolve, reject) => {
    waiter.resolve = resolve;
    waiter.reject = reject;
  });
  // A ride-along's failure may have nobody waiting on it: never an unhandled rejection.
  answer.catch(() => undefined);
  return { answer, waiter };
}

/** Long enough for timers due in the same instant to have all fired; short beside any network call. */
const BATCH_WINDOW_MS = 8;

function batchKey({ markets, mainLinesOnly }: OddsSelection): string {
  return `${mainLinesOnly ? 'main' : 'all'}\u0000${[...new Set(markets)].sort().join('\u0001')}`;
}

export function createOddsBatcher(client: OddsClient): OddsBatcher {
  const open = new Map<string, Batch>();

  /** Fills the last call's room with claimed ride-along games; each claimed game gets a waiter. */
  function takeRideAlongs(batch: Batch): void {
    let room =
      (MAX_FIXTURES_PER_ODDS_CALL - (batch.waiters.size % MAX_FIXTURES_PER_ODDS_CALL)) % MAX_FIXTURES_PER_ODDS_CALL;
    for (const rideAlong of batch.rideAlongs) {
      for (const fixtureId of rideAlong.candidates) {
        if (room === 0) return;
        if (batch.waiters.has(fixtureId)) continue;
        const { answer, waiter } = deferredAnswer();
        if (rideAlong.claim(fixtureId, answer)) {
          batch.waiters.set(fixtureId, [waiter]);
          room -= 1;
        }
      }
    }
  }

  async function send(batch: Batch): Promise<void> {
    takeRideAlongs(batch);
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

  return {
    load(fixtureId, selection, rideAlong) {
      const key = batchKey(selection);
      let batch = open.get(key);
      if (!batch) {
        const created: Batch = { selection, waiters: new Map(), rideAlongs: [] };
        open.set(key, created);
        // Everything asked within a few milliseconds goes in one batch: a list's queries started in
        // one render, and refreshes that come due on the same beat (each fires from its own timer).
        setTimeout(() => {
          open.delete(key);
          void send(created);
        }, BATCH_WINDOW_MS);
        batch = created;
      }
      const waiting = batch;
      if (rideAlong) waiting.rideAlongs.push(rideAlong);
      return new Promise((resolve, reject) => {
        waiting.waiters.set(fixtureId, [...(waiting.waiters.get(fixtureId) ?? []), { resolve, reject }]);
      });
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
