import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSettings } from '../../state/app-stores-context.tsx';
import { createSandboxFetch, renderWithApp } from '../../test/render-with-app.tsx';
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

/** The real sandbox, except that /leagues answers 500 while `failing.leagues` is true. */
function fetchWithFailingLeagues(failing: { leagues: boolean }): typeof fetch {
  const sandbox = createSandboxFetch();
  return async (input, init) => {
    if (failing.leagues && pathOf(input).endsWith('/leagues')) {
      return new Response(JSON.stringify({ error: 'Internal Server Error' }), { status: 500, headers: { 'content-type': 'application/json' } });
    }
    return sandbox(input, init);
  };
}

/** The sandbox's catalog plus a less popular soccer league and a sport with no popular league. */
function fetchWithExtraLeagues(): typeof fetch {
  const sandbox = createSandboxFetch();
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  const league = (id: string, name: string, sportId: string, sportName: string) => ({ id, name, sport: { id: sportId, name: sportName }, region: null });
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://sandbox.test');
    if (url.pathname.endsWith('/leagues') && url.searchParams.get('sport') === 'tennis') {
      return json({ data: [league('atp', 'ATP', 'tennis', 'Tennis')] });
    }
    const answer = await sandbox(input, init);
    if (url.pathname.endsWith('/sports')) {
      const body = (await answer.json()) as { data: unknown[] };
      return json({ data: [...body.data, { id: 'tennis', name: 'Tennis' }] });
    }
    if (url.pathname.endsWith('/leagues') && url.searchParams.get('sport') === 'soccer') {
      const body = (await answer.json()) as { data: unknown[] };
      return json({ data: [...body.data, league('germany_-_bundesliga', 'Germany - Bundesliga', 'soccer', 'Soccer')] });
    }
    return answer;
  };
}

// The app retries a 5xx twice with backoff (about 3 s) before it shows the failure.
const AFTER_RETRIES = { timeout: 8000 };

describe('LeaguePicker', () => {
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
    for (const [sport, league] of [['Football', 'NFL'], ['Football', 'NCAAF'], ['Baseball', 'MLB'], ['Hockey', 'NHL'], ['Soccer', 'England - Premier League']] as const) {
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
    renderWithApp(<LeaguePicker />, { fetch: fetchWithFailingLeagues(failing) });

    const alert = await screen.findByRole('alert', {}, AFTER_RETRIES);
    expect(alert).toHaveTextContent(/leagues could not be loaded/i);
    expect(alert).toHaveTextContent(/odds service problem/i);
    expect(screen.queryByRole('button', { name: 'NBA' })).not.toBeInTheDocument();

    failing.leagues = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'NBA' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  }, 15_000);

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
    await user.click(within(screen.getByRole('group', { name: 'Tennis' })).getByRole('button', { name: 'ATP' }));
    expect(screen.getByLabelText('chosen leagues')).toHaveTextContent('germany_-_bundesliga,atp');
  });

  it('says so when the service lists no sports', async () => {
    const sandbox = createSandboxFetch();
    const noSports: typeof fetch = async (input, init) =>
      pathOf(input).endsWith('/sports')
        ? new Response(JSON.stringify({ data: [] }), { status: 200, headers: { 'content-type': 'application/json' } })
        : sandbox(input, init);
    renderWithApp(<LeaguePicker />, { fetch: noSports });
    expect(await screen.findByText('No leagues available')).toBeInTheDocument();
  });
});
