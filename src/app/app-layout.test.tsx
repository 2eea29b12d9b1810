/**
 * The page's two views: a visit that opens at the bet log shows the log and does none of the
 * builder's work (no question to the odds service); the builder mounts when first shown. Rendered
 * under StrictMode (src/test/setup.ts), as the page renders.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render-with-app.tsx';
import { AppLayout } from './app-layout.tsx';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the page at #bet-log', () => {
  it('shows the log without the builder, which mounts (and asks for games) on the way back', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/#bet-log');
    const asked: string[] = [];
    renderWithApp(<AppLayout />, { onRequest: (request) => asked.push(new URL(request.url).pathname) });
    expect(await screen.findByRole('region', { name: 'Bet log' })).toBeInTheDocument();
    expect(await screen.findByText(/No bets yet/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Prices by sportsbook' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Back to the builder' }));
    expect(await screen.findByRole('region', { name: 'Prices by sportsbook' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bet log' })).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: /^Your slip/ })).toBeInTheDocument();
    await expect.poll(() => asked.length).toBeGreaterThan(0);
  });
});
