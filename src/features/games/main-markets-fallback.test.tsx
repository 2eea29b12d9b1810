/**
 * A sport whose listing names no main markets (the service may leave `main_markets` out, or list
 * none): its game rows show the usual main lines their odds carry, under their headings. Where a
 * game's odds carry none of them (or none of the main markets its sport lists), the row says so in
 * words and offers All markets.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { gameLabel } from '../../domain/display.ts';
import { createSandboxFetch, renderWithApp } from '../../test/render-with-app.tsx';
import { freezeDateAtTestNow, jsonResponse, requestUrl, sandboxClient } from '../../test/games.tsx';
import { GamesBrowser } from './games-browser.tsx';

const NO_MAIN_LINES = 'No main lines (winner, spread, total) for this game: its markets are under All markets.';

/** A league of a few games: a week of them is slow to draw in jsdom on a busy machine. */
const GAMES_LISTED = 3;

/**
 * The sandbox, listing basketball's main markets as `listing` (X-Sandbox-Main-Markets) and its
 * first few games; the odds as it answers them, or as `odds` makes them.
 */
function sandboxListing(listing: 'omitted' | 'empty' | 'listed', odds?: (answer: unknown) => unknown): typeof fetch {
  const sandbox = createSandboxFetch();
  return async (input, init) => {
    const headers = new Headers(init?.headers);
    if (listing !== 'listed') headers.set('x-sandbox-main-markets', `basketball=${listing}`);
    const response = await sandbox(input, { ...init, headers });
    const { pathname } = requestUrl(input);
    if (pathname.endsWith('/fixtures/active')) {
      const answer = (await response.json()) as { data: unknown[] };
      return jsonResponse({ ...answer, data: answer.data.slice(0, GAMES_LISTED), has_more: false });
    }
    if (!odds || !pathname.endsWith('/fixtures/odds')) return response;
    return jsonResponse(odds(await response.json()));
  };
}

async function firstUpcomingGame() {
  const games = await sandboxClient().listAllActiveFixtures({ leagues: ['nba'] });
  const game = games.slice(0, GAMES_LISTED).find((candidate) => !candidate.isLive && candidate.status === 'unplayed');
  if (!game) throw new Error('sandbox lists no upcoming NBA game first');
  return game;
}

async function gameRow(label: string): Promise<HTMLElement> {
  const opener = await screen.findByRole('button', { name: `All markets for ${label}` });
  const row = opener.closest('li');
  if (!row) throw new Error('a game row is a list item');
  return row;
}

describe('a sport listed with no main markets', () => {
  beforeEach(freezeDateAtTestNow);
  afterEach(() => vi.useRealTimers());

  it.each(['omitted', 'empty'] as const)(
    'main markets %s: each row shows the spread, total and winner its odds carry, under their headings',
    async (listing) => {
      const game = await firstUpcomingGame();
      renderWithApp(<GamesBrowser />, {
        fetch: sandboxListing(listing),
        initialState: { leagues: ['nba'] },
      });
      const row = await gameRow(gameLabel(game));
      await waitFor(() => expect(within(row).getAllByRole('button', { name: /, Moneyline, best / })).toHaveLength(2));
      expect(within(row).getAllByRole('button', { name: /, Point Spread, best / })).toHaveLength(2);
      expect(within(row).getAllByRole('button', { name: /, Total Points, best / })).toHaveLength(2);
      expect(within(row).getByText('Spread')).toBeInTheDocument();
      expect(within(row).getByText('Total')).toBeInTheDocument();
      expect(within(row).getByText('Winner')).toBeInTheDocument();
      expect(within(row).queryByText(NO_MAIN_LINES)).not.toBeInTheDocument();
    },
  );

  const noOdds = (answer: unknown) => {
    const { data } = answer as { data: { odds: unknown[] }[] };
    return { data: data.map((entry) => ({ ...entry, odds: [] })) };
  };

  // A sport that lists its main markets, for a game whose books carry none of them: words, not dashes.
  it.each(['omitted', 'listed'] as const)(
    'main markets %s, none in the odds: the row says so and All markets opens the rest',
    async (listing) => {
      const user = userEvent.setup();
      const game = await firstUpcomingGame();
      renderWithApp(<GamesBrowser />, {
        fetch: sandboxListing(listing, noOdds),
        initialState: { leagues: ['nba'] },
      });
      const row = await gameRow(gameLabel(game));
      expect(await within(row).findByText(NO_MAIN_LINES)).toBeInTheDocument();
      expect(within(row).queryByText('–')).not.toBeInTheDocument();
      expect(within(row).queryByText('Winner')).not.toBeInTheDocument();
      await user.click(within(row).getByRole('button', { name: `All markets for ${gameLabel(game)}` }));
      expect(await screen.findByRole('region', { name: `Markets for ${gameLabel(game)}` })).toBeInTheDocument();
    },
  );
});
