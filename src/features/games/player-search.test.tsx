/** The games list's team search, by a player's name: his team's games, and why they are listed. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Fixture, Player } from '../../api/types.ts';
import { gameLabel } from '../../domain/display.ts';
import { createSandboxFetch, renderWithApp, TEST_NOW } from '../../test/render-with-app.tsx';
import { freezeDateAtTestNow, jsonResponse, requestUrl, sandboxClient } from '../../test/games.tsx';
import { GamesBrowser } from './games-browser.tsx';

const WEEK_MS = 7 * 86_400_000;

/** A week's NBA game and a player of its home team, from the same sandbox the app talks to. */
async function starOfAGame(): Promise<{ game: Fixture; player: Player; teamGames: Fixture[] }> {
  const client = sandboxClient();
  const games = (await client.listAllActiveFixtures({ leagues: ['nba'] })).filter(
    (game) => !game.isLive && Date.parse(game.startDate) < TEST_NOW + WEEK_MS,
  );
  const players = await client.listLeaguePlayers({ league: 'nba' });
  for (const game of games) {
    const teamId = game.homeCompetitors[0]?.id;
    const player = players.find((candidate) => candidate.teamId === teamId);
    if (player && teamId)
      return {
        game,
        player,
        teamGames: games.filter((other) =>
          [...other.homeCompetitors, ...other.awayCompetitors].some((side) => side.id === teamId),
        ),
      };
  }
  throw new Error('sandbox has no NBA game with a rostered team this week');
}

function listedRows(): HTMLElement[] {
  return screen
    .queryAllByRole('button', { name: /^All markets for / })
    .map((button) => button.closest('li') as HTMLElement);
}

describe('team search by a player’s name', () => {
  beforeEach(freezeDateAtTestNow);
  afterEach(() => vi.useRealTimers());

  it("finds the player's team's games and says why, with a typo too; players are asked for only on a search", async () => {
    const user = userEvent.setup();
    const { game, player, teamGames } = await starOfAGame();
    const asked: string[] = [];
    renderWithApp(<GamesBrowser />, {
      initialState: { leagues: ['nba'] },
      onRequest: (request) => asked.push(new URL(request.url).pathname),
    });
    await screen.findByRole('button', { name: `All markets for ${gameLabel(game)}` });
    expect(asked.some((path) => path.endsWith('/players'))).toBe(false);

    const search = screen.getByRole('searchbox', { name: 'Find a team' });
    const note = `${player.name} — ${player.teamName}`;
    // The last name with one letter swapped (a slip of the finger), then the full name.
    const lastName = player.name.split(' ').at(-1) ?? player.name;
    const typo =
      lastName.length >= 4 ? `${lastName.slice(0, 1)}${lastName[2]}${lastName[1]}${lastName.slice(3)}` : lastName;
    for (const typed of [player.name, typo]) {
      await user.clear(search);
      await user.type(search, typed);
      const row = (await screen.findByRole('button', { name: `All markets for ${gameLabel(game)}` })).closest('li');
      // A typo may find a namesake too ("Wihte": Coby White): the note names each.
      expect(await within(row as HTMLElement).findByText(note, { exact: false })).toBeInTheDocument();
      const rows = listedRows();
      expect(rows.length).toBeGreaterThanOrEqual(teamGames.length);
      for (const teamGame of teamGames)
        expect(screen.getByRole('button', { name: `All markets for ${gameLabel(teamGame)}` })).toBeInTheDocument();
    }
    expect(asked.filter((path) => path.endsWith('/players')).length).toBeGreaterThan(0);
  });

  it('a broken players answer never breaks the search: teams are still found', async () => {
    const user = userEvent.setup();
    const { game, player } = await starOfAGame();
    const sandbox = createSandboxFetch();
    const brokenPlayers: typeof fetch = async (input, init) =>
      requestUrl(input).pathname.endsWith('/players') ? jsonResponse({ players: 'nope' }) : sandbox(input, init);
    renderWithApp(<GamesBrowser />, { fetch: brokenPlayers, initialState: { leagues: ['nba'] } });
    await screen.findByRole('button', { name: `All markets for ${gameLabel(game)}` });
    const search = screen.getByRole('searchbox', { name: 'Find a team' });
    await user.type(search, player.name);
    expect(await screen.findByText(`No game with “${player.name}”`, {}, { timeout: 8000 })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, game.homeTeam);
    expect(await screen.findByRole('button', { name: `All markets for ${gameLabel(game)}` })).toBeInTheDocument();
  });
});
