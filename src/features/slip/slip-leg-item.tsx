import { memo, useEffect, type ComponentType } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { slipLegOddsQuery } from '../../api/queries.ts';
import { useOddsClient } from '../../api/odds-client-context.tsx';
import { gameLabel, dayHeading, kickoffTime } from '../../domain/display.ts';
import { gameStatusView, legStatusWarning, liveLegNote } from '../../domain/game-status.ts';
import { MAX_SLIP_LEGS, type LegConflict, type SlipLeg } from '../../domain/slip.ts';
import { useSlip, useSlipQuiet } from '../../state/app-stores-context.tsx';
import { useLegInjury } from '../../state/injuries.ts';
import { InjuryNote } from '../../ui/injury-note.tsx';

import { Button } from '../../ui/button.tsx';

/**
 * The leg's game as the slip's odds describe it (the same query the price grid reads): its status,
 * and for a leg restored from a link the game's details, learned and remembered.
 */
function useLegGame(leg: SlipLeg) {
  const client = useOddsClient();
  const queryClient = useQueryClient();
  const gameLearned = useSlip((state) => state.gameLearned);
  // Asked for once the slip is still, with the other legs' markets; the game row's lines meanwhile.
  const asked = useSlipQuiet();
  const query = useQuery({
    ...slipLegOddsQuery(client, queryClient, leg.fixtureId, leg.market, asked),
    select: (data) => data?.fixture ?? null,
  });
  const fixture = query.data;
  useEffect(() => {
    // gameLearned fills in only legs that lack their game: a no-op for the rest.
    if (fixture) {
      gameLearned(leg.fixtureId, {
        homeTeam: fixture.homeTeam,
        awayTeam: fixture.awayTeam,
        startDate: fixture.startDate,
        leagueId: fixture.leagueId,
      });
    }
  }, [fixture, gameLearned, leg.fixtureId]);
  return {
    isLoading: leg.game === null && query.isPending,
    notListed: query.isSuccess && fixture === null,
    status: fixture?.status ?? null,
  };
}

interface SlipLegItemProps {
  leg: SlipLeg;
  legKey: string;
  position: number;
  conflict: LegConflict | undefined;
  /** What the page offers beside each leg (its price history), under the leg's game. */
  LegActions?: ComponentType<{ leg: SlipLeg }> | undefined;
}

export const SlipLegItem = memo(function SlipLegItem({
  leg,
  legKey,
  position,
  conflict,
  LegActions,
}: SlipLegItemProps) {
  const legsRemoved = useSlip((state) => state.legsRemoved);
  const { isLoading, notListed, status } = useLegGame(leg);
  const statusWarning = status === null ? null : legStatusWarning(status);
  // The status as the odds say it, changed at once by the live stream (a game going live).
  const statusView = status === null ? null : gameStatusView(status);
  // In play, the badge says what that means for the price.
  const badge = status === null ? null : (liveLegNote(status) ?? statusView?.label ?? null);
  // A leg no book can price now (cancelled, suspended, finished, no longer listed) stands out.
  const unpriceable = notListed || (statusView !== null && !statusView.bettable);
  const injury = useLegInjury(leg);
  const flagged = conflict !== undefined || unpriceable || injury?.status === 'Out';
  const now = new Date();

  return (
    <li
      className={`flex items-start gap-3 rounded-md border px-3 py-2 ${flagged ? 'border-warn bg-warn-soft' : 'border-line bg-raised'}`}
    >
      <span
        aria-hidden="true"
        className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-header text-xs font-bold text-header-ink"
      >
        {position}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">
          {leg.name}
          {badge ? (
            <span
              className={`ml-1.5 inline-block rounded-full px-1.5 py-0.5 text-xs font-semibold ${statusView?.tone === 'warning' ? 'bg-warn-soft text-warn' : 'bg-bad-soft text-bad'}`}
            >
              {badge}
            </span>
          ) : null}
        </p>
        <InjuryNote injury={injury} withWarning />
        <p className="text-sm text-muted">
          {leg.market}
          {' · '}
          {leg.game ? (
            <>
              {gameLabel(leg.game)},{' '}
              {Number.isNaN(Date.parse(leg.game.startDate))
                ? 'start time to be confirmed'
                : `${dayHeading(leg.game.startDate, now)} ${kickoffTime(leg.game.startDate)}`}
            </>
          ) : isLoading ? (
            'Loading game…'
          ) : notListed ? (
            'This game is no longer listed (started, finished or removed).'
          ) : (
            `Game ${leg.fixtureId}`
          )}
        </p>
        {conflict ? <p className="mt-1 text-sm font-medium text-warn">⚠ {conflict.reason}</p> : null}
        {statusWarning ? (
          <p className={`mt-1 text-sm font-medium ${unpriceable ? 'text-bad' : 'text-warn'}`}>⚠ {statusWarning}</p>
        ) : null}
        {LegActions ? <LegActions leg={leg} /> : null}
      </div>
      <Button
        tone="quiet"
        className="shrink-0"
        aria-label={`Remove ${leg.name} (${leg.market}) from slip`}
        onClick={() => legsRemoved([legKey])}
      >
        Remove
      </Button>
    </li>
  );
});

/** Under the legs, when a slip has some: what keeps it from being priced, or from growing. */
export function SlipWarnings({ clashing, full }: { clashing: boolean; full: boolean }) {
  return (
    <>
      {clashing ? (
        <p role="alert" className="mt-3 rounded-md border border-warn bg-warn-soft px-3 py-2 text-sm">
          Some legs clash: no book will take both sides of a market or two lines of one market in a game. Remove one of
          each flagged pair to see prices.
        </p>
      ) : null}
      {full ? <p className="mt-3 text-sm text-warn">A slip holds at most {MAX_SLIP_LEGS} legs.</p> : null}
    </>
  );
}
