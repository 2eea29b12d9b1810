import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Fixture } from '../../api/types.ts';
import { gameLabel } from '../../domain/display.ts';
import { formatOdds, type OddsFormat } from '../../domain/odds.ts';
import { SPORTSBOOKS, type Sportsbook } from '../../domain/sportsbooks.ts';
import { renderWithApp, TEST_NOW } from '../../test/render-with-app.tsx';
import { GamesBrowser } from './games-browser.tsx';
import { bestAmong, containing, freezeDateAtTestNow, SlipProbe, sandboxClient } from './games-test-support.tsx';

async function firstUpcomingGame(leagueId: string): Promise<Fixture> {
  const games = await sandboxClient().listAllActiveFixtures({ leagues: [leagueId] });
  const game = games.filter((candidate) => !candidate.isLive && Date.parse(candidate.startDate) > TEST_NOW).sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate))[0];
  if (!game) throw new Error(`sandbox has no upcoming ${leagueId} game`);
  return game;
}

async function oddsOf(game: Fixture) {
  const [answer] = await sandboxClient().getFixtureOdds({ fixtureIds: [game.id], sportsbooks: [...SPORTSBOOKS] });
  if (!answer) throw new Error('sandbox has no odds for the game');
  return answer.odds;
}

async function openGame(user: ReturnType<typeof userEvent.setup>, game: Fixture) {
  const [button] = await screen.findAllByRole('button', { name: containing(gameLabel(game)) });
  if (!button) throw new Error('game not listed');
  await user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  const markets = await screen.findByRole('region', { name: `Markets for ${gameLabel(game)}` });
  await within(markets).findByRole('heading', { name: /moneyline/i, level: 4 }, { timeout: 3000 });
  return markets;
}

function expectedName(odds: Awaited<ReturnType<typeof oddsOf>>, market: string, name: string, books: readonly Sportsbook[], format: OddsFormat = 'american') {
  const best = bestAmong(odds, market, name, books);
  return best ? `${name}, ${market}, best ${formatOdds(best.decimalPrice, format)} at ${best.sportsbook}` : `${name}, ${market}, not at your books`;
}

describe('GameMarkets', () => {
  beforeEach(freezeDateAtTestNow);
  afterEach(() => vi.useRealTimers());

  it('opens a game to game lines first, alternates behind More lines, then player props by market and player', async () => {
    const user = userEvent.setup();
    const game = await firstUpcomingGame('nba');
    const odds = await oddsOf(game);
    renderWithApp(<GamesBrowser />, { initialState: { leagues: ['nba'] } });
    const markets = await openGame(user, game);

    const headings = within(markets).getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Moneyline', 'Point Spread', 'Total Points', 'Player props']);
    expect(within(markets).getByRole('button', { name: containing(`${game.awayTeam}, Moneyline, best `) })).toBeVisible();
    expect(within(markets).getByRole('button', { name: containing(`${game.homeTeam}, Moneyline, best `) })).toBeVisible();

    const spreadNames = new Set(odds.filter((odd) => odd.market === 'Point Spread').map((odd) => odd.name));
    const mainSpreads = new Set(odds.filter((odd) => odd.market === 'Point Spread' && odd.isMain).map((odd) => odd.name));
    const spreadButtons = () => within(markets).getAllByRole('button', { name: /, Point Spread, / });
    expect(spreadButtons()).toHaveLength(mainSpreads.size);
    await user.click(within(markets).getByRole('button', { name: /^More lines for Point Spread/ }));
    expect(spreadButtons()).toHaveLength(spreadNames.size);
    expect(spreadNames.size).toBeGreaterThan(mainSpreads.size);

    const pointsProp = odds.find((odd) => odd.market === 'Player Points' && odd.selectionLine === 'over');
    if (!pointsProp) throw new Error('sandbox has no Player Points props');
    const player = pointsProp.selection;
    const line = pointsProp.name.slice(player.length + 1).replace('Over ', '');
    expect(within(markets).queryByRole('region', { name: `${player}, Player Points` })).not.toBeInTheDocument();
    const propToggle = within(markets).getByRole('button', { name: /^Player Points \d+ players?/ });
    expect(propToggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(propToggle);
    const playerLines = within(markets).getByRole('region', { name: `${player}, Player Points` });
    const sides = within(playerLines).getAllByRole('button');
    expect(sides.map((button) => button.textContent)).toEqual([
      expect.stringMatching(new RegExp(`^Over ${line}`)),
      expect.stringMatching(new RegExp(`^Under ${line}`)),
    ]);
    expect(sides[0]).toHaveAccessibleName(expectedName(odds, 'Player Points', `${player} Over ${line}`, SPORTSBOOKS));
  });

  it('adds a selection to the slip with its game, marks it, and removes it on a second click', async () => {
    const user = userEvent.setup();
    const game = await firstUpcomingGame('nba');
    renderWithApp(
      <>
        <GamesBrowser />
        <SlipProbe />
      </>,
      { initialState: { leagues: ['nba'] } },
    );
    const markets = await openGame(user, game);
    const homeMoneyline = within(markets).getByRole('button', { name: containing(`${game.homeTeam}, Moneyline, best `) });
    expect(homeMoneyline).toHaveAttribute('aria-pressed', 'false');

    await user.click(homeMoneyline);
    expect(homeMoneyline).toHaveAttribute('aria-pressed', 'true');
    expect(within(homeMoneyline).getByText('✓')).toBeInTheDocument();
    const slip = screen.getByRole('list', { name: 'slip probe' });
    expect(within(slip).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `Moneyline: ${game.homeTeam} (${gameLabel(game)}, nba)`,
    ]);

    await user.click(homeMoneyline);
    expect(homeMoneyline).toHaveAttribute('aria-pressed', 'false');
    expect(within(slip).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('shows the best price among the chosen books only, with the book that has it', async () => {
    const user = userEvent.setup();
    const chosen: Sportsbook[] = ['BetRivers', 'Hard Rock'];
    const game = await firstUpcomingGame('nba');
    const odds = await oddsOf(game);
    renderWithApp(<GamesBrowser />, { initialState: { leagues: ['nba'], books: chosen } });
    const markets = await openGame(user, game);
    await user.click(within(markets).getByRole('button', { name: /^More lines for Point Spread/ }));
    await user.click(within(markets).getByRole('button', { name: /^More lines for Total Points/ }));

    const gameLineSelections = [...new Map(odds.filter((odd) => odd.playerId === null).map((odd) => [`${odd.market}|${odd.name}`, odd])).values()];
    for (const { market, name } of gameLineSelections) {
      expect(within(markets).getByRole('button', { name: expectedName(odds, market, name, chosen) })).toBeInTheDocument();
    }
    // The filter matters: somewhere the best price overall is at a book the user did not choose.
    expect(gameLineSelections.some(({ market, name }) => !chosen.includes(bestAmong(odds, market, name, SPORTSBOOKS)?.sportsbook ?? 'BetRivers'))).toBe(true);
  });

  it('shows prices in the chosen odds format', async () => {
    const user = userEvent.setup();
    const game = await firstUpcomingGame('nhl');
    const odds = await oddsOf(game);
    renderWithApp(<GamesBrowser />, { initialState: { leagues: ['nhl'], oddsFormat: 'decimal' } });
    const markets = await openGame(user, game);
    const name = expectedName(odds, 'Moneyline', game.awayTeam, SPORTSBOOKS, 'decimal');
    expect(name).toMatch(/best \d+\.\d\d at /);
    expect(within(markets).getByRole('button', { name })).toBeInTheDocument();
    expect(within(markets).getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent).slice(0, 3)).toEqual(['Moneyline', 'Puck Line', 'Total Goals']);
  });

  it('says "Not at your books" and disables a selection none of the chosen books offers', async () => {
    const user = userEvent.setup();
    const game = await firstUpcomingGame('nba');
    const odds = await oddsOf(game);
    const props = odds.filter((odd) => odd.playerId !== null);
    const gap = SPORTSBOOKS.flatMap((book) => {
      const missing = props.find((odd) => !props.some((other) => other.sportsbook === book && other.market === odd.market && other.name === odd.name));
      return missing ? [{ book, missing }] : [];
    })[0];
    if (!gap) throw new Error('every book offers every prop in this game');
    renderWithApp(<GamesBrowser />, { initialState: { leagues: ['nba'], books: [gap.book] } });
    const markets = await openGame(user, game);
    await user.click(within(markets).getByRole('button', { name: new RegExp(`^${gap.missing.market.replace(/[+]/g, '\\+')} \\d+ players?`) }));

    const unavailable = within(markets).getByRole('button', { name: `${gap.missing.name}, ${gap.missing.market}, not at your books` });
    expect(unavailable).toBeDisabled();
    expect(unavailable).toHaveTextContent('Not at your books');
  });
});
