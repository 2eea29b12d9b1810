/** Injury notes on slip legs: the app page's (the widget's builds read no injury report). */
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithApp } from '../../test/render-with-app.tsx';
import type { SlipLeg } from '../../domain/slip.ts';
import { SlipPanel } from './slip-panel.tsx';

// The small sandbox's NBA injury report at TEST_NOW: James Harden (Clippers) Out, shoulder;
// Payton Pritchard (Celtics) Probable, illness.
const clippersAtHawks = {
  homeTeam: 'Atlanta Hawks',
  awayTeam: 'Los Angeles Clippers',
  startDate: '2026-11-22T23:00:00Z',
  leagueId: 'nba',
};
const bullsAtCeltics = {
  homeTeam: 'Boston Celtics',
  awayTeam: 'Chicago Bulls',
  startDate: '2026-11-22T20:30:00Z',
  leagueId: 'nba',
};
const harden: SlipLeg = {
  fixtureId: '202611220C11AD77',
  market: 'Player Points',
  name: 'James Harden Over 20.5',
  game: clippersAtHawks,
};
const pritchard: SlipLeg = {
  fixtureId: '20261122DC2CBAAF',
  market: 'Player Points',
  name: 'Payton Pritchard Over 10.5',
  game: bullsAtCeltics,
};
const celtics: SlipLeg = {
  fixtureId: '20261122DC2CBAAF',
  market: 'Moneyline',
  name: 'Boston Celtics',
  game: bullsAtCeltics,
};

describe('injuries on slip legs', () => {
  it('says a leg is on an injured player, with the injury, and warns when he is ruled out', async () => {
    renderWithApp(<SlipPanel />, { initialState: { legs: [harden, pritchard, celtics] }, betTracking: true });
    const list = await screen.findByRole('list', { name: 'Legs on your slip' });
    const [hardenItem, pritchardItem, celticsItem] = within(list).getAllByRole('listitem');
    expect(await within(hardenItem as HTMLElement).findByText('Out · Shoulder')).toBeInTheDocument();
    expect(hardenItem).toHaveTextContent('James Harden is ruled out (Shoulder)');
    expect(await within(pritchardItem as HTMLElement).findByText('Probable · Illness')).toBeInTheDocument();
    expect(pritchardItem).not.toHaveTextContent('ruled out');
    expect(celticsItem).not.toHaveTextContent('Injury');
  });
});
