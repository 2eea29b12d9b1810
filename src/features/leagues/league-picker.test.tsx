import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSettings } from '../../state/app-stores-context.tsx';
import { createSandboxFetch, renderWithApp } from '../../test/render-with-app.tsx';
import { afterRetryBackoff, fakeRetryTimers } from '../../test/retry-backoff.ts';
import { LeaguePicker } from './league-picker.tsx';

/** Shows the settings store's chosen leagues, so tests read what the picker wrote. */
function ChosenLeaguesProbe() {
  const leagues = useSettings((state) => state.leagues);
  return (
    <ul aria-label="chosen leagues">
      <li>{leagues.join(',')}</li>
    </ul>
  );
}

function pathOf(input: RequestInfo | URL): string {
  return new URL(input instanceof Request ? input.url : String(input), 'http://sandbox.test').pathname;
}

/** The real sandbox, except that /leagues/active answers 500 while `failing.leagues` is true. */
function fetchWithFailingLeagues(failing: { leagues: boolean }): typeof fetch {
  const sandbox = createSandboxFetch();
  return async (input, init) => {
    if (failing.leagues && pathOf(input).endsWith('/leagues/active')) {
      return new Response(JSON.stringify({ error: 'Internal Server Error' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    }
    return sandbox(input, init);
  };
}

/** The sandbox's leagues with games plus a less popular soccer league and a sport with no popular league. */
function fetchWithExtraLeagues(...extraSoccer: [id: string, name: string][]): typeof fetch {
  const sandbox = createSandboxFetch();
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  const league = (id: string, name: string, sportId: string, sportName: string) => ({
    id,
    name,
    sport: { id: sportId, name: sportName, main_markets: [] },
    region: null,
  });
  return async (input, init) => {
    const answer = await sandbox(input, init);
    if (!pathOf(input).endsWith('/leagues/active')) return answer;
    const body = (await answer.json()) as { data: unknown[] };
    return json({
      data: [
        ...body.data,
        league('germany_-_bundesliga', 'Germany - Bundesliga', 'soccer', 'Soccer'),
        league('atp_-_paris', 'ATP - Paris Masters', 'tennis', 'Tennis'),
        ...extraSoccer.map(([id, name]) => league(id, name, 'soccer', 'Soccer')),
      ],
    });
  };
}

describe('LeaguePicker', () => {
  afterEach(() => vi.useRealTimers());

  it('prompts for a league, shows popular leagues grouped by sport, and remembers the choice in settings', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <>
        <LeaguePicker />
        <ChosenLeaguesProbe />
      </>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading leagues…');
    expect(screen.getByText(/pick one or more leagues/i)).toBeInTheDocument();

    const basketball = await screen.findByRole('group', { name: 'Basketball' });
    const nba = within(basketball).getByRole('button', { name: 'NBA' });
    expect(within(basketball).getByRole('button', { name: 'NCAAB' })).toHaveAttribute('aria-pressed', 'false');
    for (const [sport, league] of [
      ['Football', 'NFL'],
      ['Football', 'NCAAF'],
      ['Baseball', 'MLB'],
      ['Hockey', 'NHL'],
      ['Soccer', 'England - Premier League'],
    ] as const) {
      expect(within(screen.getByRole('group', { name: sport })).getByRole('button', { name: league })).toBeVisible();
    }
    expect(nba).toHaveAttribute('aria-pressed', 'false');

    await user.click(nba);
    await user.click(screen.getByRole('button', { name: 'NHL' }));
    expect(nba).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'NHL' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('chosen leagues')).toHaveTextContent('nba,nhl');
    expect(screen.queryByText(/pick one or more leagues/i)).not.toBeInTheDocument();
    expect(screen.getByText('2 chosen')).toBeInTheDocument();

    await user.click(nba);
    expect(nba).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('chosen leagues')).toHaveTextContent(/^nhl$/);
  });

  it('shows leagues chosen earlier as chosen, and clears them all at once', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <>
        <LeaguePicker />
        <ChosenLeaguesProbe />
      </>,
      { initialState: { leagues: ['nfl', 'england_-_premier_league'] } },
    );
    expect(await screen.findByRole('button', { name: 'NFL' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'England - Premier League' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'NBA' })).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'Clear chosen leagues' }));
    expect(screen.getByLabelText('chosen leagues')).toHaveTextContent(/^$/);
    expect(screen.getByRole('button', { name: 'NFL' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('says what failed when leagues cannot be loaded, and retries on request', async () => {
    const user = userEvent.setup();
    const failing = { leagues: true };
    fakeRetryTimers();
    renderWithApp(<LeaguePicker />, { fetch: fetchWithFailingLeagues(failing) });

    const alert = await afterRetryBackoff(() => screen.getByRole('alert'));
    expect(alert).toHaveTextContent(/leagues could not be loaded/i);
    expect(alert).toHaveTextContent(/odds service problem/i);
    expect(screen.queryByRole('button', { name: 'NBA' })).not.toBeInTheDocument();

    failing.leagues = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'NBA' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps less popular leagues and sports one toggle away', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <>
        <LeaguePicker />
        <ChosenLeaguesProbe />
      </>,
      { fetch: fetchWithExtraLeagues() },
    );
    const soccer = await screen.findByRole('group', { name: 'Soccer' });
    expect(within(soccer).queryByRole('button', { name: 'Germany - Bundesliga' })).not.toBeInTheDocument();
    const moreSoccer = within(soccer).getByRole('button', { name: 'More Soccer leagues' });
    expect(moreSoccer).toHaveAttribute('aria-expanded', 'false');
    await user.click(moreSoccer);
    expect(moreSoccer).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(soccer).getByRole('button', { name: 'Germany - Bundesliga' }));
    expect(screen.getByLabelText('chosen leagues')).toHaveTextContent('germany_-_bundesliga');

    expect(screen.queryByRole('group', { name: 'Tennis' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'More sports (1)' }));
    await user.click(
      within(screen.getByRole('group', { name: 'Tennis' })).getByRole('button', { name: 'ATP - Paris Masters' }),
    );
    expect(screen.getByLabelText('chosen leagues')).toHaveTextContent('germany_-_bundesliga,atp_-_paris');
  });

  it('lists the leagues behind "More" by name, whatever order the service sent them in', async () => {
    const user = userEvent.setup();
    // Appended after Germany - Bundesliga, so the service's order is not the alphabetical one.
    renderWithApp(<LeaguePicker />, { fetch: fetchWithExtraLeagues(['austria_-_bundesliga', 'Austria - Bundesliga']) });
    const soccer = await screen.findByRole('group', { name: 'Soccer' });
    const moreSoccer = within(soccer).getByRole('button', { name: 'More Soccer leagues' });
    const upFront = within(soccer).getAllByRole('button').length - 1;
    await user.click(moreSoccer);
    const shown = within(soccer)
      .getAllByRole('button')
      .slice(upFront + 1)
      .map((button) => button.textContent ?? '');
    expect(shown).toContain('Germany - Bundesliga');
    expect(shown.indexOf('Austria - Bundesliga')).toBeLessThan(shown.indexOf('Germany - Bundesliga'));
    expect(shown).toEqual([...shown].sort((a, b) => a.localeCompare(b)));
  });

  it('finds a league by any part of its name, accents and case aside, in one request for every sport', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    const extraLeagues = fetchWithExtraLeagues();
    const recording: typeof fetch = (input, init) => {
      asked.push(pathOf(input));
      return extraLeagues(input, init);
    };
    renderWithApp(
      <>
        <LeaguePicker />
        <ChosenLeaguesProbe />
      </>,
      { fetch: recording },
    );
    const search = await screen.findByRole('searchbox', { name: 'Find a league' });
    await user.type(search, 'premier');
    const found = screen.getByRole('group', { name: 'Leagues found' });
    await user.click(within(found).getByRole('button', { name: 'England - Premier League' }));
    expect(screen.getByLabelText('chosen leagues')).toHaveTextContent('england_-_premier_league');
    await user.clear(search);
    await user.type(search, 'BUNDES');
    expect(
      within(screen.getByRole('group', { name: 'Leagues found' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Germany - Bundesliga']);
    await user.clear(search);
    await user.type(search, 'curling');
    expect(screen.getByText('No league with games this week matches “curling”.')).toBeInTheDocument();
    expect(asked.filter((path) => path.includes('/leagues') || path.endsWith('/sports'))).toEqual([
      '/api/v3/leagues/active',
    ]);
  });

  it('finds the well-known leagues by the abbreviations bettors type, the league named outright first', async () => {
    const user = userEvent.setup();
    renderWithApp(<LeaguePicker />, {
      fetch: fetchWithExtraLeagues(
        ['uefa_-_champions_league', 'UEFA - Champions League'],
        ['usa_-_major_league_soccer', 'USA - Major League Soccer'],
        ['usa_-_mls_next_pro', 'USA - MLS Next Pro'],
      ),
    });
    const search = await screen.findByRole('searchbox', { name: 'Find a league' });
    const foundNames = () =>
      within(screen.getByRole('group', { name: 'Leagues found' }))
        .getAllByRole('button')
        .map((button) => button.textContent);
    for (const [typed, league] of [
      ['EPL', 'England - Premier League'],
      ['ucl', 'UEFA - Champions League'],
      ['NCAAF', 'NCAAF'],
      ['college basketball', 'NCAAB'],
      ['Laliga', 'Spain - La Liga'],
      ['NHL', 'NHL'],
    ] as const) {
      await user.clear(search);
      await user.type(search, typed);
      expect(foundNames(), typed).toEqual([league]);
    }
    // "MLS" names Major League Soccer outright; MLS Next Pro only has it in its name.
    await user.clear(search);
    await user.type(search, 'MLS');
    expect(foundNames()).toEqual(['USA - Major League Soccer', 'USA - MLS Next Pro']);
  });

  it('says so when no league has games this week', async () => {
    const sandbox = createSandboxFetch();
    const noLeagues: typeof fetch = async (input, init) =>
      pathOf(input).endsWith('/leagues/active')
        ? new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'content-type': 'application/json' } })
        : sandbox(input, init);
    renderWithApp(<LeaguePicker />, { fetch: noLeagues });
    expect(await screen.findByText('No leagues with games this week')).toBeInTheDocument();
  });
});
