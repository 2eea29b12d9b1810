/**
 * A visit that opens at the bet log (`#bet-log`): the log's code and the reading of the stored bets
 * start with the page's own code (main.tsx, before anything renders), not once the page has
 * rendered and the log's view asks for them.
 */
import type { BetLogDb } from '../state/bet-log/bet-log-db.ts';

export const BET_LOG_HASH = '#bet-log';

let earlyDb: Promise<BetLogDb> | null = null;

export function startBetLogEarly(): void {
  // The view imports the same module (React.lazy), and reports it if it does not arrive.
  import('../features/bet-log/bet-log-page.tsx').catch(() => undefined);
  earlyDb = import('../state/bet-log/bet-log-db.ts').then(({ openBetLogDb, readingAhead }) =>
    openBetLogDb().then((db) => readingAhead(db, Date.now())),
  );
  // The store reports a database that will not open when it reads.
  earlyDb.catch(() => undefined);
}

/** The database opened early, for the page's bet log store; null when nothing started early. */
export function earlyBetLogDb(): (() => Promise<BetLogDb>) | null {
  const opened = earlyDb;
  return opened === null ? null : () => opened;
}
