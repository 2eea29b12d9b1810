import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../test/render-with-app.tsx';
import type { SlipLeg } from '../../domain/slip.ts';
import { SlipPanel } from './slip-panel.tsx';

const game = {
  homeTeam: 'Boston Celtics',
  awayTeam: 'Chicago Bulls',
  startDate: '2026-11-22T23:30:00Z',
  leagueId: 'nba',
};
const celtics: SlipLeg = { fixtureId: '20261122AAAAAAAA', market: 'Moneyline', name: 'Boston Celtics', game };
const over: SlipLeg = { fixtureId: '20261122AAAAAAAA', market: 'Total Points', name: 'Over 221.5', game };
const under: SlipLeg = { fixtureId: '20261122AAAAAAAA', market: 'Total Points', name: 'Under 221.5', game };

describe('SlipPanel', () => {
  it('lists legs in order with game and market, and removes one', async () => {
    const user = userEvent.setup();
    renderWithApp(<SlipPanel />, { initialState: { legs: [celtics, over] } });
    const list = await screen.findByRole('list', { name: 'Legs on your slip' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Boston Celtics'),
      expect.stringContaining('Over 221.5'),
    ]);
    expect(items[0]).toHaveTextContent('Moneyline · Chicago Bulls @ Boston Celtics');
    expect(screen.getByRole('heading', { name: 'Your slip (2 legs)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Boston Celtics (Moneyline) from slip' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Your slip (1 leg)' })).toBeInTheDocument();
  });

  it('clears all and brings the legs back with undo', async () => {
    const user = userEvent.setup();
    renderWithApp(<SlipPanel />, { initialState: { legs: [celtics, over] } });
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.queryByRole('list', { name: 'Legs on your slip' })).not.toBeInTheDocument();
    expect(screen.getByText(/Slip cleared \(2 legs\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(
      within(await screen.findByRole('list', { name: 'Legs on your slip' })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });

  it('flags both sides of one market before any book is asked', async () => {
    renderWithApp(<SlipPanel />, { initialState: { legs: [celtics, over, under] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Some legs clash');
    expect(await screen.findAllByText(/Clashes with/)).toHaveLength(2);
    expect(screen.getByText(/Clashes with Under 221\.5/)).toBeInTheDocument();
  });

  it('says how to start when the slip is empty', () => {
    renderWithApp(<SlipPanel />);
    expect(screen.getByText(/Your slip is empty/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear all' })).toBeDisabled();
  });
});
