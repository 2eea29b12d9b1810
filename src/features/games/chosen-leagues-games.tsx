/** The chosen leagues' upcoming games by local day, with per-league loading, failure and empty states. */
import { useId, useMemo } from 'react';
import { describeApiError } from '../../api/errors.ts';
import { useSettings } from '../../state/app-stores-context.tsx';
import { Button } from '../../ui/button.tsx';
import { StatusMessage } from '../../ui/status-message.tsx';
import { GameRow } from './game-row.tsx';
import { groupGamesByDay, isUpcoming, UPCOMING_WINDOW_DAYS } from './game-schedule.ts';
import { useChosenLeagueGames, useLeagueNames, type LeagueLoadState } from './use-chosen-league-games.ts';
import { useNowEveryMinute } from './use-now.ts';

export function ChosenLeaguesGames({ leagueIds }: { leagueIds: readonly string[] }) {
  const dayIdPrefix = useId();
  const { games, leagues } = useChosenLeagueGames(leagueIds);
  const leagueToggled = useSettings((state) => state.leagueToggled);
  const leagueName = useLeagueNames(leagues);
  const now = useNowEveryMinute();
  const days = useMemo(() => groupGamesByDay(games.filter((game) => isUpcoming(game, now)), now), [games, now]);
  const loading = leagues.filter((league) => league.status === 'pending');
  const failed = leagues.filter((league) => league.status === 'error');
  const empty = leagues.filter((league) => league.status === 'success' && !league.games.some((game) => isUpcoming(game, now)));

  return (
    <div className="flex flex-col gap-3">
      {loading.length > 0 ? (
        <StatusMessage title={`Loading games for ${loading.map((league) => leagueName(league.leagueId)).join(', ')}…`} />
      ) : null}
      {failed.map((league) => (
        <LeagueFailure key={league.leagueId} league={league} name={leagueName(league.leagueId)} />
      ))}
      {empty.map((league) => (
        <StatusMessage
          key={league.leagueId}
          title={`No upcoming games in ${leagueName(league.leagueId)} in the next ${UPCOMING_WINDOW_DAYS} days`}
          action={
            <Button tone="quiet" className="min-h-10 px-0" onClick={() => leagueToggled(league.leagueId)}>
              Stop showing {leagueName(league.leagueId)}
            </Button>
          }
        >
          Books list games a few days ahead; check back later or choose another league.
        </StatusMessage>
      ))}
      {days.map((day) => (
        <section key={day.dayKey} aria-labelledby={`${dayIdPrefix}-${day.dayKey}`}>
          <h3 id={`${dayIdPrefix}-${day.dayKey}`} className="py-1 text-sm font-semibold text-muted">
            {day.heading}
          </h3>
          <ul className="flex flex-col">
            {day.games.map((game) => (
              <GameRow key={game.id} game={game} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function LeagueFailure({ league, name }: { league: LeagueLoadState; name: string }) {
  const described = describeApiError(league.error);
  return (
    <StatusMessage tone="error" title={`${name} games could not be loaded: ${described.title}`} action={<Button onClick={league.retry}>Retry</Button>}>
      {described.explanation} {described.action}
    </StatusMessage>
  );
}
