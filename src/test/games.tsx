/** Test helpers for the games feature: a slip probe and expectations from the same sandbox. */
import { vi } from 'vitest';
import { createOddsClient } from '../api/client.ts';
import type { BookOdd } from '../api/types.ts';
import { SPORTSBOOKS, type Sportsbook } from '../domain/sportsbooks.ts';
import { useSlip } from '../state/app-stores-context.tsx';
import { createSandboxFetch, TEST_NOW } from './render-with-app.tsx';

/** Lists the slip's legs, so tests read what the games browser wrote. */
export function SlipProbe() {
  const legs = useSlip((state) => state.legs);
  return (
    <ul aria-label="slip probe">
      {legs.map((leg) => (
        <li key={`${leg.fixtureId}|${leg.market}|${leg.name}`}>
          {leg.market}: {leg.name} (
          {leg.game ? `${leg.game.awayTeam} @ ${leg.game.homeTeam}, ${leg.game.leagueId}` : 'no game'})
        </li>
      ))}
    </ul>
  );
}

/** A client on the same deterministic sandbox the rendered app talks to, for expected values. */
export function sandboxClient() {
  return createOddsClient({ baseUrl: 'http://sandbox.test', fetch: createSandboxFetch() });
}

/** The page's clock at the sandbox's "now", so Today/Tomorrow match its schedule. Timers stay real. */
export function freezeDateAtTestNow(): void {
  vi.useFakeTimers({ toFake: ['Date'], now: TEST_NOW });
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function requestUrl(input: RequestInfo | URL): URL {
  return new URL(input instanceof Request ? input.url : String(input), 'http://sandbox.test');
}

/** Best decimal price for one selection among some books, computed straight from the odds. */
export function bestAmong(
  odds: readonly BookOdd[],
  market: string,
  name: string,
  books: readonly Sportsbook[],
): BookOdd | null {
  const offers = odds.filter((odd) => odd.market === market && odd.name === name && books.includes(odd.sportsbook));
  const top = Math.max(...offers.map((odd) => odd.decimalPrice));
  // A tie goes to the book listed first in the one list of books.
  const tied = offers.filter((odd) => odd.decimalPrice === top);
  return tied.sort((a, b) => SPORTSBOOKS.indexOf(a.sportsbook) - SPORTSBOOKS.indexOf(b.sportsbook))[0] ?? null;
}
