/**
 * Which streams a tab opens: one per sport (our server streams a sport at a time), narrowed to the
 * games it shows, the slip's first, at the books it shows. Pure, so the rules are tested alone.
 */
import { SPORTSBOOKS, type Sportsbook } from '../../domain/sportsbooks.ts';
import type { OddsStreamRequest } from '../../api/stream/odds-stream.ts';

/**
 * Each stream holds one of the six connections a browser opens to a server over HTTP/1.1, and the
 * books' parlay prices need the rest: games of further sports are polled.
 */
const MAX_STREAMS = 2;
/** Keeps the stream's address short; games past it are polled. */
const MAX_GAMES_PER_STREAM = 60;

export interface StreamPlanInput {
  /** The slip's games and their sports, in slip order (a game whose sport is not known yet is left out). */
  slipGames: ReadonlyMap<string, string>;
  /** Opened games and game rows in view, with their sports. */
  watchedGames: ReadonlyMap<string, string>;
  chosenBooks: readonly Sportsbook[];
  /** Fair value reads every book's prices for the slip's markets, so then every book is streamed. */
  everyBook: boolean;
}

export function planStreams({ slipGames, watchedGames, chosenBooks, everyBook }: StreamPlanInput): OddsStreamRequest[] {
  if (chosenBooks.length === 0) return [];
  const sportsbooks = everyBook ? [...SPORTSBOOKS] : [...chosenBooks];
  const gamesBySport = new Map<string, string[]>();
  for (const [fixtureId, sport] of [...slipGames, ...watchedGames]) {
    const games = gamesBySport.get(sport) ?? [];
    if (!gamesBySport.has(sport)) {
      if (gamesBySport.size >= MAX_STREAMS) continue;
      gamesBySport.set(sport, games);
    }
    if (games.length < MAX_GAMES_PER_STREAM && !games.includes(fixtureId)) games.push(fixtureId);
  }
  // Sorted, so the same games in another order are the same stream (no reconnect).
  return [...gamesBySport].map(([sport, games]) => ({ sport, fixtureIds: games.sort(), sportsbooks }));
}

/** A stream's identity: a different one means a new connection. */
export function streamRequestKey({ sport, fixtureIds, sportsbooks }: OddsStreamRequest): string {
  return JSON.stringify([sport, fixtureIds, sportsbooks]);
}
