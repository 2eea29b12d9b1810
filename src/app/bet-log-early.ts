/**
 * The bet log's code and stored bets, asked for ahead of need. A visit that opens at the log
 * (`#bet-log`) starts both as the page's entry runs (main.tsx), beside the page's own code, not once
 * the page has rendered and the log's view asks for them.
 */
import type { ComponentType } from 'react';
import type { BetLogDb } from '../state/bet-log/bet-log-db.ts';

const dbModule = () => import('../state/bet-log/bet-log-db.ts');

let pageRequest: Promise<ComponentType> | null = null;
let loadedPage: ComponentType | null = null;

/** The log's view, loaded once, whoever asks first. */
export function loadBetLogPage(): Promise<{ default: ComponentType }> {
  pageRequest ??= import('../features/bet-log/bet-log-page.tsx').then((module) => (loadedPage = module.default));
  return pageRequest.then((page) => ({ default: page }));
}

/**
 * The log's view if its code has already arrived: shown at once, not through React's lazy
 * loading, which would wait (up to 300 ms, React's rhythm for revealing loaded content) to show it.
 */
export function betLogPageIfLoaded(): ComponentType | null {
  return loadedPage;
}

let earlyDb: Promise<BetLogDb> | null = null;

/** Starts once: the page's entry and its start both ask (whichever runs first). */
export function startBetLogEarly(): void {
  if (earlyDb !== null) return;
  // The view reports it if its code does not arrive.
  loadBetLogPage().catch(() => undefined);
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
