/** Price alerts: the app page's only (the widget's builds leave them out, import.meta.env.PB_WIDGET). */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { americanToDecimal, decimalToAmerican } from '../../domain/odds/odds.ts';
import { BOOKS, american, goLive, parlayDecimal, renderLiveGrid } from '../../test/live-grid.tsx';
import { streamRow } from '../../test/live-odds.ts';
import { gridCell, loadSandboxGames, moneylineLeg, startingWith } from '../../test/price-grid.tsx';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { DEFAULT_APP_CONFIG } from '../../state/app-config-context.tsx';
import { PriceGrid } from './price-grid.tsx';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('price alerts', () => {
  it('tells once, in the page and as a browser notification, when the best parlay price reaches the price asked', async () => {
    // The browser's Notification: what it showed, and the permission, granted when asked.
    const shown: string[] = [];
    const requestPermission = vi.fn(async () => {
      FakeNotification.permission = 'granted';
      return 'granted';
    });
    const FakeNotification = Object.assign(
      function notification(title: string, options?: { body?: string }) {
        shown.push(`${title}: ${options?.body ?? ''}`);
      },
      { permission: 'default', requestPermission },
    );
    vi.stubGlobal('Notification', FakeNotification);
    const user = userEvent.setup();
    const { odd, stream, prices } = await renderLiveGrid();
    await waitFor(() => expect(gridCell('Parlay', 'Fanatics')).toHaveTextContent(/[+-]\d/));
    await goLive(stream);
    const bestNow = Math.max(...BOOKS.map((book) => parlayDecimal(book)));
    const target = bestNow * 1.2;

    await user.click(screen.getByRole('button', { name: 'Set a price alert' }));
    await user.type(screen.getByRole('textbox', { name: 'Price to reach' }), american(target));
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole('checkbox', { name: 'Also send a browser notification' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: 'Also send a browser notification' })).toBeChecked(),
    );
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(screen.getByText(/Alert set: tell me when the best parlay price reaches/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // DraftKings' leg moves far enough that its parlay beats the price asked for.
    const raised = Math.round(decimalToAmerican(odd.decimalPrice * ((target * 1.1) / parlayDecimal('DraftKings'))));
    prices.move(odd, raised);
    act(() => stream.send('odds', [streamRow(odd, { price: raised })]));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Price alert: the best parlay price reached [+-]\d+ at DraftKings/);
    expect(shown).toEqual([expect.stringMatching(/^Price alert: The best parlay price is [+-]\d+ at DraftKings\.$/)]);

    // Moving on (further up) tells nothing more: an alert fires once.
    const higher = Math.round(decimalToAmerican((americanToDecimal(raised) ?? 0) + 0.5));
    prices.move(odd, higher);
    act(() => stream.send('odds', [streamRow(odd, { price: higher })]));
    await waitFor(() =>
      expect(gridCell(startingWith(odd.name), 'DraftKings')).toHaveTextContent(
        american(americanToDecimal(higher) ?? 0),
      ),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(shown).toHaveLength(1);
  });

  it('refuses a price the best one already beats', async () => {
    const user = userEvent.setup();
    await renderLiveGrid();
    const best = Math.max(...BOOKS.map((book) => parlayDecimal(book)));
    await user.click(screen.getByRole('button', { name: 'Set a price alert' }));
    await user.type(screen.getByRole('textbox', { name: 'Price to reach' }), american(best - 0.5));
    await user.click(screen.getByRole('button', { name: 'Set alert' }));
    expect(screen.getByText(/The best parlay price is already .*: choose a higher price\./)).toBeInTheDocument();
    expect(screen.queryByText(/Alert set/)).not.toBeInTheDocument();
  });

  it('are not offered where the widget renders (its /embed page served by the app’s dev server too)', async () => {
    const legs = (await loadSandboxGames(2)).map(moneylineLeg);
    renderWithApp(<PriceGrid />, {
      initialState: { legs, books: [...BOOKS] },
      config: { ...DEFAULT_APP_CONFIG, priceAlerts: false },
    });
    await waitFor(() => expect(gridCell('Parlay', 'Fanatics')).toHaveTextContent(/[+-]\d/));
    expect(screen.queryByRole('button', { name: 'Set a price alert' })).toBeNull();
  });
});
