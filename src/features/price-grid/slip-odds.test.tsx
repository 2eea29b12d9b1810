import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQueries } from '@tanstack/react-query';
import { beforeAll, describe, expect, it } from 'vitest';
import { useOddsClient } from '../../api/odds-client-context.tsx';
import { gameLinesQuery } from '../../api/queries.ts';
import { formatOdds } from '../../domain/odds/odds.ts';
import { toParlayEntries, type SlipLeg } from '../../domain/slip.ts';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import { useSlip } from '../../state/app-stores-context.tsx';
import { renderWithApp } from '../../test/render-with-app.tsx';
import { SlipPanel } from '../slip/slip-panel.tsx';
import { PriceGrid } from './price-grid.tsx';
import { gridCell, loadSandboxGames, sandboxOddsClient, threeGameSlip } from '../../test/price-grid.tsx';

const BOOKS: Sportsbook[] = ['BetMGM', 'DraftKings', 'Fanatics', 'Novig'];
let slip: SlipLeg[];

beforeAll(async () => {
  // The grid's and the slip rows' lazy chunks loaded beforehand, so the taps below come in quick succession.
  await Promise.all([import('./grids.ts'), import('../slip/slip-leg-item.tsx')]);
  slip = threeGameSlip(await loadSandboxGames(3));
});

/** Taps the slip's legs in, one button each, as a game row's prices do. */
function LegButtons({ legs }: { legs: readonly SlipLeg[] }) {
  const legToggled = useSlip((state) => state.legToggled);
  return (
    <>
      {legs.map((leg) => (
        <button key={leg.name} type="button" onClick={() => legToggled(leg)}>
          Add {leg.name}
        </button>
      ))}
    </>
  );
}

/** The games list's rows for the slip's games, their main lines loaded (as on screen before a tap). */
function GameRows({ legs }: { legs: readonly SlipLeg[] }) {
  const client = useOddsClient();
  const rows = useQueries({
    queries: [...new Set(legs.map((leg) => leg.fixtureId))].map((fixtureId) =>
      gameLinesQuery(client, fixtureId, ['moneyline', 'point_spread', 'total_points']),
    ),
  });
  return rows.every((row) => row.data) ? <p>Game rows loaded</p> : null;
}

/** The /fixtures/odds calls the app stood by (StrictMode's cancelled first-mount asks left out). */
function recordOddsCalls() {
  const recorded: { signal: AbortSignal; url: URL }[] = [];
  return {
    onRequest(request: Request) {
      if (request.url.includes('/fixtures/odds')) recorded.push({ signal: request.signal, url: new URL(request.url) });
    },
    /** Markets asked for (the game rows' main lines left out). */
    standing: () =>
      recorded
        .filter((call) => !call.signal.aborted && call.url.searchParams.get('is_main') !== 'true')
        .map((call) => call.url.searchParams),
  };
}

describe("the slip's odds while legs are tapped from game rows in quick succession", () => {
  it('asks for the final slip’s markets together, one call per market and five books, then shows the prices', async () => {
    const user = userEvent.setup();
    const calls = recordOddsCalls();
    renderWithApp(
      <>
        <GameRows legs={slip} />
        <LegButtons legs={slip} />
        <SlipPanel />
        <PriceGrid />
      </>,
      // A quiet time no busy machine outlasts between the taps and the check below.
      { initialState: { books: BOOKS }, onRequest: calls.onRequest, slipQuietMs: 2_000 },
    );
    await screen.findByText('Game rows loaded');
    for (const leg of slip) await user.click(screen.getByRole('button', { name: `Add ${leg.name}` }));
    // The slip and the grid list the legs at once (the rows' lines standing in); their markets are not asked for yet.
    for (const leg of slip) await screen.findByRole('rowheader', { name: new RegExp(`^${leg.name}`) });
    expect(screen.getByRole('list', { name: 'Legs on your slip' }).children).toHaveLength(slip.length);
    expect(calls.standing()).toEqual([]);

    const [quote] = await sandboxOddsClient().priceParlay({
      entries: toParlayEntries(slip),
      sportsbooks: ['DraftKings'],
    });
    if (quote?.status !== 'priced') throw new Error('DraftKings did not price the slip');
    await waitFor(
      () => expect(gridCell('Parlay', 'DraftKings')).toHaveTextContent(formatOdds(quote.decimalPrice, 'american')),
      {
        timeout: 8_000,
      },
    );

    // Two moneylines (two games) and a total: each market in one ask carrying all its games, at
    // all ten books, five a call; no leg's market asked for on its own as it was tapped.
    const byMarket = new Map<string, string[][]>();
    for (const params of calls.standing()) {
      const market = params.getAll('market').join(',');
      byMarket.set(market, [...(byMarket.get(market) ?? []), params.getAll('fixture_id').sort()]);
    }
    const gamesOf = (market: string) =>
      slip
        .filter((leg) => leg.market === market)
        .map((leg) => leg.fixtureId)
        .sort();
    expect(byMarket).toEqual(
      new Map([
        ['moneyline', [gamesOf('Moneyline'), gamesOf('Moneyline')]],
        ['total_points', [gamesOf('Total Points'), gamesOf('Total Points')]],
      ]),
    );
  });
});
