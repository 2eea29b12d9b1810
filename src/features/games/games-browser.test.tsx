import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import { dayHeading, gameLabel, kickoffTime, localDayKey } from '../../domain/display.ts';
import { createSandboxFetch, renderWithApp, TEST_NOW } from '../../test/render-with-app.tsx';
import { LeaguePicker } from '../leagues/league-picker.tsx';
import { GamesBrowser } from './games-browser.tsx';
import { containing, freezeDateAtTestNow, jsonResponse, requestUrl, sandboxClient } from './games-test-support.tsx';

const WEEK_MS = 7 * 86_400_000;
// The app retries a 5xx twice with backoff (about 3 s) before it shows the failure.
const AFTER_RETRIES = { timeout: 8000 };

async function expectedUpcomingGames(leagueId: string) {
  const games = await sandboxClient().listAllActiveFixtures({ leagues: [leagueId] });
  return games
    .filter((game) => game.isLive || Date.parse(game.startDate) < TEST_NOW + WEEK_MS)
    .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate) || a.awayTeam.localeCompare(b.awayTeam));
}

describe('GamesBrowser', () => {
  beforeEach(freezeDateAtTestNow);
  afterEach(() => vi.useRealTimers());

  it('asks for a league when none is chosen', () => {
    renderWithApp(<GamesBrowser />);
    expect(screen.getByRole('status')).toHaveTextContent(/choose one or more leagues/i);
  });

  it('lists the chosen league’s games by local day, in start order, with kick-off time and league', async () => {
    const expected = await expectedUpcomingGames('nba');
    renderWithApp(<GamesBrowser />, { initialState: { leagues: ['nba'] } });

    const firstGame = expected.find((game) => !game.isLive);
    if (!firstGame) throw new Error('sandbox has no upcoming NBA games');
    await screen.findAllByRole('button', { name: containing(gameLabel(firstGame)) });

    const scheduled = expected.filter((game) => !game.isLive);
    const dayKeys = [...new Set(scheduled.map((game) => localDayKey(game.startDate)))];
    const expectedHeadings = dayKeys.map((key) => dayHeading(scheduled.find((game) => localDayKey(game.startDate) === key)?.startDate ?? '', new Date(TEST_NOW)));
    const liveHeading = expected.some((game) => game.isLive) ? ['Live now'] : [];
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual([...liveHeading, ...expectedHeadings]);
    expect(headings).toContain('Today');
    expect(headings).toContain('Tomorrow');

    const today = screen.getByRole('region', { name: 'Today' });
    const todaysGames = scheduled.filter((game) => localDayKey(game.startDate) === localDayKey(new Date(TEST_NOW).toISOString()));
    const buttons = within(today).getAllByRole('button', { expanded: false });
    expect(buttons).toHaveLength(todaysGames.length);
    todaysGames.forEach((game, index) => {
      expect(buttons[index]).toHaveAccessibleName(expect.stringContaining(gameLabel(game)));
      expect(buttons[index]).toHaveTextContent(`${kickoffTime(game.startDate)} · NBA`);
    });
  });

  it('marks live games with a Live badge', async () => {
    const leagues = ['nba', 'nfl', 'ncaab', 'ncaaf', 'nhl', 'mlb', 'england_-_premier_league', 'spain_-_la_liga'];
    const all = (await Promise.all(leagues.map(expectedUpcomingGames))).flat();
    const live = all.find((game) => game.isLive);
    const notLive = all.find((game) => !game.isLive);
    if (!live || !notLive) throw new Error('sandbox has no live game at TEST_NOW');
    renderWithApp(<GamesBrowser />, { initialState: { leagues: [live.leagueId, notLive.leagueId] } });

    expect(await screen.findByRole('heading', { name: 'Live now' })).toBeInTheDocument();
    const [liveButton] = await screen.findAllByRole('button', { name: containing(gameLabel(live), '.*Live') });
    if (!liveButton) throw new Error('no live game button');
    expect(within(liveButton).getByText('Live')).toBeVisible();
    const otherButtons = await screen.findAllByRole('button', { name: containing(gameLabel(notLive)) });
    expect(otherButtons.some((button) => !/Live/.test(button.textContent ?? ''))).toBe(true);
  });

  it('loads a newly chosen league without asking again for the ones already shown', async () => {
    const user = userEvent.setup();
    const listedLeagues: string[] = [];
    renderWithApp(
      <>
        <LeaguePicker />
        <GamesBrowser />
      </>,
      {
        initialState: { leagues: ['nba'] },
        onRequest: (request) => {
          const url = new URL(request.url);
          if (url.pathname.endsWith('/fixtures/active')) listedLeagues.push(url.searchParams.getAll('league').join(','));
        },
      },
    );
    const [nbaGame] = await expectedUpcomingGames('nba');
    const [nhlGame] = await expectedUpcomingGames('nhl');
    if (!nbaGame || !nhlGame) throw new Error('sandbox has no NBA or NHL games');
    await screen.findAllByRole('button', { name: containing(gameLabel(nbaGame)) });
    const nbaRequests = listedLeagues.filter((league) => league === 'nba').length;

    await user.click(await screen.findByRole('button', { name: 'NHL' }));
    await screen.findAllByRole('button', { name: containing(gameLabel(nhlGame)) });
    expect(screen.getAllByRole('button', { name: containing(gameLabel(nbaGame)) })[0]).toBeInTheDocument();
    expect(listedLeagues.filter((league) => league === 'nba')).toHaveLength(nbaRequests);
    expect(listedLeagues.every((league) => !league.includes(','))).toBe(true);
  });

  it('says when a league has no games in the next 7 days', async () => {
    const sandbox = createSandboxFetch();
    const noMlbGames: typeof fetch = async (input, init) => {
      const url = requestUrl(input);
      if (url.pathname.endsWith('/fixtures/active') && url.searchParams.get('league') === 'mlb') {
        return jsonResponse({ data: [], page: 1, has_more: false });
      }
      return sandbox(input, init);
    };
    renderWithApp(<GamesBrowser />, { fetch: noMlbGames, initialState: { leagues: ['mlb'] } });
    expect(await screen.findByText('No upcoming games in MLB in the next 7 days')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Stop showing MLB' }));
    expect(screen.getByRole('status')).toHaveTextContent(/choose one or more leagues/i);
  });

  it('shows a failed league with a retry, while other leagues still list their games', async () => {
    const user = userEvent.setup();
    const failing = { nhl: true };
    const sandbox = createSandboxFetch();
    const nhlFails: typeof fetch = async (input, init) => {
      const url = requestUrl(input);
      if (failing.nhl && url.pathname.endsWith('/fixtures/active') && url.searchParams.get('league') === 'nhl') {
        return jsonResponse({ error: 'Internal Server Error' }, 500);
      }
      return sandbox(input, init);
    };
    const [nbaGame] = await expectedUpcomingGames('nba');
    const [nhlGame] = await expectedUpcomingGames('nhl');
    if (!nbaGame || !nhlGame) throw new Error('sandbox has no NBA or NHL games');
    renderWithApp(<GamesBrowser />, { fetch: nhlFails, initialState: { leagues: ['nba', 'nhl'] } });

    const alert = await screen.findByRole('alert', {}, AFTER_RETRIES);
    await waitFor(() => expect(alert).toHaveTextContent(/NHL games could not be loaded/));
    expect(screen.getAllByRole('button', { name: containing(gameLabel(nbaGame)) })[0]).toBeInTheDocument();

    failing.nhl = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect((await screen.findAllByRole('button', { name: containing(gameLabel(nhlGame)) }))[0]).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }, 15_000);
});
