import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '../../domain/display.ts';
import { formatOdds, payoutFor } from '../../domain/odds/odds.ts';
import { exactFraction, fractionalPrice } from '../../domain/odds/fractional.ts';
import { toParlayEntries, type SlipLeg } from '../../domain/slip.ts';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import { useSettings } from '../../state/app-stores-context.tsx';
import { createSandboxFetch, renderWithApp } from '../../test/render-with-app.tsx';
import { PriceGrid } from './price-grid.tsx';
import {
  AddLegButton,
  captureDownloads,
  columnHeaders,
  gridCell,
  loadSandboxGames,
  moneylineLeg,
  readBlob,
  recordParlayRequests,
  type SandboxGame,
  sandboxOddsClient,
  startingWith,
  threeGameSlip,
  totalLeg,
} from '../../test/price-grid.tsx';

const BOOKS: Sportsbook[] = ['BetMGM', 'DraftKings', 'Fanatics', 'Novig'];
let games: SandboxGame[];
let crossGameSlip: SlipLeg[];

beforeAll(async () => {
  games = await loadSandboxGames();
  crossGameSlip = threeGameSlip(games);
});

/** Lets a test choose and drop books the way the book chooser does. */
function BookToggles() {
  const bookToggled = useSettings((state) => state.bookToggled);
  return (
    <>
      <button onClick={() => bookToggled('Unibet')}>Toggle Unibet</button>
      <button onClick={() => bookToggled('Novig')}>Toggle Novig</button>
    </>
  );
}

async function expectedQuotes(legs: SlipLeg[], books: Sportsbook[]) {
  return sandboxOddsClient().priceParlay({ entries: toParlayEntries(legs), sportsbooks: books });
}

describe('PriceGrid: what to do first', () => {
  it('tells the user how to start when the slip is empty', () => {
    renderWithApp(<PriceGrid />);
    expect(screen.getByRole('status')).toHaveTextContent(/your slip is empty.*add selections/i);
  });

  it('says so when no book is chosen, and asks nobody', async () => {
    const requests = recordParlayRequests();
    renderWithApp(<PriceGrid />, { initialState: { legs: crossGameSlip, books: [] }, onRequest: requests.onRequest });
    expect(screen.getByRole('status')).toHaveTextContent(/no sportsbooks chosen/i);
    expect(requests.count).toBe(0);
  });

  it('asks the user to fix clashing legs instead of asking any book', () => {
    const [first] = games as [SandboxGame];
    const home = moneylineLeg(first);
    const away = { ...home, name: first.fixture.awayTeam };
    const requests = recordParlayRequests();
    renderWithApp(<PriceGrid />, { initialState: { legs: [home, away] }, onRequest: requests.onRequest });
    expect(screen.getByRole('status')).toHaveTextContent('Fix the clashing legs in your slip first');
    expect(requests.count).toBe(0);
  });

  it('shows each book’s straight price for a single leg, without a parlay request', async () => {
    const requests = recordParlayRequests();
    const leg = crossGameSlip[0] as SlipLeg;
    const [first] = games as [SandboxGame];
    renderWithApp(<PriceGrid />, { initialState: { legs: [leg], books: BOOKS }, onRequest: requests.onRequest });
    const expected = first.odds.find(
      (odd) => odd.sportsbook === 'DraftKings' && odd.market === leg.market && odd.name === leg.name,
    );
    if (!expected) throw new Error('DraftKings has no price for the leg');
    await waitFor(() =>
      expect(gridCell(startingWith(leg.name), 'DraftKings')).toHaveTextContent(
        formatOdds(expected.decimalPrice, 'american'),
      ),
    );
    expect(screen.getByText(/these are single-bet prices/i)).toBeInTheDocument();
    expect(requests.count).toBe(0);
  });
});

describe('PriceGrid: a priced parlay', () => {
  it('has a column per chosen book and a row per leg, with each book’s leg, parlay and payout prices', async () => {
    const quotes = await expectedQuotes(crossGameSlip, BOOKS);
    renderWithApp(<PriceGrid />, { initialState: { legs: crossGameSlip, books: BOOKS, stake: 10 } });

    const table = await screen.findByRole('grid');
    expect(columnHeaders()).toEqual(BOOKS);
    for (const leg of crossGameSlip)
      expect(within(table).getByRole('rowheader', { name: startingWith(leg.name) })).toBeInTheDocument();

    for (const quote of quotes) {
      if (quote.status !== 'priced') throw new Error(`${quote.book} did not price the cross-game slip`);
      await waitFor(() =>
        expect(gridCell('Parlay', quote.book)).toHaveTextContent(formatOdds(quote.decimalPrice, 'american')),
      );
      expect(gridCell(/^Payout/, quote.book)).toHaveTextContent(formatMoney(payoutFor(10, quote.decimalPrice)));
      quote.legs.forEach((leg, index) => {
        expect(gridCell(startingWith(crossGameSlip[index]?.name ?? ''), quote.book)).toHaveTextContent(
          formatOdds(leg.decimalPrice, 'american'),
        );
      });
    }
    expect(screen.getByText(/^Updated \d+ s ago$/)).toBeInTheDocument();
  });

  it('highlights the best parlay price with a Best badge, and sorts books by a row when its heading is clicked', async () => {
    const user = userEvent.setup();
    const quotes = await expectedQuotes(crossGameSlip, BOOKS);
    const priced = quotes.flatMap((quote) => (quote.status === 'priced' ? [quote] : []));
    const best = Math.max(...priced.map((quote) => quote.decimalPrice));
    renderWithApp(<PriceGrid />, { initialState: { legs: crossGameSlip, books: BOOKS } });

    for (const quote of priced) {
      await waitFor(() =>
        expect(gridCell('Parlay', quote.book)).toHaveTextContent(formatOdds(quote.decimalPrice, 'american')),
      );
      const cell = gridCell('Parlay', quote.book);
      if (quote.decimalPrice === best) expect(within(cell).getByText('Best')).toBeInTheDocument();
      else expect(within(cell).queryByText('Best')).not.toBeInTheDocument();
    }

    // No separate sort control: the parlay row's heading sorts by payout (same stake, same order).
    expect(screen.queryByRole('combobox', { name: 'Sort books' })).not.toBeInTheDocument();
    const parlayHeading = screen.getByRole('rowheader', { name: 'Parlay' });
    expect(parlayHeading).not.toHaveAttribute('aria-sort');
    await user.click(within(parlayHeading).getByRole('button', { name: 'Parlay' }));
    const byPayout = [...priced].sort((a, b) => b.decimalPrice - a.decimalPrice).map((quote) => quote.book);
    expect(columnHeaders()).toEqual(byPayout);
    expect(parlayHeading).toHaveAttribute('aria-sort', 'descending');

    // A leg's heading sorts by that leg's prices; the keyboard works it as well as the mouse.
    const [firstLeg] = crossGameSlip;
    const legHeading = screen.getByRole('rowheader', { name: startingWith(firstLeg?.name ?? '') });
    within(legHeading).getByRole('button').focus();
    await user.keyboard('{Enter}');
    const byLeg = [...priced]
      .sort((a, b) => (b.legs[0]?.decimalPrice ?? 0) - (a.legs[0]?.decimalPrice ?? 0))
      .map((quote) => quote.book);
    expect(columnHeaders()).toEqual(byLeg);
    expect(legHeading).toHaveAttribute('aria-sort', 'descending');
    expect(parlayHeading).not.toHaveAttribute('aria-sort');

    // Clicked again, the books go back to the user's order.
    await user.keyboard('{Enter}');
    expect(columnHeaders()).toEqual(BOOKS);
    expect(legHeading).not.toHaveAttribute('aria-sort');
  });

  it('shows the odds in the chosen format', async () => {
    const [quote] = await expectedQuotes(crossGameSlip, ['Fanatics']);
    if (quote?.status !== 'priced') throw new Error('Fanatics did not price the slip');
    renderWithApp(<PriceGrid />, { initialState: { legs: crossGameSlip, books: ['Fanatics'], oddsFormat: 'decimal' } });
    await waitFor(() => expect(gridCell('Parlay', 'Fanatics')).toHaveTextContent(quote.decimalPrice.toFixed(2)));
  });

  it('shows a same-game adjustment when a book’s parlay is not its legs multiplied', async () => {
    const [first] = games as [SandboxGame];
    const sameGame = [moneylineLeg(first), totalLeg(first)];
    renderWithApp(<PriceGrid />, { initialState: { legs: sameGame, books: ['Fanatics'], fairValue: true } });
    const header = await screen.findByRole('rowheader', { name: /^Same-game adjustment vs legs multiplied/ });
    expect(header).toBeInTheDocument();
    expect(gridCell(/^Same-game adjustment/, 'Fanatics')).toHaveTextContent(/^−\d+\.\d%$/);
  });

  it('asks only a newly chosen book, and nobody when a book is dropped', async () => {
    const user = userEvent.setup();
    const requests = recordParlayRequests();
    renderWithApp(
      <>
        <BookToggles />
        <PriceGrid />
      </>,
      { initialState: { legs: crossGameSlip, books: BOOKS }, onRequest: requests.onRequest },
    );
    await waitFor(() => expect(within(gridCell('Parlay', 'Novig')).queryByText(/Asking/)).not.toBeInTheDocument());
    expect((await requests.booksAsked()).sort()).toEqual(BOOKS.map((book) => [book]).sort());

    await user.click(screen.getByRole('button', { name: 'Toggle Unibet' }));
    await waitFor(() => expect(requests.count).toBe(BOOKS.length + 1));
    expect((await requests.booksAsked()).at(-1)).toEqual(['Unibet']);

    await user.click(screen.getByRole('button', { name: 'Toggle Novig' }));
    expect(columnHeaders()).not.toContain('Novig');
    expect(requests.count).toBe(BOOKS.length + 1);
  });

  it('asks every book about a new leg at the tap, before the grid has rendered it, and only once', async () => {
    const user = userEvent.setup();
    const requests = recordParlayRequests();
    const [first, second, third] = crossGameSlip as [SlipLeg, SlipLeg, SlipLeg];
    let askedAtTap = -1;
    renderWithApp(
      <>
        {/* Notes how many books had been asked when the tap's handler ended. */}
        <AddLegButton leg={third} label="Add the third leg" onAdded={() => (askedAtTap = requests.count)} />
        <PriceGrid />
      </>,
      { initialState: { legs: [first, second], books: BOOKS }, onRequest: requests.onRequest },
    );
    await waitFor(() => expect(within(gridCell('Parlay', 'Novig')).queryByText(/Asking/)).not.toBeInTheDocument());
    expect(requests.count).toBe(BOOKS.length);

    await user.click(screen.getByRole('button', { name: 'Add the third leg' }));
    expect(askedAtTap).toBe(2 * BOOKS.length);
    const expected = await expectedQuotes([first, second, third], BOOKS);
    for (const quote of expected) {
      if (quote.status !== 'priced') continue;
      const cell = gridCell('Parlay', quote.book);
      await waitFor(() => expect(cell).toHaveTextContent(formatOdds(quote.decimalPrice, 'american')));
    }
    // The grid found the books already asked: nobody was asked twice about the new slip.
    expect((await requests.booksAsked()).slice(BOOKS.length).sort()).toEqual(BOOKS.map((book) => [book]).sort());
  });

  it('asks for a new leg’s odds at the tap too, beside the books, when nothing on screen holds them', async () => {
    const user = userEvent.setup();
    const [first, second, third] = crossGameSlip as [SlipLeg, SlipLeg, SlipLeg];
    const oddsAsked: string[] = [];
    const onRequest = (request: Request) => {
      const url = new URL(request.url);
      if (url.pathname.endsWith('/fixtures/odds')) oddsAsked.push(...url.searchParams.getAll('fixture_id'));
    };
    let thirdGameAskedAtTap = -1;
    renderWithApp(
      <>
        <AddLegButton
          leg={third}
          label="Add the third leg"
          onAdded={() => (thirdGameAskedAtTap = oddsAsked.filter((id) => id === third.fixtureId).length)}
        />
        <PriceGrid />
      </>,
      { initialState: { legs: [first, second], books: BOOKS, fairValue: false }, onRequest },
    );
    await waitFor(() => expect(within(gridCell('Parlay', 'Novig')).queryByText(/Asking/)).not.toBeInTheDocument());
    expect(oddsAsked).not.toContain(third.fixtureId);

    await user.click(screen.getByRole('button', { name: 'Add the third leg' }));
    // All ten books' odds, five books a call: both calls were sent before the tap's handler ended.
    expect(thirdGameAskedAtTap).toBe(2);
    await waitFor(() => expect(gridCell(startingWith(third.name), 'Novig')).toHaveTextContent(/^[+-]\d+/));
    // The grid found them asked: not asked again.
    expect(oddsAsked.filter((id) => id === third.fixtureId)).toHaveLength(2);
  });

  it('downloads the grid as CSV in the chosen format plus decimal odds', async () => {
    const user = userEvent.setup();
    const { saved, click } = captureDownloads();
    const [quote] = await expectedQuotes(crossGameSlip, ['Betway']);
    if (quote?.status !== 'priced') throw new Error('Betway did not price the slip');
    renderWithApp(<PriceGrid />, {
      initialState: { legs: crossGameSlip, books: ['Betway'], oddsFormat: 'fractional', fairValue: false },
    });
    // On screen the readable fraction, marked approximate with its decimal where it is not the price.
    const { fraction, approximates } = fractionalPrice(quote.decimalPrice);
    await waitFor(() =>
      expect(gridCell('Parlay', 'Betway')).toHaveTextContent(
        approximates === null ? fraction : `≈${fraction} ${approximates}`,
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    // The legs' game statuses are asked for first (no slip on screen has asked for them).
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const csv = (await readBlob(saved[0] as Blob)).replace(/^\uFEFF/, '');
    expect(csv.split('\r\n')[0]).toBe(
      'Leg,Market,Game,Betway,Betway (decimal),Game start (UTC),Game status,Betway time (UTC),Betway age (min)',
    );
    // In the file the exact price: the book quotes whole American points, an exact fraction.
    const exact = exactFraction(quote.decimalPrice);
    expect(csv).toContain(`Parlay,,,${exact?.numerator}/${exact?.denominator},${quote.decimalPrice.toFixed(4)}`);
  });
});

describe('PriceGrid: the CSV of a share link’s legs', () => {
  /** The app's network with /fixtures/odds (the legs' games) answered only once released. */
  function withGamesHeld() {
    const sandbox = createSandboxFetch();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const heldFetch: typeof fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://sandbox.test');
      if (url.pathname.endsWith('/fixtures/odds')) await held;
      return sandbox(input, init);
    };
    return { fetch: heldFetch, release };
  }

  /** A share link's legs: each knows its game's id, not yet its teams or start. */
  const fromShareLink = (legs: readonly SlipLeg[]) => legs.map((leg): SlipLeg => ({ ...leg, game: null }));

  async function downloadOnceBetwayPrices(legs: readonly SlipLeg[], appFetch: typeof fetch) {
    const user = userEvent.setup();
    const [quote] = await expectedQuotes([...legs], ['Betway']);
    if (quote?.status !== 'priced') throw new Error('Betway did not price the slip');
    renderWithApp(<PriceGrid />, {
      fetch: appFetch,
      initialState: { legs: fromShareLink(legs), books: ['Betway'], oddsFormat: 'american', fairValue: false },
    });
    await waitFor(() =>
      expect(gridCell('Parlay', 'Betway')).toHaveTextContent(formatOdds(quote.decimalPrice, 'american')),
    );
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  }

  function csvRows(csv: string): Record<string, string>[] {
    const [header = [], ...rows] = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((row) =>
        [...row.matchAll(/(?:"((?:[^"]|"")*)"|([^,]*))(?:,|$)/g)].map(
          ([, quoted, plain]) => quoted?.replace(/""/g, '"') ?? plain ?? '',
        ),
      );
    return rows.map((row) => Object.fromEntries(header.map((title, index) => [title, row[index] ?? ''])));
  }

  it('priced before the legs know their games, waits for them (saying so), then writes each game, its start and each price’s time', async () => {
    const { saved, click } = captureDownloads();
    const [first, second] = games as [SandboxGame, SandboxGame];
    const gamesHeld = withGamesHeld();
    await downloadOnceBetwayPrices([moneylineLeg(first), moneylineLeg(second)], gamesHeld.fetch);

    // Nothing saved with blank games: the button says what it waits for.
    expect(click).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Download CSV: waiting for the legs’ games' })).toHaveAttribute(
      'aria-busy',
      'true',
    );

    gamesHeld.release();
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const rows = csvRows(await readBlob(saved[0] as Blob));
    for (const [index, game] of [first, second].entries()) {
      expect(rows[index]).toMatchObject({
        Game: `${game.fixture.awayTeam} @ ${game.fixture.homeTeam}`,
        'Game start (UTC)': new Date(game.fixture.startDate).toISOString().replace('.000Z', 'Z'),
        'Game status': 'Not started',
      });
      // The price shown came with the parlay; its time comes with the odds waited for.
      expect(rows[index]?.['Betway time (UTC)']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      expect(rows[index]?.['Betway age (min)']).toMatch(/^\d+$/);
    }
    expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveAttribute('aria-busy', 'false');
  });

  it('says a game it could not learn is unknown, and why, instead of crashing or leaving it blank', async () => {
    const { saved, click } = captureDownloads();
    const [first, second] = games as [SandboxGame, SandboxGame];
    const sandbox = createSandboxFetch();
    // The legs' games answered with nonsense.
    const garbled: typeof fetch = (input, init) =>
      new URL(input instanceof Request ? input.url : String(input), 'http://sandbox.test').pathname.endsWith(
        '/fixtures/odds',
      )
        ? Promise.resolve(Response.json({ data: 'not a list' }))
        : sandbox(input, init);
    await downloadOnceBetwayPrices([moneylineLeg(first), moneylineLeg(second)], garbled);

    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const rows = csvRows(await readBlob(saved[0] as Blob));
    expect(rows[0]).toMatchObject({
      Game: `Game ${first.fixture.id}: could not be loaded (download again to retry)`,
      'Game start (UTC)': 'Unknown',
      'Game status': 'Unknown',
    });
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeEnabled();
  });
});

afterEach(() => vi.restoreAllMocks());
