import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { useSettings } from '../../state/app-stores-context.tsx';
import type { SlipLeg } from '../../domain/slip.ts';
import { SlipPanel } from './slip-panel.tsx';
import { DEFAULT_APP_CONFIG } from '../../state/app-config-context.tsx';

const game = {
  homeTeam: 'Boston Celtics',
  awayTeam: 'Chicago Bulls',
  startDate: '2026-11-22T23:30:00Z',
  leagueId: 'nba',
};
const celtics: SlipLeg = { fixtureId: '20261122AAAAAAAA', market: 'Moneyline', name: 'Boston Celtics', game };
const over: SlipLeg = { fixtureId: '20261122AAAAAAAA', market: 'Total Points', name: 'Over 221.5', game };
const under: SlipLeg = { fixtureId: '20261122AAAAAAAA', market: 'Total Points', name: 'Under 221.5', game };

function StakeProbe() {
  const stake = useSettings((state) => state.stake);
  return <output aria-label="stored stake">{stake}</output>;
}

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

  it('takes a valid stake and explains an invalid one without losing the last good value', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <>
        <SlipPanel />
        <StakeProbe />
      </>,
      { initialState: { legs: [celtics] } },
    );
    const stake = screen.getByRole('textbox', { name: 'Stake ($)' });
    await user.clear(stake);
    await user.type(stake, '25.5');
    expect(screen.getByRole('status', { name: 'stored stake' })).toHaveTextContent('25.5');
    await user.clear(stake);
    await user.type(stake, 'abc');
    expect(stake).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText(/Enter an amount from 0 to/)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'stored stake' })).toHaveTextContent('25.5');
  });

  it('takes the stake in pounds for the UK region', () => {
    renderWithApp(<SlipPanel />, { config: { ...DEFAULT_APP_CONFIG, region: 'uk' } });
    expect(screen.getByRole('textbox', { name: 'Stake (£)' })).toHaveValue('10');
  });

  it('says how to start when the slip is empty', () => {
    renderWithApp(<SlipPanel />);
    expect(screen.getByText(/Your slip is empty/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear all' })).toBeDisabled();
  });
});
