/**
 * An opened game: its main lines (the row's, with their alternates a tap away), then every other
 * market it has, grouped; a market's odds are asked for only when it is opened (a game's every
 * market at ten books is megabytes). Loaded as its own chunk once a game is opened.
 */
import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useOddsClient } from '../../api/odds-client-context.tsx';
import { gameMarketsQuery, marketOddsQuery } from '../../api/queries.ts';
import type { Fixture, FixtureWithOdds } from '../../api/types.ts';
import { gameLabel } from '../../domain/display.ts';
import type { GameLineMarkets } from '../../domain/game-lines.ts';
import { useSettings } from '../../state/app-stores-context.tsx';
import { useWatchedGame } from '../../state/live-odds/watched-games.ts';
import { Disclosure } from '../../ui/disclosure.tsx';
import { LoadFailure } from '../../ui/load-failure.tsx';
import { StatusMessage } from '../../ui/status-message.tsx';
import { groupMarkets } from './market-groups.ts';
import { buildMarketBoard, openOdds, type MarketBoard } from './market-board.ts';
import { MarketLines } from './market-lines.tsx';
import { PlayerPropMarket } from './player-prop-market.tsx';
import type { SlipMarking } from './use-slip-marking.ts';

/** One market's lines at the chosen books, asked for when it is opened. */
function MarketPanel({
  game,
  marketId,
  marketName,
  marking,
}: {
  game: Fixture;
  marketId: string;
  marketName: string;
  marking: SlipMarking;
}) {
  const client = useOddsClient();
  const books = useSettings((state) => state.books);
  const selectBoard = useCallback(
    (data: FixtureWithOdds | null): MarketBoard =>
      buildMarketBoard(data?.fixture ?? game, openOdds(data?.odds ?? []), books),
    [game, books],
  );
  const board = useQuery({ ...marketOddsQuery(client, game.id, marketId), select: selectBoard });
  if (board.isPending) return <StatusMessage title={`Loading ${marketName}…`} />;
  if (!board.data) return <LoadFailure error={board.error} retry={() => void board.refetch()} what={marketName} />;
  const { gameLines, playerProps } = board.data;
  if (gameLines.length === 0 && playerProps.length === 0) {
    return <p className="text-sm text-muted">No book lists {marketName} for this game right now.</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      {gameLines.map((market) => (
        <MarketLines key={market.marketId} lines={market} subject={market.market} marking={marking} />
      ))}
      {playerProps.map((market) => (
        <PlayerPropMarket key={market.market} market={market} marking={marking} />
      ))}
    </div>
  );
}

const MARKET_BUTTON =
  'flex min-h-10 w-full items-center justify-between gap-2 rounded-md px-2 py-1.5 text-left text-sm font-medium hover:bg-raised';

function MarketItem({
  game,
  marketId,
  marketName,
  marking,
}: {
  game: Fixture;
  marketId: string;
  marketName: string;
  marking: SlipMarking;
}) {
  return (
    <li className="border-t border-line first:border-t-0">
      <Disclosure
        buttonClassName={MARKET_BUTTON}
        panelClassName="px-2 pb-3"
        label={(open) => (
          <>
            <span className="min-w-0 break-words">{marketName}</span>{' '}
            <span aria-hidden="true" className="text-muted">
              {open ? '▴' : '▾'}
            </span>
          </>
        )}
      >
        <MarketPanel game={game} marketId={marketId} marketName={marketName} marking={marking} />
      </Disclosure>
    </li>
  );
}

/** `marking` is the game row's own, so the slip is watched once per game, not again here. */
export function GameMarkets({
  game,
  lineMarkets,
  marking,
}: {
  game: Fixture;
  lineMarkets: GameLineMarkets | null;
  marking: SlipMarking;
}) {
  const client = useOddsClient();
  // An opened game's markets come by live stream while there is one (state/live-odds/).
  useWatchedGame(game.id, game.sportId, true);
  const markets = useQuery(gameMarketsQuery(client, game.id));
  const mainMarkets = useMemo(
    () =>
      lineMarkets
        ? [lineMarkets.winner, lineMarkets.spread, lineMarkets.total].filter((market) => market !== null)
        : [],
    [lineMarkets],
  );
  // The main lines shown above are left out of the groups below; every other market is in one.
  const groups = useMemo(
    () => groupMarkets(markets.data ?? [], new Set(mainMarkets.map((market) => market.id))),
    [markets.data, mainMarkets],
  );

  return (
    <div role="region" aria-label={`Markets for ${gameLabel(game)}`} className="flex flex-col gap-2 pb-2 pt-1">
      {mainMarkets.length > 0 ? (
        <ul aria-label="Main lines, with their alternates" className="rounded-md border border-line">
          {mainMarkets.map((market) => (
            <MarketItem key={market.id} game={game} marketId={market.id} marketName={market.name} marking={marking} />
          ))}
        </ul>
      ) : null}
      {markets.isPending ? <StatusMessage title="Loading markets…" /> : null}
      {markets.isError && !markets.data ? (
        <LoadFailure error={markets.error} retry={() => void markets.refetch()} what="Markets" />
      ) : null}
      {markets.data && groups.length === 0 && mainMarkets.length === 0 ? (
        <StatusMessage title="No markets open for this game">
          No book is taking bets on this game right now. Books reopen markets often; check back soon.
        </StatusMessage>
      ) : null}
      {groups.map((group) => (
        <div key={group.title} className="rounded-md border border-line">
          <Disclosure
            buttonClassName={`${MARKET_BUTTON} font-semibold`}
            label={(open) => (
              <>
                <span>{group.title}</span>{' '}
                <span className="text-xs font-normal text-muted">
                  {group.markets.length} {group.markets.length === 1 ? 'market' : 'markets'}{' '}
                  <span aria-hidden="true">{open ? '▴' : '▾'}</span>
                </span>
              </>
            )}
          >
            <ul aria-label={group.title} className="border-t border-line">
              {group.markets.map((market) => (
                <MarketItem
                  key={market.id}
                  game={game}
                  marketId={market.id}
                  marketName={market.name}
                  marking={marking}
                />
              ))}
            </ul>
          </Disclosure>
        </div>
      ))}
    </div>
  );
}
