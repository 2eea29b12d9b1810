import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { americanToDecimal, decimalToAmerican } from '../../domain/odds/odds.ts';
import { fakeEventSources } from '../../test/api/fake-event-source.ts';
import { BOOKS, american, goLive, oddOf, renderLiveGrid } from '../../test/live-grid.tsx';
import { streamRow } from '../../test/live-odds.ts';
import { AddLegButton, gridCell, loadSandboxGames, moneylineLeg, startingWith } from '../../test/price-grid.tsx';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { PriceGrid } from './price-grid.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('live prices in the grid', () => {
  it('opens one stream for the slip’s games at the chosen books, and says "Live" once it is up', async () => {
    const { legs, stream } = await renderLiveGrid();
    expect(stream.url.pathname).toBe('/api/v3/stream/odds/basketball');
    expect(stream.param('fixture_id')).toEqual(legs.map((leg) => leg.fixtureId).sort());
    expect(stream.param('sportsbook')).toEqual([...BOOKS]);
    expect(stream.param('include_fixture_updates')).toEqual(['true']);
    await goLive(stream);
  });

  it('shows a streamed price in place of the old one with its movement mark, and re-asks only that book', async () => {
    const { firstLeg, odd, stream, parlays, prices } = await renderLiveGrid();
    await goLive(stream);
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

  it('gathers moves in quick succession: six moves in a third of a second re-ask the book at most three times', async () => {
    const { odd, stream, parlays, prices } = await renderLiveGrid();
    await goLive(stream);
    const asked = parlays.count;
    let price = odd.americanPrice;
    for (const step of [1, 2, 3, 4, 5, 6]) {
      price = Math.round(decimalToAmerican(odd.decimalPrice + 0.05 * step));
      prices.move(odd, price);
      act(() => stream.send('odds', [streamRow(odd, { price, timestamp: (odd.timestamp ?? 0) + 3600 + step })]));
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    }
    const last = american(americanToDecimal(price) ?? 0);
    await waitFor(() => expect(gridCell(startingWith(odd.name), 'DraftKings')).toHaveTextContent(last));
    // The held moves are asked about together, then nothing more.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    const books = (await parlays.booksAsked()).slice(asked);
    expect(books.length).toBeGreaterThanOrEqual(1);
    expect(books.length).toBeLessThanOrEqual(3);
    expect(books.every((each) => each.length === 1 && each[0] === 'DraftKings')).toBe(true);
    expect(gridCell(startingWith(odd.name), 'DraftKings')).toHaveTextContent(last);
  });

  it('shows a locked line as suspended at its book, the parlay there not available, until it reopens', async () => {
    const { firstLeg, odd, stream } = await renderLiveGrid();
    await goLive(stream);
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

  it('asks a book that refused the question again only when told to, not when its leg moves', async () => {
    const user = userEvent.setup();
    const { firstLeg, firstGame, odd, stream, parlays, prices } = await renderLiveGrid({ refusedAt: 'Fanatics' });
    act(() => stream.connect());
    expect(await screen.findByRole('alert')).toHaveTextContent('Odds service refused access');
    const asked = parlays.count;
    const moved = [odd, oddOf(firstGame.odds, firstLeg, 'Fanatics')].map((each) => {
      const raised = Math.round(decimalToAmerican(each.decimalPrice + 0.4));
      prices.move(each, raised);
      return streamRow(each, { price: raised });
    });
    act(() => stream.send('odds', moved));

    // The leg moved at both books: DraftKings is asked again, Fanatics would only refuse again.
    await waitFor(async () => expect((await parlays.booksAsked()).slice(asked)).toContainEqual(['DraftKings']));
    expect((await parlays.booksAsked()).slice(asked)).toEqual([['DraftKings']]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(async () => expect((await parlays.booksAsked()).slice(asked)).toContainEqual(['Fanatics']));
  });
});

describe('polling and the stream', () => {
  it('keeps saying "Live" while a leg of another game is added and the stream takes its game in', async () => {
    const user = userEvent.setup();
    const [first, second, third] = (await loadSandboxGames(3)).map(moneylineLeg);
    if (!first || !second || !third) throw new Error('The sandbox has too few games');
    const sources = fakeEventSources();
    renderWithApp(
      <>
        <AddLegButton leg={third} label="Add the third leg" />
        <PriceGrid />
      </>,
      {
        initialState: { legs: [first, second], books: [...BOOKS], fairValue: false },
        openEventSource: sources.open,
      },
    );
    await waitFor(() => expect(gridCell('Parlay', 'DraftKings')).toHaveTextContent(/[+-]\d/));
    const stream = await vi.waitFor(() => sources.latest(), { timeout: 5000 });
    await goLive(stream);

    // What the freshness line says at every change of the page from the tap on.
    const said: string[] = [];
    const freshness = () => {
      if (screen.queryByText(/^Updated |interrupted|reconnecting/)) return 'polled';
      return screen.queryByText('Live') ? 'Live' : 'nothing';
    };
    const observer = new MutationObserver(() => said.push(freshness()));
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    await user.click(screen.getByRole('button', { name: 'Add the third leg' }));
    expect(screen.getByRole('rowheader', { name: startingWith(third.name) })).toBeInTheDocument();

    // The stream is asked again with the new game in it; the old one carries on until it is up.
    const joined = await vi.waitFor(
      () => {
        const latest = sources.latest();
        if (latest === stream) throw new Error('The stream was not asked for the new game yet');
        return latest;
      },
      { timeout: 5000 },
    );
    expect(joined.param('fixture_id')).toEqual([first, second, third].map((leg) => leg.fixtureId).sort());
    act(() => joined.connect());
    await waitFor(() => expect(gridCell(startingWith(third.name), 'DraftKings')).toHaveTextContent(/[+-]\d/));
    observer.disconnect();
    expect(said.length).toBeGreaterThan(0);
    expect(said.filter((line) => line !== 'Live')).toEqual([]);
  });

  it('asks for no odds while the stream is live; when it fails, polls again at once and the freshness line says so', async () => {
    // Only the refresh timers are the test's: the rest of the page runs on real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { stream, oddsRequests, parlays } = await renderLiveGrid();
    await goLive(stream);
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
    // Polling is back on its 30 s beat. Its timer is set when the page re-renders without the stream,
    // which a loaded machine may do after a first advance: each try moves one more beat.
    await vi.waitFor(
      async () => {
        await act(() => vi.advanceTimersByTimeAsync(31_000));
        expect(oddsRequests.length).toBeGreaterThan(afterFailure);
      },
      { timeout: 5000, interval: 200 },
    );
    await vi.waitFor(() => expect(parlays.count).toBeGreaterThan(parlaysAsked), { timeout: 5000 });
  });
  it('where the server has no stream (refused from the start), polls as before and says only how fresh prices are', async () => {
    const { stream } = await renderLiveGrid();
    act(() => stream.refuse());
    expect(await screen.findByText(/^Updated \d+ s ago$/)).toBeInTheDocument();
    expect(screen.queryByText(/interrupted/)).not.toBeInTheDocument();
    expect(screen.queryByText('Live')).not.toBeInTheDocument();
  });
});

describe('moved since you added it', () => {
  it('says how far a leg’s price moved since it was added, at the book it was added from, as it moves', async () => {
    const { firstLeg, odd, stream, prices } = await renderLiveGrid({ addedAt: (decimal) => decimal });
    const legHeader = () => screen.getByRole('rowheader', { name: startingWith(firstLeg.name) });
    expect(legHeader()).not.toHaveTextContent('moved since you added it');
    await goLive(stream);
    const lowered = Math.round(decimalToAmerican(odd.decimalPrice - 0.2));
    prices.move(odd, lowered);
    act(() => stream.send('odds', [streamRow(odd, { price: lowered })]));
    await waitFor(() =>
      expect(legHeader()).toHaveTextContent(
        `moved since you added it: ${american(odd.decimalPrice)} → ${american(americanToDecimal(lowered) ?? 0)}`,
      ),
    );
  });
});
