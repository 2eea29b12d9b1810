/**
 * The bettor's first minute: picking a league folds the picker and brings the games into view; a
 * row waiting for its prices says so (never a dash, which means "no line"); a live, half-time or
 * delayed game wears its status on its row; a team is found by abbreviation or with a typo.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Fixture } from '../../api/types.ts';
import { gameLabel } from '../../domain/display.ts';
import { freezeDateAtTestNow, jsonResponse, requestUrl, sandboxClient } from '../../test/games.tsx';
import { createSandboxFetch, renderWithApp, TEST_NOW } from '../../test/render-with-app.tsx';
import { LeaguePicker } from '../leagues/league-picker.tsx';
import { GamesBrowser } from './games-browser.tsx';

async function upcomingNbaGames(): Promise<Fixture[]> {
  const games = await sandboxClient().listAllActiveFixtures({ leagues: ['nba'] });
  return games
    .filter((game) => !game.isLive && Date.parse(game.startDate) > TEST_NOW)
    .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate) || a.awayTeam.localeCompare(b.awayTeam));
}

function rowOf(game: Fixture): Promise<HTMLElement> {
  return screen
    .findByRole('button', { name: `All markets for ${gameLabel(game)}` })
    .then((button) => button.closest('li') as HTMLElement);
}

describe('the first minute', () => {
  beforeEach(freezeDateAtTestNow);
  afterEach(() => vi.useRealTimers());

  it('picking the first league folds the picker to one line, focus on Change, and Change brings it back', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <>
        <LeaguePicker foldable />
        <GamesBrowser />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: 'NBA' }));

    const leagues = screen.getByRole('region', { name: 'Leagues' });
    const change = within(leagues).getByRole('button', { name: 'Change leagues' });
    expect(change).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(change).toHaveFocus());
    expect(within(leagues).queryByRole('button', { name: 'NHL' })).not.toBeInTheDocument();
    expect(within(leagues).getByText('NBA')).toBeVisible();
    const [first] = await upcomingNbaGames();
    if (!first) throw new Error('sandbox has no upcoming NBA game');
    expect(await rowOf(first)).toBeInTheDocument();

    // Reopened, it stays open while more leagues are picked, until Done.
    await user.click(change);
    await user.click(within(leagues).getByRole('button', { name: 'NHL' }));
    expect(within(leagues).getByRole('button', { name: 'NHL' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(leagues).getByRole('button', { name: 'Done choosing leagues' }));
    expect(within(leagues).getByText('NBA, NHL')).toBeVisible();
  });

  it('a row waiting for its prices shows placeholders, not the dash of "no line", then its prices', async () => {
    const sandbox = createSandboxFetch();
    let releaseOdds: () => void = () => undefined;
    const oddsHeld = new Promise<void>((resolve) => {
      releaseOdds = resolve;
    });
    const heldOdds: typeof fetch = async (input, init) => {
      if (requestUrl(input).pathname.endsWith('/fixtures/odds')) await oddsHeld;
      return sandbox(input, init);
    };
    const [first] = await upcomingNbaGames();
    if (!first) throw new Error('sandbox has no upcoming NBA game');
    renderWithApp(<GamesBrowser />, { fetch: heldOdds, initialState: { leagues: ['nba'] } });

    const row = await rowOf(first);
    // Placeholders shown to the eye; to assistive tech the row is busy.
    expect(row).toHaveAttribute('aria-busy', 'true');
    expect(within(row).queryByText('–')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { pressed: false })).not.toBeInTheDocument();

    releaseOdds();
    await waitFor(() => expect(within(row).getAllByRole('button', { pressed: false }).length).toBeGreaterThan(0));
    expect(row).toHaveAttribute('aria-busy', 'false');
  });

  it('marks live, half-time and delayed games on their rows', async () => {
    const sandbox = createSandboxFetch();
    const [live, half, delayed] = await upcomingNbaGames();
    if (!live || !half || !delayed) throw new Error('sandbox has too few NBA games');
    const statusById = new Map([
      [live.id, { status: 'live', is_live: true }],
      [half.id, { status: 'half', is_live: true }],
      [delayed.id, { status: 'delayed', is_live: false }],
    ]);
    const withStatuses: typeof fetch = async (input, init) => {
      const response = await sandbox(input, init);
      if (!requestUrl(input).pathname.endsWith('/fixtures/active')) return response;
      const body = (await response.json()) as { data: { id: string }[] };
      return jsonResponse({ ...body, data: body.data.map((item) => ({ ...item, ...statusById.get(item.id) })) });
    };
    renderWithApp(<GamesBrowser />, { fetch: withStatuses, initialState: { leagues: ['nba'] } });

    expect(within(await rowOf(live)).getByText('Live')).toBeVisible();
    expect(within(await rowOf(half)).getByText('Half-time')).toBeVisible();
    expect(within(await rowOf(delayed)).getByText('Delayed')).toBeVisible();
  });

  it('finds a team by its abbreviation and by its nickname typed with a slip', async () => {
    const user = userEvent.setup();
    const games = await upcomingNbaGames();
    const game = games.find((candidate) => candidate.homeCompetitors[0]?.abbreviation);
    const abbreviation = game?.homeCompetitors[0]?.abbreviation;
    if (!game || !abbreviation) throw new Error('sandbox NBA games carry no abbreviations');
    renderWithApp(<GamesBrowser />, { initialState: { leagues: ['nba'] } });
    await rowOf(game);
    const search = screen.getByRole('searchbox', { name: 'Find a team' });

    await user.type(search, abbreviation);
    expect(await rowOf(game)).toBeInTheDocument();
    for (const button of screen.getAllByRole('button', { name: /^All markets for / })) {
      expect(button).toHaveAccessibleName(new RegExp(game.homeTeam));
    }

    // The nickname (the team name's last word) with two letters swapped.
    const nickname = game.homeTeam.split(' ').at(-1) ?? '';
    const slipped = nickname.slice(0, 1) + (nickname[2] ?? '') + (nickname[1] ?? '') + nickname.slice(3);
    await user.clear(search);
    await user.type(search, slipped);
    expect(await rowOf(game)).toBeInTheDocument();
  });
});
