/** An opened game's markets: game lines first, then player props. Loaded only once opened. */
import { useCallback, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { describeApiError } from '../../api/errors.ts';
import { useOddsClient } from '../../api/odds-client-context.tsx';
import { fixtureOddsQuery } from '../../api/queries.ts';
import type { Fixture, FixtureWithOdds } from '../../api/types.ts';
import { gameLabel } from '../../domain/display.ts';
import { legKey, MAX_SLIP_LEGS } from '../../domain/slip.ts';
import { useNotices, useSettings, useSlip } from '../../state/app-stores-context.tsx';
import { Button } from '../../ui/button.tsx';
import { StatusMessage } from '../../ui/status-message.tsx';
import { buildMarketBoard, type MarketBoard, type SelectionView } from './market-board.ts';
import { MarketLines, type SlipMarking } from './market-lines.tsx';
import { PlayerPropMarket } from './player-prop-market.tsx';

function useSlipMarking(game: Fixture): SlipMarking {
  const legs = useSlip((state) => state.legs);
  const legToggled = useSlip((state) => state.legToggled);
  const noticeAdded = useNotices((state) => state.noticeAdded);
  const slipKeys = useMemo(() => new Set(legs.map(legKey)), [legs]);
  const onToggle = useCallback(
    (selection: SelectionView) => {
      const outcome = legToggled({
        fixtureId: game.id,
        market: selection.market,
        name: selection.name,
        game: { homeTeam: game.homeTeam, awayTeam: game.awayTeam, startDate: game.startDate, leagueId: game.leagueId },
      });
      if (outcome === 'full') {
        noticeAdded(`Your slip already has ${MAX_SLIP_LEGS} legs, the most it can hold. Remove one to add another.`, 'info');
      }
    },
    [game, legToggled, noticeAdded],
  );
  return useMemo(() => ({ fixtureId: game.id, slipKeys, onToggle }), [game.id, slipKeys, onToggle]);
}

export function GameMarkets({ game }: { game: Fixture }) {
  const client = useOddsClient();
  const books = useSettings((state) => state.books);
  // All ten books are fetched once; the board is re-derived when the chosen books change.
  const selectBoard = useCallback(
    (data: FixtureWithOdds | null): MarketBoard => buildMarketBoard(data?.fixture ?? game, data?.odds ?? [], books),
    [game, books],
  );
  const board = useQuery({ ...fixtureOddsQuery(client, game.id), select: selectBoard });
  const marking = useSlipMarking(game);

  return (
    <div role="region" aria-label={`Markets for ${gameLabel(game)}`} className="flex flex-col gap-4 px-1 pb-4 pt-2">
      <MarketsContent board={board.data} status={board.status} error={board.error} retry={() => void board.refetch()} marking={marking} booksChosen={books.length} />
    </div>
  );
}

function MarketsContent({
  board,
  status,
  error,
  retry,
  marking,
  booksChosen,
}: {
  board: MarketBoard | undefined;
  status: 'pending' | 'error' | 'success';
  error: unknown;
  retry: () => void;
  marking: SlipMarking;
  booksChosen: number;
}) {
  if (status === 'pending') return <StatusMessage title="Loading markets…" />;
  if (!board) {
    const described = describeApiError(error);
    return (
      <StatusMessage tone="error" title={`Markets could not be loaded: ${described.title}`} action={<Button onClick={retry}>Retry</Button>}>
        {described.explanation} {described.action}
      </StatusMessage>
    );
  }
  if (board.gameLines.length === 0 && board.playerProps.length === 0) {
    return (
      <StatusMessage title="No markets open for this game">
        No book is taking bets on this game right now. Books reopen markets often; check back soon.
      </StatusMessage>
    );
  }
  return (
    <>
      {status === 'error' ? (
        <StatusMessage tone="warning" title="Prices could not be refreshed">
          These are the last prices loaded and may be out of date. They will refresh again shortly.
        </StatusMessage>
      ) : null}
      {booksChosen === 0 ? (
        <StatusMessage tone="warning" title="No sportsbooks chosen">
          Choose at least one sportsbook to see best prices and add selections.
        </StatusMessage>
      ) : null}
      {board.gameLines.map((market) => (
        <section key={market.market}>
          <h4 className="mb-2 text-sm font-semibold">{market.market}</h4>
          <MarketLines lines={market} subject={market.market} marking={marking} />
        </section>
      ))}
      {board.playerProps.length > 0 ? (
        <section className="flex flex-col gap-2">
          <h4 className="text-sm font-semibold">Player props</h4>
          {board.playerProps.map((market) => (
            <PlayerPropMarket key={market.market} market={market} marking={marking} />
          ))}
        </section>
      ) : null}
    </>
  );
}
