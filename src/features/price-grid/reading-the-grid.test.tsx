/**
 * Reading the grid: the verdict and the stake beside it, the grid as one tab stop with arrow keys,
 * explanations that open next to their control and close on Escape, live and cancelled legs.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatOdds, payoutFor } from '../../domain/odds/odds.ts';
import { toParlayEntries, type SlipLeg } from '../../domain/slip.ts';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import { DEFAULT_APP_CONFIG } from '../../state/app-config-context.tsx';
import { fakeEventSources } from '../../test/api/fake-event-source.ts';
import { gridCell, loadSandboxGames, sandboxOddsClient, startingWith, threeGameSlip } from '../../test/price-grid.tsx';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { formatMoneyPlain } from './model/verdict.ts';
import { PriceGrid } from './price-grid.tsx';

const BOOKS: Sportsbook[] = ['DraftKings', 'BetMGM', 'Fanatics'];
let slip: SlipLeg[];

beforeAll(async () => {
  slip = threeGameSlip(await loadSandboxGames());
});

async function pricedQuotes(legs: readonly SlipLeg[], books: readonly Sportsbook[]) {
  const quotes = await sandboxOddsClient().priceParlay({ entries: toParlayEntries(legs), sportsbooks: books });
  return quotes.flatMap((quote) => (quote.status === 'priced' ? [quote] : []));
}

describe('the verdict', () => {
  it('names the best book with its price and payout, and the stake beside it changes the payout it quotes', async () => {
    const user = userEvent.setup();
    const quotes = (await pricedQuotes(slip, BOOKS)).sort((a, b) => b.decimalPrice - a.decimalPrice);
    const [best, next] = quotes;
    if (!best || !next || best.decimalPrice === next.decimalPrice) throw new Error('Need two different prices');
    renderWithApp(<PriceGrid />, { initialState: { legs: slip, books: BOOKS, stake: 10, fairValue: false } });

    const verdict = await screen.findByText(startingWith(`Best at ${best.book}:`));
    const payout = (stake: number) => formatMoneyPlain(payoutFor(stake, best.decimalPrice), 'USD');
    expect(verdict).toHaveTextContent(
      `Best at ${best.book}: ${formatOdds(best.decimalPrice, 'american')} pays ${payout(10)} on $10, `,
    );
    expect(verdict).toHaveTextContent(new RegExp(`more than ${next.book}$`));

    const stake = screen.getByRole('textbox', { name: 'Stake ($)' });
    await user.clear(stake);
    await user.type(stake, '25');
    expect(verdict).toHaveTextContent(`pays ${payout(25)} on $25,`);
    await user.clear(stake);
    await user.type(stake, 'abc');
    expect(stake).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Enter an amount from 0 to/)).toBeInTheDocument();
    // The last good stake stands until a valid one is typed.
    expect(verdict).toHaveTextContent(`pays ${payout(25)} on $25,`);
  });

  it('takes the stake in pounds for the UK region', async () => {
    renderWithApp(<PriceGrid />, {
      initialState: { legs: slip, books: BOOKS },
      config: { ...DEFAULT_APP_CONFIG, region: 'uk' },
    });
    expect(await screen.findByRole('textbox', { name: 'Stake (£)' })).toHaveValue('10');
  });
});

describe('the grid by keyboard', () => {
  it('is one tab stop, with arrow keys moving between cells', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <>
        <button type="button">Before</button>
        <PriceGrid />
      </>,
      { initialState: { legs: slip, books: BOOKS, fairValue: false } },
    );
    const grid = await screen.findByRole('grid');
    await waitFor(() => expect(gridCell('Parlay', 'DraftKings')).toHaveTextContent(/[+-]\d/));
    const tabStops = () => [...grid.querySelectorAll<HTMLElement>('[tabindex="0"]')];
    expect(tabStops()).toHaveLength(1);
    // Every link and button inside leaves the tab order.
    for (const control of within(grid).queryAllByRole('link')) expect(control).toHaveAttribute('tabindex', '-1');

    screen.getByRole('button', { name: 'Before' }).focus();
    for (let step = 0; step < 20 && !grid.contains(document.activeElement); step++) await user.tab();
    const corner = screen.getByRole('columnheader', { name: 'Leg' });
    expect(corner).toHaveFocus();
    // One more Tab leaves the grid, however many links and buttons it holds.
    await user.tab();
    expect(grid.contains(document.activeElement)).toBe(false);
    corner.focus();
    await user.keyboard('{ArrowDown}');
    const firstLegSort = within(screen.getByRole('rowheader', { name: startingWith(slip[0]?.name ?? '') })).getByRole(
      'button',
    );
    expect(firstLegSort).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.closest('td')).toBe(gridCell(startingWith(slip[0]?.name ?? ''), 'DraftKings'));
    await user.keyboard('{End}');
    expect(document.activeElement?.closest('td')).toBe(gridCell(startingWith(slip[0]?.name ?? ''), 'Fanatics'));
    // The tab stop follows, so leaving and coming back lands where the user was.
    expect(tabStops()).toEqual([document.activeElement]);
    await user.tab({ shift: true });
    expect(grid.contains(document.activeElement)).toBe(false);
    await user.tab();
    expect(document.activeElement?.closest('td')).toBe(gridCell(startingWith(slip[0]?.name ?? ''), 'Fanatics'));
  });
});

describe('an explanation', () => {
  it('opens next to its status with focus in it, and Escape closes it and hands focus back', async () => {
    const user = userEvent.setup();
    renderWithApp(<PriceGrid />, { initialState: { legs: slip, books: BOOKS }, scenario: 'BetMGM=missing:1' });
    const status = await waitFor(() =>
      within(gridCell('Parlay', 'BetMGM')).getByRole('button', { name: /^Not offered at BetMGM/ }),
    );
    await user.click(status);
    const details = await screen.findByRole('dialog', { name: 'BetMGM: why no price' });
    await waitFor(() => expect(details).toHaveFocus());
    expect(status).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'BetMGM: why no price' })).not.toBeInTheDocument();
    expect(status).toHaveFocus();
    expect(status).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('an explanation in the ranked list (a reader’s phone)', () => {
  it('opens in place with focus in it, and Escape closes it and hands focus back to its row', async () => {
    const user = userEvent.setup();
    renderWithApp(<PriceGrid />, {
      initialState: { legs: slip, books: BOOKS },
      config: { ...DEFAULT_APP_CONFIG, controls: 'reader' },
      scenario: 'BetMGM=missing:1',
    });
    const ranking = await screen.findByRole('list', { name: 'Books ranked by payout' });
    const row = await waitFor(() => within(ranking).getByRole('button', { name: /BetMGM/ }));
    expect(row).toHaveAttribute('aria-expanded', 'false');
    await user.click(row);
    const details = screen.getByRole('group', { name: 'BetMGM: leg prices and details' });
    await waitFor(() => expect(details).toHaveFocus());
    expect(row).toHaveAttribute('aria-expanded', 'true');
    expect(row).toHaveAttribute('aria-controls', details.id);
    expect(await within(details).findByText(/BetMGM doesn't offer 1 of your legs/)).toBeInTheDocument();

    // Escape from anywhere inside it, here its own button.
    within(details)
      .getByRole('button', { name: /Remove missing legs/ })
      .focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'BetMGM: leg prices and details' })).not.toBeInTheDocument();
    expect(row).toHaveFocus();
    expect(row).toHaveAttribute('aria-expanded', 'false');
    expect(row).not.toHaveAttribute('aria-controls');
  });
});

describe('live and cancelled legs', () => {
  it('marks a live leg “Live: price moves fast” and a cancelled game’s leg “Cancelled” at every book', async () => {
    const [first, second] = slip;
    if (!first || !second) throw new Error('The slip has too few legs');
    const sources = fakeEventSources();
    renderWithApp(<PriceGrid />, {
      initialState: { legs: [first, second], books: BOOKS, fairValue: false },
      openEventSource: sources.open,
    });
    await waitFor(() => expect(gridCell('Parlay', 'DraftKings')).toHaveTextContent(/[+-]\d/));
    const stream = await vi.waitFor(() => sources.latest(), { timeout: 5000 });
    act(() => stream.connect());
    act(() =>
      stream.send('fixture-status', [
        { fixture_id: first.fixtureId, status: 'live', is_live: true },
        { fixture_id: second.fixtureId, status: 'cancelled', is_live: false },
      ]),
    );
    const liveHeading = screen.getByRole('rowheader', { name: startingWith(first.name) });
    expect(await within(liveHeading).findByText('Live: price moves fast')).toBeInTheDocument();
    for (const book of BOOKS) {
      await waitFor(() => expect(gridCell(startingWith(second.name), book)).toHaveTextContent('Cancelled'));
      expect(gridCell(startingWith(second.name), book)).not.toHaveTextContent('Not offered');
    }
  });
});
