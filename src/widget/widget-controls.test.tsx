/**
 * What a widget shows by default (a reader's builder) and with controls="analyst", as a reader of the
 * host's article sees it. Runs under React and under Preact, which the widget ships on.
 */
import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeSlip, type SlipLeg } from '../domain/slip.ts';
import { loadSandboxGames, moneylineLeg, type SandboxGame } from '../test/price-grid.tsx';
import { createSandboxFetch } from '../test/render-with-app.tsx';
import { DEFAULT_DISCLOSURE, parseWidgetOptions, type WidgetAttribute } from './attributes.ts';
import { WidgetApp } from './widget-app.tsx';

let slip: SlipLeg[];

beforeAll(async () => {
  const [first, second] = (await loadSandboxGames(2)) as [SandboxGame, SandboxGame];
  slip = [moneylineLeg(first), moneylineLeg(second)];
});

function renderWidget(attributes: Partial<Record<WidgetAttribute, string>>) {
  const parsed = parseWidgetOptions((name) => attributes[name] ?? null, {
    defaultApiBase: 'http://sandbox.test',
    baseUrl: 'https://news.example/article',
  });
  return render(
    <WidgetApp
      parsed={parsed}
      events={{ slipChanged: () => undefined, bookClicked: () => undefined }}
      storage={null}
      fetch={createSandboxFetch()}
    />,
  );
}

const AFFILIATE_LINKS = '{"DraftKings": "https://aff.example/dk?legs={legs}", "Bwin": "https://aff.example/bwin"}';

describe('a widget for readers (the default)', () => {
  it('ranks the books with price and payout, a "Bet" link beside each, the disclosure and the legal line; no analyst controls', async () => {
    renderWidget({ legs: encodeSlip(slip), books: 'DraftKings,BetMGM,Bwin', 'affiliate-links': AFFILIATE_LINKS });
    const ranked = await screen.findByRole('list', { name: 'Books ranked by payout' }, { timeout: 8000 });
    // Visible without opening anything: the affiliate's link for each book that has one.
    expect(await within(ranked).findByRole('link', { name: 'Bet at DraftKings (opens in a new tab)' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^https:\/\/aff\.example\/dk\?legs=/),
    );
    expect(within(ranked).getByRole('link', { name: 'Bet at Bwin (opens in a new tab)' })).toBeInTheDocument();
    // A US reader is told Bwin is a UK book.
    expect(within(ranked).getByRole('button', { name: /Bwin\W*UK\s*book/ })).toBeInTheDocument();
    expect(screen.getByText(DEFAULT_DISCLOSURE)).toBeInTheDocument();
    expect(screen.getByText(/Gambling problem\? Call/)).toBeInTheDocument();

    expect(screen.queryByRole('combobox', { name: 'Sort books' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Fair value' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Sportsbooks' })).toBeNull();
    // The table stays one tap away.
    expect(screen.getByRole('button', { name: 'Table view' })).toBeInTheDocument();
  });

  it('takes the host’s disclosure, and keeps to one region’s books when asked', async () => {
    renderWidget({
      legs: encodeSlip(slip),
      'book-region': 'uk',
      disclosure: 'The Daily Line is paid by the books linked here.',
    });
    const ranked = await screen.findByRole('list', { name: 'Books ranked by payout' }, { timeout: 8000 });
    const names = within(ranked)
      .getAllByRole('button')
      .map((row) => row.textContent ?? '');
    expect(names).toHaveLength(4);
    for (const book of ['BetMGM (UK)', 'Betway', 'Bwin', 'Unibet'])
      expect(names.some((name) => name.includes(book))).toBe(true);
    expect(screen.getByText('The Daily Line is paid by the books linked here.')).toBeInTheDocument();
    expect(screen.queryByText(DEFAULT_DISCLOSURE)).toBeNull();
  });

  it('reads an unknown controls value as a reader’s widget and says so, without breaking', async () => {
    renderWidget({ legs: encodeSlip(slip), controls: 'expert' });
    // A folded note the reader can ignore, the details under it (and in the console, tested with the element).
    const note = await screen.findByText('Some of this widget’s settings could not be used');
    expect(note.closest('details')).toHaveTextContent('controls: “expert” is not one of reader, analyst.');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(await screen.findByRole('list', { name: 'Books ranked by payout' }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Fair value' })).toBeNull();
  });

  it('in grid mode with no legs, says the parlay is empty without pointing to leagues it does not show', async () => {
    renderWidget({ mode: 'grid' });
    expect(await screen.findByText('This parlay has no legs, so there are no prices to compare.')).toBeInTheDocument();
    expect(screen.queryByText(/Choose a league/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Leagues' })).toBeNull();
  });

  it('says in words, not as an error, that a league has no games this week', async () => {
    renderWidget({ leagues: 'curling_world_tour' });
    expect(await screen.findByText('No games this week in “curling_world_tour”', {}, { timeout: 8000 })).toBeVisible();
    expect(screen.getByText(/Choose a league below to see its games/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a widget with controls="analyst"', () => {
  it('adds sorting, the fair-value switch, CSV and the book chooser', async () => {
    renderWidget({ legs: encodeSlip(slip), controls: 'analyst' });
    // jsdom measures no width, so the grid reads as wide: the table, whose row headings sort the books.
    const grid = await screen.findByRole('grid', {}, { timeout: 8000 });
    const parlayHeading = within(grid).getByRole('rowheader', { name: /^Parlay/ });
    expect(within(parlayHeading).getByRole('button')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Fair value' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Sportsbooks' })).toBeInTheDocument();
    expect(screen.getByText(DEFAULT_DISCLOSURE)).toBeInTheDocument();
  });
});
