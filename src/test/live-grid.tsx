/**
 * A live price grid for component tests: a slip of two moneylines at two books, its grid on screen,
 * the sandbox's prices movable and a stream the test drives. Shared by the grid's live tests and
 * the price alerts' (the app's only).
 */
import { act, screen, waitFor } from '@testing-library/react';
import { expect, vi } from 'vitest';
import type { BookOdd } from '../api/types.ts';
import { americanToDecimal, formatOdds } from '../domain/odds/odds.ts';
import type { SlipLeg } from '../domain/slip.ts';
import { PriceGrid } from '../features/price-grid/price-grid.tsx';
import { fakeEventSources, type FakeEventSource } from './api/fake-event-source.ts';
import { movablePrices } from './live-odds.ts';
import { gridCell, loadSandboxGames, moneylineLeg, recordParlayRequests } from './price-grid.tsx';
import { jsonResponse } from './games.tsx';
import { createSandboxFetch, renderWithApp } from './render-with-app.tsx';

/** The books a live grid prices at. */
export const BOOKS = ['DraftKings', 'Fanatics'] as const;

export function american(decimal: number): string {
  return formatOdds(decimal, 'american');
}

export function oddOf(odds: readonly BookOdd[], leg: SlipLeg, book: string): BookOdd {
  const odd = odds.find((each) => each.sportsbook === book && each.market === leg.market && each.name === leg.name);
  if (!odd) throw new Error(`No ${book} odd for ${leg.name}`);
  return odd;
}

/** The service refusing our key (401) for every parlay question at `book`, once it was asked. */
function refusingAt(book: string, sandboxFetch: typeof fetch): typeof fetch {
  return async (input, init) => {
    const response = await sandboxFetch(input, init);
    if (!String(input).includes('/parlay/odds') || typeof init?.body !== 'string') return response;
    const { sportsbooks = [] } = JSON.parse(init.body) as { sportsbooks?: string[] };
    return sportsbooks.includes(book) ? jsonResponse({ error: 'Invalid or inactive API key' }, 401) : response;
  };
}

/**
 * A slip of two moneylines at two books, its grid on screen, with a stream the test drives.
 * `addedAt`: the price the first leg had when added, as a change of its DraftKings price now.
 * `refusedAt`: a book whose parlay questions the service refuses.
 */
export async function renderLiveGrid({
  addedAt,
  refusedAt,
}: { addedAt?: (decimal: number) => number; refusedAt?: string } = {}) {
  const games = await loadSandboxGames(2);
  const legs = games.map(moneylineLeg);
  const [firstLeg] = legs;
  const [firstGame] = games;
  if (!firstLeg || !firstGame) throw new Error('The sandbox has too few games');
  const sources = fakeEventSources();
  const oddsRequests: string[] = [];
  const parlays = recordParlayRequests();
  const sandboxFetch = createSandboxFetch({
    onRequest: (request) => {
      if (request.url.includes('/fixtures/odds')) oddsRequests.push(request.url);
      parlays.onRequest(request);
    },
  });
  const prices = movablePrices(refusedAt === undefined ? sandboxFetch : refusingAt(refusedAt, sandboxFetch));
  const odd = oddOf(firstGame.odds, firstLeg, 'DraftKings');
  if (addedAt) legs[0] = { ...firstLeg, addedPrice: { decimal: addedAt(odd.decimalPrice), book: 'DraftKings' } };
  renderWithApp(<PriceGrid />, {
    initialState: { legs, books: [...BOOKS], fairValue: false },
    fetch: prices.fetch,
    openEventSource: sources.open,
  });
  // The book's parlay answer is in: its leg price shows.
  await waitFor(() => expect(gridCell('Parlay', 'DraftKings')).toHaveTextContent(/[+-]\d/));
  // The stream the runtime keeps: one opened and then replaced (a reshape under a slow machine) is closed.
  const stream = await vi.waitFor(
    () => {
      const latest = sources.latest();
      if (latest.closed) throw new Error('The latest stream was closed');
      return latest;
    },
    { timeout: 5000 },
  );
  return { legs, firstLeg, firstGame, odd, sources, stream, oddsRequests, parlays, prices };
}

/** The stream answers; the grid says "Live" (once its status has been published and rendered). */
export async function goLive(stream: FakeEventSource) {
  act(() => stream.connect());
  await waitFor(() => expect(screen.getByText('Live')).toBeInTheDocument());
}

/** A book's parlay price as its cell shows it (American odds), as exact decimal odds. */
export function parlayDecimal(book: string): number {
  const shown = /[+-]\d+/.exec(gridCell('Parlay', book).textContent ?? '')?.[0];
  const decimal = shown === undefined ? null : americanToDecimal(Number(shown));
  if (decimal === null) throw new Error(`No parlay price at ${book}`);
  return decimal;
}
