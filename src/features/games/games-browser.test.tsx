import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import type { Fixture } from '../../api/types.ts';
import { dayHeading, gameLabel, kickoffTime, localDayKey } from '../../domain/display.ts';
import { isCancelled } from '../../domain/game-status.ts';
import { formatOdds } from '../../domain/odds/odds.ts';
import { SPORTSBOOKS, type Sportsbook } from '../../domain/sportsbooks.ts';
import { createSandboxFetch, renderWithApp, TEST_NOW } from '../../test/render-with-app.tsx';
import { LeaguePicker } from '../leagues/league-picker.tsx';
import { GamesBrowser } from './games-browser.tsx';
import {
  bestAmong,
  freezeDateAtTestNow,
  jsonResponse,
  requestUrl,
  sandboxClient,
  SlipProbe,
} from '../../test/games.tsx';

const WEEK_MS = 7 * 86_400_000;
// The app retries a 5xx twice with backoff (about 3 s) before it shows the failure.
const AFTER_RETRIES = { timeout: 8000 };

async function expectedUpcomingGames(leagueId: string): Promise<Fixture[]> {
  const games = await sandboxClient().listAllActiveFixtures({ leagues: [leagueId] });
  return games
    .filter((game) => game.isLive || Date.parse(game.startDate) < TEST_NOW + WEEK_MS)
    .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate) || a.awayTeam.localeCompare(b.awayTeam));
}

/** A game's "All markets" toggle: one per listed game. */
function gameOpener(game: Fixture) {
  return screen.findByRole('button', { name: `All markets for ${gameLabel(game)}` });
}

/** An element's text as assistive tech reads it: what is shown only to the eye left out. */
function spokenText(element: HTMLElement): string {
  const spoken = element.cloneNode(true) as HTMLElement;
  for (const hidden of spoken.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return spoken.textContent ?? '';
}

function listedGames(): string[] {
  return screen.queryAllByRole('button', { name: /^All markets for / }).map(spokenText);
}

describe('GamesBrowser', () => {
  beforeEach(freezeDateAtTestNow);
  afterEach(() => vi.useRealTimers());

  it('asks for a league when none is chosen', () => {
    renderWithApp(<GamesBrowser />);
    expect(screen.getByRole('status')).toHaveTextContent(/choose one or more leagues/i);
  });

  it('lists the week’s games live first, then by local day, with kick-off time and league', async () => {
    const expected = await expectedUpcomingGames('nba');
    renderWithApp(<GamesBrowser />, { initialState: { leagues: ['nba'] } });
    const firstGame = expected.find((game) => !game.isLive);
    if (!firstGame) throw new Error('sandbox has no upcoming NBA games');
    await gameOpener(firstGame);

    const scheduled = expected.filter((game) => !game.isLive);
    // Cancelled games are listed last, under a heading of their own.
    const cancelledHeading = expected.some((game) => isCancelled(game.status)) ? ['Cancelled'] : [];
    const dayKeys = [
      ...new Set(scheduled.filter((game) => !isCancelled(game.status)).map((game) => localDayKey(game.startDate))),
    ];
    const expectedHeadings = dayKeys.map((key) =>
      dayHeading(scheduled.find((game) => localDayKey(game.startDate) === key)?.startDate ?? '', new Date(TEST_NOW)),
    );
    const liveHeading = expected.some((game) => game.isLive) ? ['Live now'] : [];
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings).toEqual([...liveHeading, ...expectedHeadings, ...cancelledHeading]);
    expect(headings).toContain('Today');

    const today = screen.getByRole('region', { name: 'Today' });
    const todaysGames = scheduled.filter(
      (game) => localDayKey(game.startDate) === localDayKey(new Date(TEST_NOW).toISOString()),
    );
    const rows = within(today).getAllByRole('listitem');
    expect(rows).toHaveLength(todaysGames.length);
    todaysGames.forEach((game, index) => {
      expect(rows[index]).toHaveTextContent(`${kickoffTime(game.startDate)} · NBA`);
      expect(
        within(rows[index] as HTMLElement).getByRole('button', { name: `All markets for ${gameLabel(game)}` }),
      ).toBeInTheDocument();
    });
  });

  it('narrows the list to today (live games too), tomorrow or a team', async () => {
    const user = userEvent.setup();
    const expected = await expectedUpcomingGames('nba');
    renderWithApp(<GamesBrowser />, { initialState: { leagues: ['nba'] } });
    const [first] = expected;
    if (!first) throw new Error('sandbox has no NBA games');
    await gameOpener(first);
    const todayKey = localDayKey(new Date(TEST_NOW).toISOString());
    const tomorrowKey = localDayKey(new Date(TEST_NOW + 86_400_000).toISOString());
    const labels = (games: readonly Fixture[]) => games.map((game) => `All markets for ${gameLabel(game)}`);

    const filters = screen.getByRole('group', { name: 'Show games' });
    expect(within(filters).getByRole('button', { name: /^This week/ })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(filters).getByRole('button', { name: /^Today/ }));
    // Live games head the list, then today's by start.
    expect(listedGames()).toEqual(
      labels([
        ...expected.filter((game) => game.isLive),
        ...expected.filter((game) => !game.isLive && localDayKey(game.startDate) === todayKey),
      ]),
    );
    await user.click(within(filters).getByRole('button', { name: /^Tomorrow/ }));
    expect(listedGames()).toEqual(
      labels(expected.filter((game) => !game.isLive && localDayKey(game.startDate) === tomorrowKey)),
    );

    await user.click(within(filters).getByRole('button', { name: /^This week/ }));
    const team = first.homeTeam;
    await user.type(
      screen.getByRole('searchbox', { name: 'Find a team' }),
      team.split(' ').at(-1)?.toLowerCase() ?? team,
    );
    expect(listedGames().length).toBeGreaterThan(0);
    expect(listedGames().every((name) => name.includes(team.split(' ').at(-1) ?? team))).toBe(true);
    await user.clear(screen.getByRole('searchbox', { name: 'Find a team' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find a team' }), 'Zzyzx');
    expect(screen.getByText('No game with “Zzyzx”')).toBeInTheDocument();
  });

  it('shows each game’s best spread, total and winner among the chosen books, and adds one with a tap', async () => {
    const user = userEvent.setup();
    const chosen: Sportsbook[] = ['BetRivers', 'Hard Rock', 'Novig'];
    const [game] = (await expectedUpcomingGames('nba')).filter((candidate) => !candidate.isLive);
    if (!game) throw new Error('sandbox has no upcoming NBA game');
    const [answer] = await sandboxClient().getFixtureOdds({
      fixtureIds: [game.id],
      sportsbooks: SPORTSBOOKS,
      markets: ['moneyline', 'point_spread', 'total_points'],
      mainLinesOnly: true,
    });
    const odds = answer?.odds ?? [];
    renderWithApp(
      <>
        <GamesBrowser />
        <SlipProbe />
      </>,
      { initialState: { leagues: ['nba'], books: chosen } },
    );
    const row = (await gameOpener(game)).closest('li') as HTMLElement;
    const expectedButton = (market: string, name: string) => {
      const best = bestAmong(odds, market, name, chosen);
      if (!best) throw new Error(`no chosen book offers ${name}`);
      return within(row).findByRole('button', {
        name: `${name}, ${market}, best ${formatOdds(best.decimalPrice, 'american')} at ${best.sportsbook}`,
      });
    };
    await expectedButton('Moneyline', game.homeTeam);
    await expectedButton('Moneyline', game.awayTeam);
    const homeSpread = odds.find((odd) => odd.market === 'Point Spread' && odd.name.startsWith(`${game.homeTeam} `));
    const over = odds.find((odd) => odd.market === 'Total Points' && odd.name.startsWith('Over '));
    if (!homeSpread || !over) throw new Error('no main spread or total');
    await expectedButton('Point Spread', homeSpread.name);
    const overButton = await expectedButton('Total Points', over.name);
    expect(overButton).toHaveTextContent(`O ${over.points}`);

    await user.click(overButton);
    expect(overButton).toHaveAttribute('aria-pressed', 'true');
    expect(
      within(screen.getByRole('list', { name: 'slip probe' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Total Points: ${over.name} (${gameLabel(game)}, nba)`]);
  });

  it('asks for the rows’ main lines only, five games a call, and never a game’s every market', async () => {
    const asked: URL[] = [];
    renderWithApp(<GamesBrowser />, {
      initialState: { leagues: ['nba'] },
      onRequest: (request) => asked.push(new URL(request.url)),
    });
    const expected = await expectedUpcomingGames('nba');
    const [first] = expected;
    if (!first) throw new Error('sandbox has no NBA games');
    await gameOpener(first);
    await waitFor(() =>
      expect(asked.filter((url) => url.pathname.endsWith('/fixtures/odds')).length).toBeGreaterThan(0),
    );
    const oddsCalls = asked.filter((url) => url.pathname.endsWith('/fixtures/odds'));
    for (const url of oddsCalls) {
      expect(url.searchParams.get('is_main')).toBe('true');
      expect(url.searchParams.getAll('market').sort()).toEqual(['moneyline', 'point_spread', 'total_points']);
      expect(url.searchParams.getAll('fixture_id').length).toBeLessThanOrEqual(5);
      expect(url.searchParams.getAll('sportsbook').length).toBeLessThanOrEqual(5);
    }
    // Ten books, five a call: two calls per five games.
    expect(oddsCalls.length).toBe(2 * Math.ceil(expected.length / 5));
  });

  it('marks live games with a Live badge', async () => {
    const leagues = ['nba', 'nfl', 'ncaab', 'ncaaf', 'nhl', 'mlb', 'england_-_premier_league', 'spain_-_la_liga'];
    const all = (await Promise.all(leagues.map(expectedUpcomingGames))).flat();
    const live = all.find((game) => game.isLive);
    if (!live) throw new Error('sandbox has no live game at TEST_NOW');
    renderWithApp(<GamesBrowser />, { initialState: { leagues: [live.leagueId] } });
    expect(await screen.findByRole('heading', { name: 'Live now' })).toBeInTheDocument();
    const row = (await gameOpener(live)).closest('li') as HTMLElement;
    expect(within(row).getByText('Live')).toBeVisible();
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
          if (url.pathname.endsWith('/fixtures/active'))
            listedLeagues.push(url.searchParams.getAll('league').join(','));
        },
      },
    );
    const [nbaGame] = await expectedUpcomingGames('nba');
    const [nhlGame] = await expectedUpcomingGames('nhl');
    if (!nbaGame || !nhlGame) throw new Error('sandbox has no NBA or NHL games');
    await gameOpener(nbaGame);
    const nbaRequests = listedLeagues.filter((league) => league === 'nba').length;

    await user.click(await screen.findByRole('button', { name: 'NHL' }));
    await gameOpener(nhlGame);
    expect(await gameOpener(nbaGame)).toBeInTheDocument();
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
    expect(await gameOpener(nbaGame)).toBeInTheDocument();

    failing.nhl = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await gameOpener(nhlGame)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }, 15_000);
});
