import { memo, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fixtureOddsQuery } from '../../api/queries.ts';
import { useOddsClient } from '../../api/odds-client-context.tsx';
import { gameLabel, dayHeading, kickoffTime } from '../../domain/display.ts';
import type { LegConflict, SlipLeg } from '../../domain/slip.ts';
import { useSlip } from '../../state/app-stores-context.tsx';
import { Button } from '../../ui/button.tsx';

/** Game details for a leg restored from a link: learned from the game's odds, then remembered. */
function useLearnedGame(leg: SlipLeg) {
  const client = useOddsClient();
  const gameLearned = useSlip((state) => state.gameLearned);
  const query = useQuery({
    ...fixtureOddsQuery(client, leg.fixtureId),
    enabled: leg.game === null,
    select: (data) => data?.fixture ?? null,
  });
  const fixture = query.data;
  useEffect(() => {
    if (fixture) {
      gameLearned(leg.fixtureId, {
        homeTeam: fixture.homeTeam,
        awayTeam: fixture.awayTeam,
        startDate: fixture.startDate,
        leagueId: fixture.leagueId,
      });
    }
  }, [fixture, gameLearned, leg.fixtureId]);
  return { isLoading: leg.game === null && query.isPending, notListed: leg.game === null && query.isSuccess && fixture === null };
}

export const SlipLegItem = memo(function SlipLegItem({ leg, legKey, position, conflict }: { leg: SlipLeg; legKey: string; position: number; conflict: LegConflict | undefined }) {
  const legsRemoved = useSlip((state) => state.legsRemoved);
  const { isLoading, notListed } = useLearnedGame(leg);
  const now = new Date();

  return (
    <li className={`flex items-start gap-3 rounded-md border px-3 py-2 ${conflict ? 'border-warn bg-warn-soft' : 'border-line bg-raised'}`}>
      <span aria-hidden="true" className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-header text-xs font-bold text-header-ink">
        {position}
      </span>
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">{leg.name}</p>
        <p className="text-sm text-muted">
          {leg.market}
          {' · '}
          {leg.game ? (
            <>
              {gameLabel(leg.game)}, {dayHeading(leg.game.startDate, now)} {kickoffTime(leg.game.startDate)}
            </>
          ) : isLoading ? (
            'Loading game…'
          ) : notListed ? (
            'This game is no longer listed (started, finished or removed).'
          ) : (
            `Game ${leg.fixtureId}`
          )}
        </p>
        {conflict ? (
          <p className="mt-1 text-sm font-medium text-warn">⚠ {conflict.reason}</p>
        ) : null}
      </div>
      <Button tone="quiet" className="shrink-0" aria-label={`Remove ${leg.name} (${leg.market}) from slip`} onClick={() => legsRemoved([legKey])}>
        Remove
      </Button>
    </li>
  );
});
