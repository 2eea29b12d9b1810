import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../test/render-with-app.tsx';
import type { SlipLeg } from '../../domain/slip.ts';
import { SlipPanel } from '../slip/slip-panel.tsx';
import { LineHistoryButton } from './line-history-button.tsx';

// The small sandbox at TEST_NOW: Chicago Bulls @ Boston Celtics, tonight.
const game = {
  homeTeam: 'Boston Celtics',
  awayTeam: 'Chicago Bulls',
  startDate: '2026-11-22T20:30:00Z',
  leagueId: 'nba',
};
const celtics: SlipLeg = { fixtureId: '20261122DC2CBAAF', market: 'Moneyline', name: 'Boston Celtics', game };
const clippers: SlipLeg = {
  fixtureId: '202611220C11AD77',
  market: 'Moneyline',
  name: 'Los Angeles Clippers',
  game: {
    homeTeam: 'Atlanta Hawks',
    awayTeam: 'Los Angeles Clippers',
    startDate: '2026-11-22T23:00:00Z',
    leagueId: 'nba',
  },
};

function renderSlip(legs: SlipLeg[]) {
  return renderWithApp(<SlipPanel LegActions={LineHistoryButton} />, {
    initialState: { legs, books: ['DraftKings', 'BetMGM'] },
    betTracking: true,
  });
}

describe('line history', () => {
  it("opens a leg's chart with each book's opening and current price as a table, and closes back to its button", async () => {
    const user = userEvent.setup();
    renderSlip([celtics]);
    const opener = await screen.findByRole('button', { name: 'Price history of Boston Celtics (Moneyline)' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Price history: Boston Celtics' });
    const table = await within(dialog).findByRole('table', {
      name: /Boston Celtics \(Moneyline\) at each book, since the line opened/,
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['DraftKings', 'BetMGM']);
    for (const row of rows) expect(within(row).getAllByRole('cell')[0]?.textContent).toMatch(/^[+-]\d+$/);
    expect(within(dialog).getByTestId('line-chart').querySelectorAll('path').length).toBeGreaterThanOrEqual(2);

    await user.click(within(dialog).getByRole('button', { name: 'Last 24 hours' }));
    expect(within(dialog).getByRole('button', { name: 'Last 24 hours' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('table', { name: /over the last 24 hours/ })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it("shows the parlay's combined price at each book", async () => {
    const user = userEvent.setup();
    renderSlip([celtics, clippers]);
    await user.click(await screen.findByRole('button', { name: 'Price history of Boston Celtics (Moneyline)' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'The parlay (2 legs)' }));
    const table = await within(dialog).findByRole('table', { name: /The parlay's combined price at each book/ });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  });
});
