import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Fixture } from '../../api/types.ts';
import { gameLabel } from '../../domain/display.ts';
import { formatOdds, type OddsFormat } from '../../domain/odds/odds.ts';
import { SPORTSBOOKS, type Sportsbook } from '../../domain/sportsbooks.ts';
import { renderWithApp, TEST_NOW } from '../../test/render-with-app.tsx';
import { GamesBrowser } from './games-browser.tsx';
import { bestAmong, freezeDateAtTestNow, SlipProbe, sandboxClient } from '../../test/games.tsx';

async function firstUpcomingGame(leagueId: string): Promise<Fixture> {
  const games = await sandboxClient().listAllActiveFixtures({ leagues: [leagueId] });
  const game = games
    .filter((candidate) => !candidate.isLive && Date.parse(candidate.startDate) > TEST_NOW)
    .sort((a, b) => Date.parse(a.startDate) - Date.parse(b.startDate))[0];
  if (!game) throw new Error(`sandbox has no upcoming ${leagueId} game`);
  return game;
}

async function oddsOf(game: Fixture, markets: readonly string[]) {
  const [answer] = await sandboxClient().getFixtureOdds({
    fixtureIds: [game.id],
    sportsbooks: [...SPORTSBOOKS],
    markets,
  });
  if (!answer) throw new Error('sandbox has no odds for the game');
  return answer.odds;
}

async function openGame(user: ReturnType<typeof userEvent.setup>, game: Fixture) {
  const button = await screen.findByRole('button', { name: `All markets for ${gameLabel(game)}` });
  await user.click(button);
  expect(button).toHaveAttribute('aria-expanded', 'true');
  return screen.findByRole('region', { name: `Markets for ${gameLabel(game)}` });
}

/** Opens one market in an opened game (and its group first, when it sits in one). */
async function openMarket(
  user: ReturnType<typeof userEvent.setup>,
  markets: HTMLElement,
  market: string,
  group?: string,
) {
  if (group)
    await user.click(await within(markets).findByRole('button', { name: new RegExp(`^${group} \\d+ markets?`) }));
  await user.click(await within(markets).findByRole('button', { name: market }));
}

function expectedName(
  odds: Awaited<ReturnType<typeof oddsOf>>,
  market: string,
  name: string,
  books: readonly Sportsbook[],
  format: OddsFormat = 'american',
) {
  const best = bestAmong(odds, market, name, books);
  return best
    ? `${name}, ${market}, best ${formatOdds(best.decimalPrice, format)} at ${best.sportsbook}`
    : `${name}, ${market}, not at your books`;
}

describe('GameMarkets', () => {
  beforeEach(freezeDateAtTestNow);
  afterEach(() => vi.useRealTimers());

  it('lists the game’s markets, main lines first, and asks for a market’s odds only when it is opened', async () => {
    const user = userEvent.setup();
    const game = await firstUpcomingGame('nba');
    const odds = await oddsOf(game, ['point_spread', 'player_points']);
    const asked: URL[] = [];
    renderWithApp(<GamesBrowser />, {
      initialState: { leagues: ['nba'] },
      onRequest: (request) => asked.push(new URL(request.url)),
    });
    const markets = await openGame(user, game);

    const main = within(markets).getByRole('list', { name: 'Main lines, with their alternates' });
    expect(
      within(main)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      expect.stringMatching(/^Moneyline/),
      expect.stringMatching(/^Point Spread/),
      expect.stringMatching(/^Total Points/),
    ]);
    await within(markets).findByRole('button', { name: /^Player props 4 markets/ });
    const wholeGameAsks = () =>
      asked.filter((url) => url.pathname.endsWith('/fixtures/odds') && url.searchParams.getAll('market').length === 0);
    const marketAsks = (market: string) =>
      asked.filter(
        (url) => url.pathname.endsWith('/fixtures/odds') && url.searchParams.getAll('market').join() === market,
      );
    expect(marketAsks('point_spread')).toHaveLength(0);

    // Point Spread opened: every line (main and alternates), asked for that market alone.
    await openMarket(user, markets, 'Point Spread');
    const spreadNames = new Set(odds.filter((odd) => odd.market === 'Point Spread').map((odd) => odd.name));
    const spreadButtons = () => within(markets).getAllByRole('button', { name: /, Point Spread, / });
    await within(markets).findAllByRole('button', { name: /, Point Spread, / });
    const mainSpreads = new Set(
      odds.filter((odd) => odd.market === 'Point Spread' && odd.isMain).map((odd) => odd.name),
    );
    expect(spreadButtons()).toHaveLength(mainSpreads.size);
    await user.click(within(markets).getByRole('button', { name: /^More lines for Point Spread/ }));
    expect(spreadButtons()).toHaveLength(spreadNames.size);
    expect(marketAsks('point_spread').length).toBeGreaterThan(0);

    const pointsProp = odds.find((odd) => odd.market === 'Player Points' && odd.selectionLine === 'over');
    if (!pointsProp) throw new Error('sandbox has no Player Points props');
    const player = pointsProp.selection;
    const line = pointsProp.name.slice(player.length + 1).replace('Over ', '');
    await openMarket(user, markets, 'Player Points', 'Player props');
    const playerLines = await within(markets).findByRole('region', { name: `${player}, Player Points` });
    const sides = within(playerLines).getAllByRole('button');
    expect(sides.map((button) => button.textContent)).toEqual([
      expect.stringMatching(new RegExp(`^Over ${line}`)),
      expect.stringMatching(new RegExp(`^Under ${line}`)),
    ]);
    expect(sides[0]).toHaveAccessibleName(expectedName(odds, 'Player Points', `${player} Over ${line}`, SPORTSBOOKS));
    expect(wholeGameAsks()).toEqual([]);
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
    await openMarket(user, markets, 'Moneyline');
    const homeMoneyline = await within(markets).findByRole('button', {
      name: new RegExp(`^${game.homeTeam}, Moneyline, best `),
    });
    expect(homeMoneyline).toHaveAttribute('aria-pressed', 'false');

    await user.click(homeMoneyline);
    expect(homeMoneyline).toHaveAttribute('aria-pressed', 'true');
    expect(within(homeMoneyline).getByText('✓')).toBeInTheDocument();
    const slip = screen.getByRole('list', { name: 'slip probe' });
    expect(
      within(slip)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([`Moneyline: ${game.homeTeam} (${gameLabel(game)}, nba)`]);

    await user.click(homeMoneyline);
    expect(homeMoneyline).toHaveAttribute('aria-pressed', 'false');
    expect(within(slip).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('shows the best price among the chosen books only, with the book that has it', async () => {
    const user = userEvent.setup();
    const chosen: Sportsbook[] = ['BetRivers', 'Hard Rock'];
    const game = await firstUpcomingGame('nba');
    const odds = await oddsOf(game, ['point_spread', 'total_points']);
    renderWithApp(<GamesBrowser />, { initialState: { leagues: ['nba'], books: chosen } });
    const markets = await openGame(user, game);
    for (const market of ['Point Spread', 'Total Points']) {
      await openMarket(user, markets, market);
      await user.click(await within(markets).findByRole('button', { name: new RegExp(`^More lines for ${market}`) }));
    }
    const selections = [...new Map(odds.map((odd) => [`${odd.market}|${odd.name}`, odd])).values()];
    for (const { market, name } of selections) {
      expect(
        within(markets).getByRole('button', { name: expectedName(odds, market, name, chosen) }),
      ).toBeInTheDocument();
    }
    // The filter matters: somewhere the best price overall is at a book the user did not choose.
    expect(
      selections.some(
        ({ market, name }) => !chosen.includes(bestAmong(odds, market, name, SPORTSBOOKS)?.sportsbook ?? 'BetRivers'),
      ),
    ).toBe(true);
  });

  it('shows prices in the chosen odds format, in the sport’s own markets', async () => {
    const user = userEvent.setup();
    const game = await firstUpcomingGame('nhl');
    const odds = await oddsOf(game, ['moneyline']);
    renderWithApp(<GamesBrowser />, { initialState: { leagues: ['nhl'], oddsFormat: 'decimal' } });
    const markets = await openGame(user, game);
    expect(
      within(within(markets).getByRole('list', { name: 'Main lines, with their alternates' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      expect.stringMatching(/^Moneyline/),
      expect.stringMatching(/^Puck Line/),
      expect.stringMatching(/^Total Goals/),
    ]);
    await openMarket(user, markets, 'Moneyline');
    const name = expectedName(odds, 'Moneyline', game.awayTeam, SPORTSBOOKS, 'decimal');
    expect(name).toMatch(/best \d+\.\d\d at /);
    expect(await within(markets).findByRole('button', { name })).toBeInTheDocument();
  });

  it('says "Not at your books" and disables a selection none of the chosen books offers', async () => {
    const user = userEvent.setup();
    const game = await firstUpcomingGame('nba');
    const props = (await oddsOf(game, ['player_points', 'player_rebounds', 'player_assists'])).filter(
      (odd) => odd.playerId !== null,
    );
    const gap = SPORTSBOOKS.flatMap((book) => {
      const missing = props.find(
        (odd) =>
          !props.some((other) => other.sportsbook === book && other.market === odd.market && other.name === odd.name),
      );
      return missing ? [{ book, missing }] : [];
    })[0];
    if (!gap) throw new Error('every book offers every prop in this game');
    renderWithApp(<GamesBrowser />, { initialState: { leagues: ['nba'], books: [gap.book] } });
    const markets = await openGame(user, game);
    await openMarket(user, markets, gap.missing.market, 'Player props');
    const unavailable = await within(markets).findByRole('button', {
      name: `${gap.missing.name}, ${gap.missing.market}, not at your books`,
    });
    expect(unavailable).toBeDisabled();
    expect(unavailable).toHaveTextContent('Not at your books');
  });
});
