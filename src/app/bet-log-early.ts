/**
 * A visit that opens at the bet log (`#bet-log`): the log's code and the reading of the stored bets
 * start as the page's code arrives (app-start.tsx, before it renders), not once the page has
 * rendered and the log's view asks for them.
 */
import type { BetLogDb } from '../state/bet-log/bet-log-db.ts';

const dbModule = () => import('../state/bet-log/bet-log-db.ts');

let earlyDb: Promise<BetLogDb> | null = null;

export function startBetLogEarly(): void {
  // The view imports the same module (React.lazy), and reports it if it does not arrive.
  import('../features/bet-log/bet-log-page.tsx').catch(() => undefined);
  earlyDb = dbModule().then(({ openBetLogDb, readingAhead }) =>
    openBetLogDb().then((db) => readingAhead(db, Date.now())),
  );
  // The store reports a database that will not open when it reads.
  earlyDb.catch(() => undefined);
}

/** The page's bet log database: the one opened (and being read) early, else opened now. */
export function openPageBetLogDb(): Promise<BetLogDb> {
  return earlyDb ?? dbModule().then(({ openBetLogDb }) => openBetLogDb());
}
