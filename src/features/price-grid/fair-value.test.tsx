/**
 * The fair column and edges as the user sees them, against the sandbox's own prices: fair leg prices
 * from every book's market (domain/fair-value.ts, tested on hand-worked examples), the cross-game
 * parlay multiplied with no request of its own, the same-game parlay from OpticOdds AI (one request).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookOdd } from '../../api/types.ts';
import { formatMoney } from '../../domain/display.ts';
import { edgeAgainstFair, formatEdge, splitSameGameAdjustment } from '../../domain/fair-value/fair-parlay.ts';
import { explainNoFairPrice, fairLegPrice, type FairLegPrice } from '../../domain/fair-value/fair-value.ts';
import { FAIR_PRICING_ENGINE } from '../../domain/odds/pricing-engine.ts';
import { combineDecimal, formatOdds, payoutFor } from '../../domain/odds/odds.ts';
import { toParlayEntries, type SlipLeg } from '../../domain/slip.ts';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { PriceGrid } from './price-grid.tsx';
import {
  columnHeaders,
  fairCell,
  gridCell,
  loadSandboxGames,
  moneylineLeg,
  ownSpreadLeg,
  captureDownloads,
  readBlob,
  recordParlayRequests,
  sandboxOddsClient,
  startingWith,
  totalLeg,
  type SandboxGame,
} from '../../test/price-grid.tsx';

const BOOKS: Sportsbook[] = ['BetMGM', 'DraftKings', 'Fanatics', 'Novig', 'Betway'];
let games: SandboxGame[];

beforeAll(async () => {
  games = await loadSandboxGames();
});

function fairOf(leg: SlipLeg, game: SandboxGame): FairLegPrice {
  const fair = fairLegPrice(game.odds, leg);
  if (fair.status !== 'fair') throw new Error(`No fair price for ${leg.name}`);
  return fair;
}

async function pricedQuotes(legs: SlipLeg[], books: Sportsbook[]) {
  const quotes = await sandboxOddsClient().priceParlay({ entries: toParlayEntries(legs), sportsbooks: books });
  return quotes.flatMap((quote) => (quote.status === 'priced' ? [quote] : []));
}

/** Requests to the correlation engine, told apart from the books' parlay requests. */
function engineRequests(requests: ReturnType<typeof recordParlayRequests>) {
  return requests.booksAsked().then((asked) => asked.filter((books) => books.includes(FAIR_PRICING_ENGINE)));
}

describe('Fair value: a cross-game parlay', () => {
  it('shows each leg’s fair price, the fair parlay as their product, and every book’s edge, with no request of its own', async () => {
    const [first, second, third] = games as [SandboxGame, SandboxGame, SandboxGame];
    const legs = [moneylineLeg(first), moneylineLeg(second), totalLeg(third)];
    const fairLegs = [
      fairOf(legs[0] as SlipLeg, first),
      fairOf(legs[1] as SlipLeg, second),
      fairOf(legs[2] as SlipLeg, third),
    ];
    const fairDecimal = combineDecimal(fairLegs.map((leg) => leg.decimal));
    const quotes = await pricedQuotes(legs, BOOKS);
    const requests = recordParlayRequests();
    renderWithApp(<PriceGrid />, {
      initialState: { fairValue: true, legs, books: BOOKS, stake: 10 },
      onRequest: requests.onRequest,
    });

    await screen.findByRole('columnheader', { name: /^Fair price/ });
    for (const [index, leg] of legs.entries()) {
      await waitFor(() =>
        expect(fairCell(startingWith(leg.name))).toHaveTextContent(
          formatOdds(fairLegs[index]?.decimal ?? 0, 'american'),
        ),
      );
    }
    await waitFor(() => expect(fairCell('Parlay')).toHaveTextContent(formatOdds(fairDecimal, 'american')));
    expect(fairCell(/^Payout/)).toHaveTextContent(formatMoney(payoutFor(10, fairDecimal)).replace(/\.00$/, ''));

    const edges = quotes.map((quote) => ({
      book: quote.book,
      edge: edgeAgainstFair(quote.decimalPrice, 1 / fairDecimal) ?? Number.NaN,
    }));
    for (const { book, edge } of edges) {
      await waitFor(() => expect(gridCell(/^Edge vs fair/, book)).toHaveTextContent(formatEdge(edge)));
    }
    const bestEdge = Math.max(...edges.map(({ edge }) => edge));
    for (const { book, edge } of edges) {
      if (edge === bestEdge) expect(gridCell(/^Edge vs fair/, book)).toHaveTextContent('(best edge)');
      else expect(gridCell(/^Edge vs fair/, book)).not.toHaveTextContent('best');
    }
    expect(await engineRequests(requests)).toEqual([]);
  });

  it('sorts the books by the parlay row, which is the edge order too, and by the user’s order again', async () => {
    const user = userEvent.setup();
    const [first, second] = games as [SandboxGame, SandboxGame];
    const legs = [moneylineLeg(first), totalLeg(second)];
    const fairProbability =
      1 / combineDecimal([fairOf(legs[0] as SlipLeg, first).decimal, fairOf(legs[1] as SlipLeg, second).decimal]);
    const quotes = await pricedQuotes(legs, BOOKS);
    renderWithApp(<PriceGrid />, { initialState: { fairValue: true, legs, books: BOOKS } });
    await waitFor(() => expect(fairCell('Parlay')).toHaveTextContent(/\d/));
    for (const quote of quotes)
      await waitFor(() =>
        expect(gridCell('Parlay', quote.book)).toHaveTextContent(formatOdds(quote.decimalPrice, 'american')),
      );

    await user.click(screen.getByRole('button', { name: 'Parlay' }));
    const byEdge = [...quotes]
      .sort(
        (a, b) =>
          (edgeAgainstFair(b.decimalPrice, fairProbability) ?? 0) -
          (edgeAgainstFair(a.decimalPrice, fairProbability) ?? 0),
      )
      .map((quote) => quote.book);
    expect(columnHeaders().slice(0, byEdge.length)).toEqual(byEdge);
    const edgesInOrder = columnHeaders()
      .slice(0, byEdge.length)
      .map((book) => (gridCell(/^Edge vs fair/, book).textContent ?? '').replace(' (best edge)', ''));
    expect(edgesInOrder).toEqual(
      byEdge.map((book) =>
        formatEdge(edgeAgainstFair(quotes.find((quote) => quote.book === book)?.decimalPrice ?? 0, fairProbability)),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Parlay' }));
    expect(columnHeaders()).toEqual(BOOKS);
  });

  it('opens for a bettor without fair value, edges or maximum stakes; the one switch shows them', async () => {
    const user = userEvent.setup();
    const [first, second] = games as [SandboxGame, SandboxGame];
    renderWithApp(<PriceGrid />, { initialState: { legs: [moneylineLeg(first), moneylineLeg(second)], books: BOOKS } });
    await screen.findAllByText(/^Best at /);
    const fairSwitch = screen.getByRole('checkbox', { name: 'Fair value' });
    expect(fairSwitch).not.toBeChecked();
    expect(screen.queryByRole('columnheader', { name: /^Fair price/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: /^Edge vs fair/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/takes at most/)).not.toBeInTheDocument();
    expect(columnHeaders()).toEqual(BOOKS);

    await user.click(fairSwitch);
    expect(await screen.findByRole('columnheader', { name: /^Fair price/ })).toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: /^Edge vs fair/ })).toBeInTheDocument();
  });

  it('hides the fair column and the edges when the user turns fair value off', async () => {
    const user = userEvent.setup();
    const [first, second] = games as [SandboxGame, SandboxGame];
    renderWithApp(<PriceGrid />, {
      initialState: { fairValue: true, legs: [moneylineLeg(first), moneylineLeg(second)], books: BOOKS },
    });
    await screen.findByRole('columnheader', { name: /^Fair price/ });
    await user.click(screen.getByRole('checkbox', { name: 'Fair value' }));
    expect(screen.queryByRole('columnheader', { name: /^Fair price/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: /^Edge vs fair/ })).not.toBeInTheDocument();
    expect(columnHeaders()).toEqual(BOOKS);
  });

  it('shows a book’s maximum stake beside its payout, and warns when the stake is above it', async () => {
    const [first, second] = games as [SandboxGame, SandboxGame];
    const legs = [moneylineLeg(first), moneylineLeg(second)];
    const limitOf = (game: SandboxGame, leg: SlipLeg) =>
      game.odds.find((odd: BookOdd) => odd.sportsbook === 'Novig' && odd.market === leg.market && odd.name === leg.name)
        ?.maxStake ?? null;
    const limits = [limitOf(first, legs[0] as SlipLeg), limitOf(second, legs[1] as SlipLeg)];
    if (limits.some((limit) => limit === null)) throw new Error('Novig gives no limit for these legs');
    const maxStake = Math.min(...(limits as number[]));
    const { unmount } = renderWithApp(<PriceGrid />, {
      initialState: { fairValue: true, legs, books: ['Novig', 'DraftKings'], stake: maxStake / 2 },
    });
    await waitFor(() =>
      expect(gridCell(/^Payout/, 'Novig')).toHaveTextContent(`takes at most ${formatMoney(maxStake)}`),
    );
    expect(gridCell(/^Payout/, 'DraftKings')).not.toHaveTextContent('at most');
    unmount();

    renderWithApp(<PriceGrid />, {
      initialState: { fairValue: true, legs, books: ['Novig', 'DraftKings'], stake: maxStake + 1 },
    });
    await waitFor(() =>
      expect(gridCell(/^Payout/, 'Novig')).toHaveTextContent(
        `your stake is above this book's maximum of ${formatMoney(maxStake)}`,
      ),
    );
  });

  it('puts the fair prices and each book’s edge in the CSV', async () => {
    const user = userEvent.setup();
    const { saved } = captureDownloads();
    const [first, second] = games as [SandboxGame, SandboxGame];
    const legs = [moneylineLeg(first), moneylineLeg(second)];
    const fairLegs = [fairOf(legs[0] as SlipLeg, first), fairOf(legs[1] as SlipLeg, second)];
    const fairDecimal = combineDecimal(fairLegs.map((leg) => leg.decimal));
    const [quote] = await pricedQuotes(legs, ['Betway']);
    if (!quote) throw new Error('Betway did not price the slip');
    renderWithApp(<PriceGrid />, { initialState: { fairValue: true, legs, books: ['Betway'], oddsFormat: 'decimal' } });
    await waitFor(() => expect(gridCell(/^Edge vs fair/, 'Betway')).toHaveTextContent('%'));

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    const csv = await readBlob(saved[0] as Blob);
    const lines = csv.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toMatch(/^Leg,Market,Game,Fair,Fair \(decimal\),Betway,Betway \(decimal\),Game start/);
    expect(lines[1]).toContain(
      `,${formatOdds(fairLegs[0]?.decimal ?? 0, 'decimal')},${fairLegs[0]?.decimal.toFixed(4)},`,
    );
    expect(lines).toContain(
      `Parlay,,,${formatOdds(fairDecimal, 'decimal')},${fairDecimal.toFixed(4)},${formatOdds(quote.decimalPrice, 'decimal')},${quote.decimalPrice.toFixed(4)}`,
    );
    const edge = ((edgeAgainstFair(quote.decimalPrice, 1 / fairDecimal) ?? 0) * 100).toFixed(1);
    expect(lines).toContain(`Edge vs fair (return per 1 staked),,,0.0%,,${edge}%,`);
  });
});

describe('Fair value: a same-game parlay', () => {
  it('asks OpticOdds AI once at the fair leg prices, shows its correlated price, and splits each book’s adjustment', async () => {
    const [first] = games as [SandboxGame];
    // A team's moneyline with its own spread: strongly correlated, combined by Fanatics, refused by DraftKings.
    const legs = [moneylineLeg(first), ownSpreadLeg(first)];
    const fairLegs = legs.map((leg) => fairOf(leg, first));
    const sent = fairLegs.map((leg) => Number(leg.decimal.toFixed(2)));
    const answer = await sandboxOddsClient().priceWithEngine({
      entries: toParlayEntries(legs).map((entry, index) => ({ ...entry, decimalPrice: sent[index] ?? 0 })),
    });
    if (answer.status !== 'priced') throw new Error(`The engine did not price the legs: ${answer.message}`);
    const independent = combineDecimal(fairLegs.map((leg) => leg.decimal));
    const fairDecimal = independent * (answer.decimalPrice / combineDecimal(sent));
    const [fanatics] = await pricedQuotes(legs, ['Fanatics']);
    if (!fanatics) throw new Error('Fanatics did not price the same-game slip');
    const split = splitSameGameAdjustment({
      bookQuotedDecimal: fanatics.decimalPrice,
      bookLegsDecimal: combineDecimal(fanatics.legs.map((leg) => leg.decimalPrice)),
      fairCorrelatedDecimal: fairDecimal,
      fairIndependentDecimal: independent,
    });
    const requests = recordParlayRequests();
    renderWithApp(<PriceGrid />, {
      initialState: { fairValue: true, legs, books: ['Fanatics', 'DraftKings'] },
      onRequest: requests.onRequest,
    });

    await waitFor(() => expect(fairCell('Parlay')).toHaveTextContent(formatOdds(fairDecimal, 'american')));
    expect(formatOdds(fairDecimal, 'american')).not.toBe(formatOdds(independent, 'american'));
    expect(fairCell(/^Same-game adjustment/)).toHaveTextContent(
      `${formatEdge(fairDecimal / independent - 1)} from real correlation`,
    );
    await waitFor(() =>
      expect(gridCell(/^Extra margin/, 'Fanatics')).toHaveTextContent(formatEdge(split?.extraMargin ?? null)),
    );
    await waitFor(() => expect(gridCell('Parlay', 'DraftKings')).toHaveTextContent("Won't combine"));
    expect(gridCell(/^Extra margin/, 'DraftKings')).toHaveTextContent('Not known');
    expect(await engineRequests(requests)).toEqual([[FAIR_PRICING_ENGINE]]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'How fair value is worked out' }));
    const details = screen.getByRole('dialog', { name: 'How fair value is worked out' });
    expect(details).toHaveTextContent('priced by the OpticOdds AI correlation engine from the fair leg prices');
    expect(details).toHaveTextContent(
      `${legs[0]?.name} (${legs[0]?.market}): Fair ${formatOdds(fairLegs[0]?.decimal ?? 0, 'american')}`,
    );
  });
});

describe('Fair value: a leg with no fair price', () => {
  it('says why instead of guessing, and the parlay has none', async () => {
    const user = userEvent.setup();
    const client = sandboxOddsClient();
    const [nfl] = await client.listAllActiveFixtures({ leagues: ['nfl'] });
    if (!nfl) throw new Error('No NFL game in the sandbox');
    const [game] = await client.getFixtureOdds({ fixtureIds: [nfl.id], sportsbooks: BOOKS });
    const scorer = game?.odds.find((odd) => odd.market === 'Anytime Touchdown Scorer');
    if (!game || !scorer) throw new Error('No anytime scorer in the NFL game');
    const oneSided: SlipLeg = { fixtureId: nfl.id, market: scorer.market, name: scorer.name, game: null };
    const fair = fairLegPrice(game.odds, oneSided);
    if (fair.status !== 'none') throw new Error('The scorer leg has a fair price');
    const [nba] = games as [SandboxGame];
    renderWithApp(<PriceGrid />, {
      initialState: { fairValue: true, legs: [moneylineLeg(nba), oneSided], books: BOOKS },
    });

    const why = await screen.findByRole('button', { name: `No fair price for ${scorer.name}: why` });
    expect(fairCell('Parlay')).toHaveTextContent('No fair price for the parlay: why');
    expect(gridCell(/^Edge vs fair/, 'DraftKings')).toHaveTextContent('No edge');
    await user.click(why);
    const details = screen.getByRole('dialog', { name: 'How fair value is worked out' });
    expect(details).toHaveTextContent(explainNoFairPrice(fair));
    expect(details).toHaveTextContent('A leg has no fair price, so the parlay has none.');
    await user.click(within(details).getByRole('button', { name: 'Close the fair value explanation' }));
    expect(screen.queryByRole('dialog', { name: 'How fair value is worked out' })).not.toBeInTheDocument();
  });
});

afterEach(() => vi.restoreAllMocks());
