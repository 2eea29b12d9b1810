import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { MAX_SLIP_LEGS, type SlipLeg } from '../../domain/slip.ts';
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
    // The undo line's code loads with the first removal.
    expect(await screen.findByText(/Slip cleared \(2 legs\)/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(
      within(await screen.findByRole('list', { name: 'Legs on your slip' })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });

  it('puts back a single removed leg in its place with undo', async () => {
    const user = userEvent.setup();
    renderWithApp(<SlipPanel />, { initialState: { legs: [celtics, over] } });
    await user.click(await screen.findByRole('button', { name: 'Remove Boston Celtics (Moneyline) from slip' }));
    // A live region is in the page before its words (that is how it is announced): wait for the words.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Removed Boston Celtics (Moneyline).'));
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    const items = within(screen.getByRole('list', { name: 'Legs on your slip' })).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Boston Celtics'),
      expect.stringContaining('Over 221.5'),
    ]);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('says when a share link’s slip took the place of the saved one, and gives the saved one back', async () => {
    const user = userEvent.setup();
    const saved = JSON.stringify({ version: 1, legs: [celtics, over] });
    const storage = { getItem: () => saved, setItem: () => undefined };
    renderWithApp(<SlipPanel />, { storage, initialState: { legs: [under] } });
    // A live region is in the page before its words (that is how it is announced): wait for the words.
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent(
        'This link opened its own slip (1 leg) in place of the one you had saved (2 legs).',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('heading', { name: 'Your slip (2 legs)' })).toBeInTheDocument();
  });

  it('says nothing when a link opens the slip already saved', () => {
    const saved = JSON.stringify({ version: 1, legs: [celtics] });
    const storage = { getItem: () => saved, setItem: () => undefined };
    renderWithApp(<SlipPanel />, { storage, initialState: { legs: [celtics] } });
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('flags both sides of one market before any book is asked', async () => {
    renderWithApp(<SlipPanel />, { initialState: { legs: [celtics, over, under] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Some legs clash');
    expect(await screen.findAllByText(/Clashes with/)).toHaveLength(2);
    expect(screen.getByText(/Clashes with Under 221\.5/)).toBeInTheDocument();
  });

  it('in the widget, folds the legs behind a toggle on the title’s line and shows them on request', async () => {
    const user = userEvent.setup();
    renderWithApp(<SlipPanel compact />, { initialState: { legs: [celtics, over] } });
    const heading = screen.getByRole('heading', { name: 'Your slip (2 legs)' });
    const toggle = screen.getByRole('button', { name: 'Show legs' });
    // One line: the toggle and Clear all sit in the heading's row, nothing below it.
    const titleRow = heading.parentElement;
    expect(titleRow).toContainElement(toggle);
    expect(titleRow).toContainElement(screen.getByRole('button', { name: 'Clear all' }));
    expect(screen.queryByRole('list', { name: 'Legs on your slip' })).not.toBeInTheDocument();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    const list = await screen.findByRole('list', { name: 'Legs on your slip' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Hide legs' })).toHaveAttribute('aria-controls', list.parentElement?.id);

    await user.click(screen.getByRole('button', { name: 'Remove Boston Celtics (Moneyline) from slip' }));
    // A live region is in the page before its words (that is how it is announced): wait for the words.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Removed Boston Celtics (Moneyline).'));
    expect(screen.getByRole('heading', { name: 'Your slip (1 leg)' })).toBeInTheDocument();
  });

  it('in the widget, says the slip is full with its legs folded', async () => {
    const legs = Array.from({ length: MAX_SLIP_LEGS }, (_, index) => ({
      ...celtics,
      fixtureId: `2026112200000${String(index).padStart(3, '0')}`,
    }));
    renderWithApp(<SlipPanel compact />, { initialState: { legs } });
    expect(await screen.findByText(`A slip holds at most ${MAX_SLIP_LEGS} legs.`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show legs' })).toBeInTheDocument();
  });

  it('says how to start when the slip is empty', () => {
    renderWithApp(<SlipPanel />);
    expect(screen.getByText(/Your slip is empty/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear all' })).toBeDisabled();
  });
});
