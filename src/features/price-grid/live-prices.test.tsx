import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookOdd } from '../../api/types.ts';
import { americanToDecimal, decimalToAmerican, formatOdds } from '../../domain/odds/odds.ts';
import type { SlipLeg } from '../../domain/slip.ts';
import { fakeEventSources, type FakeEventSource } from '../../test/api/fake-event-source.ts';
import { movablePrices, streamRow } from '../../test/live-odds.ts';
import {
  gridCell,
  loadSandboxGames,
  moneylineLeg,
  recordParlayRequests,
  startingWith,
} from '../../test/price-grid.tsx';
import { createSandboxFetch, renderWithApp } from '../../test/render-with-app.tsx';
import { PriceGrid } from './price-grid.tsx';

const BOOKS = ['DraftKings', 'Fanatics'] as const;

function american(decimal: number): string {
  return formatOdds(decimal, 'american');
}

function oddOf(odds: readonly BookOdd[], leg: SlipLeg, book: string): BookOdd {
  const odd = odds.find((each) => each.sportsbook === book && each.market === leg.market && each.name === leg.name);
  if (!odd) throw new Error(`No ${book} odd for ${leg.name}`);
  return odd;
}

/** A slip of two moneylines at two books, its grid on screen, with a stream the test drives. */
async function renderLiveGrid() {
  const games = await loadSandboxGames(2);
  const legs = games.map(moneylineLeg);
  const [firstLeg] = legs;
  const [firstGame] = games;
  if (!firstLeg || !firstGame) throw new Error('The sandbox has too few games');
  const sources = fakeEventSources();
  const oddsRequests: string[] = [];
  const parlays = recordParlayRequests();
  const prices = movablePrices(
    createSandboxFetch({
      onRequest: (request) => {
        if (request.url.includes('/fixtures/odds')) oddsRequests.push(request.url);
        parlays.onRequest(request);
      },
    }),
  );
  renderWithApp(<PriceGrid />, {
    initialState: { legs, books: [...BOOKS], fairValue: false },
    fetch: prices.fetch,
    openEventSource: sources.open,
  });
  const odd = oddOf(firstGame.odds, firstLeg, 'DraftKings');
  // The book's parlay answer is in: its leg price shows.
  await waitFor(() => expect(gridCell('Parlay', 'DraftKings')).toHaveTextContent(/[+-]\d/));
  const stream = await vi.waitFor(() => sources.latest(), { timeout: 5000 });
  return { legs, firstLeg, odd, sources, stream, oddsRequests, parlays, prices };
}

function goLive(stream: FakeEventSource) {
  act(() => stream.connect());
  expect(screen.getByText('Live')).toBeInTheDocument();
}

afterEach(() => {
  vi.useRealTimers();
});

describe('live prices in the grid', () => {
  it('opens one stream for the slip’s games at the chosen books, and says "Live" once it is up', async () => {
    const { legs, stream } = await renderLiveGrid();
    expect(stream.url.pathname).toBe('/api/v3/stream/odds/basketball');
    expect(stream.param('fixture_id')).toEqual(legs.map((leg) => leg.fixtureId).sort());
    expect(stream.param('sportsbook')).toEqual([...BOOKS]);
    expect(stream.param('include_fixture_updates')).toEqual(['true']);
    goLive(stream);
  });

  it('shows a streamed price in place of the old one with its movement mark, and re-asks only that book', async () => {
    const { firstLeg, odd, stream, parlays, prices } = await renderLiveGrid();
    goLive(stream);
    const oldParlay = gridCell('Parlay', 'DraftKings').textContent;
    const asked = parlays.count;
    const raised = Math.round(decimalToAmerican(odd.decimalPrice + 0.4));
    prices.move(odd, raised);
    act(() => stream.send('odds', [streamRow(odd, { price: raised })]));

    const legCell = () => gridCell(startingWith(firstLeg.name), 'DraftKings');
    await waitFor(() => expect(legCell()).toHaveTextContent(american(americanToDecimal(raised) ?? 0)));
    expect(legCell()).not.toHaveTextContent(american(odd.decimalPrice));
    expect(legCell()).toHaveTextContent('(price up)');
    // The parlay at that book is asked again (and only there), and its new price shows.
    await waitFor(async () => expect(await parlays.booksAsked()).toContainEqual(['DraftKings']));
    expect((await parlays.booksAsked()).slice(asked)).toEqual([['DraftKings']]);
    await waitFor(() => expect(gridCell('Parlay', 'DraftKings').textContent).not.toBe(oldParlay));
    expect(gridCell('Parlay', 'DraftKings')).toHaveTextContent('(price up)');
  });

  it('shows a locked line as suspended at its book, the parlay there not available, until it reopens', async () => {
    const { firstLeg, odd, stream } = await renderLiveGrid();
    goLive(stream);
    act(() => stream.send('locked-odds', [streamRow(odd)]));

    await waitFor(() =>
      expect(gridCell(startingWith(firstLeg.name), 'DraftKings')).toHaveTextContent('Suspended at DraftKings'),
    );
    const parlayCell = gridCell('Parlay', 'DraftKings');
    expect(within(parlayCell).getByRole('button', { name: 'Not available at DraftKings: why' })).toBeInTheDocument();
    expect(parlayCell).not.toHaveTextContent(/[+-]\d/);
    // Other books are untouched.
    expect(gridCell('Parlay', 'Fanatics')).toHaveTextContent(/[+-]\d/);

    act(() => stream.send('odds', [streamRow(odd)]));
    await waitFor(() =>
      expect(gridCell(startingWith(firstLeg.name), 'DraftKings')).toHaveTextContent(american(odd.decimalPrice)),
    );
    await waitFor(() => expect(gridCell('Parlay', 'DraftKings')).toHaveTextContent(/[+-]\d/));
  });
});

describe('polling and the stream', () => {
  it('asks for no odds while the stream is live; when it fails, polls again at once and the freshness line says so', async () => {
    // Only the refresh timers are the test's: the rest of the page runs on real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { stream, oddsRequests, parlays } = await renderLiveGrid();
    goLive(stream);
    const oddsAsked = oddsRequests.length;
    const parlaysAsked = parlays.count;

    await act(() => vi.advanceTimersByTimeAsync(2 * 60_000));
    expect(oddsRequests).toHaveLength(oddsAsked);
    expect(parlays.count).toBe(parlaysAsked);

    act(() => stream.refuse());
    expect(await screen.findByText(/Live prices interrupted: refreshing every 30 s/)).toBeInTheDocument();
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(oddsRequests.length).toBeGreaterThan(oddsAsked), { timeout: 5000 });
    const afterFailure = oddsRequests.length;
    await act(() => vi.advanceTimersByTimeAsync(31_000));
    await vi.waitFor(() => expect(oddsRequests.length).toBeGreaterThan(afterFailure), { timeout: 5000 });
    await vi.waitFor(() => expect(parlays.count).toBeGreaterThan(parlaysAsked), { timeout: 5000 });
  });
});
