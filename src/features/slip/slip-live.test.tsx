import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeEventSources } from '../../test/api/fake-event-source.ts';
import { loadSandboxGames, moneylineLeg } from '../../test/price-grid.tsx';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { SlipPanel } from './slip-panel.tsx';

describe('the slip on the live stream', () => {
  it('shows a game going live, and one cancelled, the moment the stream says so', async () => {
    const games = await loadSandboxGames(2);
    const legs = games.map(moneylineLeg);
    const [first, second] = legs;
    if (!first || !second) throw new Error('The sandbox has too few games');
    const sources = fakeEventSources();
    renderWithApp(<SlipPanel />, {
      initialState: { legs, books: ['DraftKings'], fairValue: false },
      openEventSource: sources.open,
    });
    const list = await screen.findByRole('list', { name: 'Legs on your slip' });
    const [firstItem, secondItem] = within(list).getAllByRole('listitem');
    if (!firstItem || !secondItem) throw new Error('The slip lists too few legs');
    const stream = await vi.waitFor(() => sources.latest(), { timeout: 5000 });
    expect(stream.param('include_fixture_updates')).toEqual(['true']);
    act(() => stream.connect());
    expect(firstItem).not.toHaveTextContent('Live');

    act(() =>
      stream.send('fixture-status', [
        { fixture_id: first.fixtureId, status: 'live', is_live: true },
        { fixture_id: second.fixtureId, status: 'cancelled', is_live: false },
      ]),
    );
    expect(await within(firstItem).findByText('Live: price moves fast')).toBeInTheDocument();
    expect(
      await within(secondItem).findByText(/This game is cancelled: no book will price this leg/),
    ).toBeInTheDocument();
    expect(within(secondItem).getByText('Cancelled')).toBeInTheDocument();
  });
});
