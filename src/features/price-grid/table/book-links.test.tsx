import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';
import { DEFAULT_APP_CONFIG, type AppConfig } from '../../../state/app-config-context.tsx';
import { createSandboxFetch, renderWithApp } from '../../../test/render-with-app.tsx';
import { toParlayEntries, type SlipLeg } from '../../../domain/slip.ts';
import { PriceGrid } from '../price-grid.tsx';
import {
  loadSandboxGames,
  moneylineLeg,
  sandboxOddsClient,
  totalLeg,
  type SandboxGame,
} from '../../../test/price-grid.tsx';

const BOOKS: Sportsbook[] = ['BetMGM', 'DraftKings'];
let slip: SlipLeg[];

beforeAll(async () => {
  const [first, second] = (await loadSandboxGames(2)) as [SandboxGame, SandboxGame];
  slip = [moneylineLeg(first), totalLeg(second)];
});

function renderGrid(config: Partial<AppConfig>, fetch?: typeof globalThis.fetch, fairValue = false) {
  return renderWithApp(<PriceGrid />, {
    initialState: { legs: slip, books: BOOKS, fairValue },
    config: { ...DEFAULT_APP_CONFIG, ...config },
    fetch,
  });
}

/**
 * The sandbox as a service that sends no bet-slip links (the app always asks; a service may not have
 * them): none with the parlay, none in the legs' odds.
 */
function withoutDeepLinks(): typeof fetch {
  const sandboxFetch = createSandboxFetch();
  return async (input, init) => {
    const answer = await sandboxFetch(String(input).replace(/[?&]always_include_deep_link=true/, ''), init);
    if (!String(input).includes('/fixtures/odds') || !answer.ok) return answer;
    const body = (await answer.json()) as { data: { odds: Record<string, unknown>[] }[] };
    for (const game of body.data) for (const odd of game.odds) delete odd.deep_link;
    return new Response(JSON.stringify(body), { status: answer.status, headers: answer.headers });
  };
}

describe('PriceGrid: book links', () => {
  it('shows no links without affiliate templates or deep links (the main app)', async () => {
    // Fair value shown: its prices come from the legs' odds, so once they are there the odds are in.
    renderGrid({}, withoutDeepLinks(), true);
    const grid = await screen.findByRole('grid');
    await vi.waitFor(
      () => {
        expect(within(grid).queryAllByText(/Asking|Working out the fair price/)).toEqual([]);
        expect(within(grid).getAllByText(/fair price for/)).toHaveLength(slip.length + 1);
      },
      { timeout: 4000 },
    );
    expect(within(screen.getByRole('grid')).queryAllByRole('link')).toEqual([]);
  });

  it('links a book to its filled affiliate template in a new tab and reports the click', async () => {
    const onBookClick = vi.fn();
    renderGrid(
      { affiliateLinks: { DraftKings: 'https://aff.example/dk?price={price}&legs={legs}' }, onBookClick },
      withoutDeepLinks(),
    );
    const [quote] = await sandboxOddsClient().priceParlay({
      entries: toParlayEntries(slip),
      sportsbooks: ['DraftKings'],
    });
    if (quote?.status !== 'priced') throw new Error('expected DraftKings to price the slip');

    const link = await screen.findByRole('link', { name: 'Bet at DraftKings (opens in a new tab)' }, { timeout: 4000 });
    await vi.waitFor(() =>
      expect(new URL(link.getAttribute('href') ?? '').searchParams.get('price')).toBe(quote.decimalPrice.toFixed(2)),
    );
    const url = new URL(link.getAttribute('href') ?? '');
    expect(url.origin + url.pathname).toBe('https://aff.example/dk');
    expect(url.searchParams.get('legs')).toContain(slip[0]?.name);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer sponsored');
    expect(screen.queryByRole('link', { name: /Bet at BetMGM/ })).toBeNull();

    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.setup().click(link);
    expect(onBookClick).toHaveBeenCalledWith({
      book: 'DraftKings',
      price: expect.stringMatching(/^[+-]\d+$/),
      decimalPrice: quote.decimalPrice,
      url: url.href,
    });
  });

  it('links a book with an affiliate template there, and a book without one to its own bet slip', async () => {
    renderGrid({ affiliateLinks: { DraftKings: 'https://aff.example/dk' } });
    const link = await screen.findByRole('link', { name: /^Bet at BetMGM/ }, { timeout: 4000 });
    expect(link.getAttribute('href')).toMatch(/^https:\/\/sportsbook\.sandbox\.invalid\//);
    expect(screen.getByRole('link', { name: /Bet at DraftKings/ }).getAttribute('href')).toBe('https://aff.example/dk');
  });
});
