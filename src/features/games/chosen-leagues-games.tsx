/**
 * The chosen leagues' upcoming games: Live first, then by local day, narrowed by day (Today,
 * Tomorrow, This week) and by team; with per-league loading, failure and empty states.
 */
import { useId, useMemo, useState } from 'react';
import { useQueries, type UseQueryResult } from '@tanstack/react-query';
import { useOddsClient } from '../../api/odds-client-context.tsx';
import type { SearchablePlayer } from '../../domain/player-search.ts';
import { useSettings } from '../../state/app-stores-context.tsx';
import { Button } from '../../ui/button.tsx';
import { LoadFailure } from '../../ui/load-failure.tsx';
import { useNowEveryMinute } from '../../ui/minute-clock.tsx';
import { StatusMessage } from '../../ui/status-message.tsx';
import { followingRowsOf } from './following-rows.ts';
import { GameRow } from './game-row.tsx';
import {
  groupGamesByDay,
  isUpcoming,
  scheduleGames,
  toSearchableGames,
  UPCOMING_WINDOW_DAYS,
  type DayFilter,
} from './game-schedule.ts';
import { leaguePlayersQuery } from './queries.ts';
import { useChosenLeagueGames, useLeagueDirectory } from './use-chosen-league-games.ts';

const DAY_FILTERS: readonly { value: DayFilter; label: string }[] = [
  { value: 'today', label: 'Today' },
  { value: 'tomorrow', label: 'Tomorrow' },
  { value: 'week', label: 'This week' },
];

function GameFilters({
  day,
  onDay,
  search,
  onSearch,
  counts,
}: {
  day: DayFilter;
  onDay: (day: DayFilter) => void;
  search: string;
  onSearch: (text: string) => void;
  counts: Record<DayFilter, number>;
}) {
  const searchId = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <div role="group" aria-label="Show games" className="flex rounded-md border border-line">
        {DAY_FILTERS.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={day === value}
            onClick={() => onDay(value)}
            className={`min-h-11 px-2.5 text-sm first:rounded-l-md last:rounded-r-md ${day === value ? 'bg-accent font-semibold text-accent-ink' : 'bg-surface text-ink hover:bg-raised'}`}
          >
            {label} <span className={day === value ? '' : 'text-muted'}>({counts[value]})</span>
          </button>
        ))}
      </div>
      <label htmlFor={searchId} className="sr-only">
        Find a team
      </label>
      <input
        id={searchId}
        type="search"
        value={search}
        onChange={(event) => onSearch(event.target.value)}
        placeholder="Find a team"
        className="min-h-11 min-w-0 flex-1 basis-32 rounded-md border border-line bg-surface px-2 text-sm text-ink"
      />
    </div>
  );
}

/** Typed letters before the players are asked for: fewer name too many to mean one. */
const PLAYER_SEARCH_LETTERS = 3;

interface SearchedPlayers {
  players: readonly SearchablePlayer[];
  /** Some league's players are still on their way. */
  pending: boolean;
}

// Module-level, so useQueries keeps the combined result between renders while the answers stand.
function combinePlayers(results: UseQueryResult<SearchablePlayer[]>[]): SearchedPlayers {
  return {
    players: results.flatMap((result) => result.data ?? []),
    pending: results.some((result) => result.fetchStatus === 'fetching' && result.data === undefined),
  };
}

/**
 * The chosen leagues' players, asked for only once the bettor types a name (lazy: most never
 * search). A league whose players fail to load is left out: its teams are still found.
 */
function useSearchedPlayers(leagueIds: readonly string[], search: string): SearchedPlayers {
  const client = useOddsClient();
  const searching = search.replace(/\s/g, '').length >= PLAYER_SEARCH_LETTERS;
  return useQueries({
    queries: leagueIds.map((leagueId) => ({ ...leaguePlayersQuery(client, leagueId), enabled: searching })),
    combine: combinePlayers,
  });
}

export function ChosenLeaguesGames({ leagueIds }: { leagueIds: readonly string[] }) {
  const dayIdPrefix = useId();
  const { games, leagues } = useChosenLeagueGames(leagueIds);
  const leagueToggled = useSettings((state) => state.leagueToggled);
  const directory = useLeagueDirectory(leagues);
  const now = useNowEveryMinute();
  const [day, setDay] = useState<DayFilter>('week');
  const [search, setSearch] = useState('');
  const searchableGames = useMemo(() => toSearchableGames(games), [games]);
  const searched = useSearchedPlayers(leagueIds, search);
  const scheduled = useMemo(
    () => scheduleGames(searchableGames, search, now, searched.players),
    [searchableGames, search, now, searched.players],
  );
  const counts: Record<DayFilter, number> = {
    today: scheduled.byDay.today.length,
    tomorrow: scheduled.byDay.tomorrow.length,
    week: scheduled.byDay.week.length,
  };
  const days = useMemo(() => groupGamesByDay(scheduled.byDay[day], now), [scheduled, day, now]);
  const followingRows = useMemo(
    () =>
      followingRowsOf(
        days.flatMap((gameDay) => gameDay.games),
        directory.lineMarketsOf,
      ),
    [days, directory],
  );
  const loading = leagues.filter((league) => league.status === 'pending');
  const failed = leagues.filter((league) => league.status === 'error');
  const empty = useMemo(
    () =>
      leagues.filter((league) => league.status === 'success' && !league.games.some((game) => isUpcoming(game, now))),
    [leagues, now],
  );
  const anyGames = scheduled.anyUpcoming;

  return (
    <div className="flex flex-col gap-3">
      {anyGames ? <GameFilters day={day} onDay={setDay} search={search} onSearch={setSearch} counts={counts} /> : null}
      {loading.length > 0 ? (
        <StatusMessage
          title={`Loading games for ${loading.map((league) => directory.nameOf(league.leagueId)).join(', ')}…`}
        />
      ) : null}
      {failed.map((league) => (
        <LoadFailure
          key={league.leagueId}
          error={league.error}
          retry={league.retry}
          what={`${directory.nameOf(league.leagueId)} games`}
        />
      ))}
      {empty.map((league) => (
        <StatusMessage
          key={league.leagueId}
          title={`No upcoming games in ${directory.nameOf(league.leagueId)} in the next ${UPCOMING_WINDOW_DAYS} days`}
          action={
            <Button tone="quiet" className="min-h-10 px-0" onClick={() => leagueToggled(league.leagueId)}>
              Stop showing {directory.nameOf(league.leagueId)}
            </Button>
          }
        >
          Books list games a few days ahead; check back later or choose another league.
        </StatusMessage>
      ))}
      {anyGames && days.length === 0 && searched.pending ? (
        <StatusMessage title={`Looking for players named “${search.trim()}”…`} />
      ) : anyGames && days.length === 0 ? (
        <StatusMessage
          title={
            search.trim() !== ''
              ? `No game with “${search.trim()}”`
              : `No games ${day === 'today' ? 'today' : 'tomorrow'}`
          }
        >
          {search.trim() !== ''
            ? 'Check the spelling, or clear the search to see every game.'
            : 'Choose This week to see the games of the coming days.'}
        </StatusMessage>
      ) : null}
      {days.map((gameDay) => (
        <section key={gameDay.dayKey} aria-labelledby={`${dayIdPrefix}-${gameDay.dayKey}`}>
          <h3 id={`${dayIdPrefix}-${gameDay.dayKey}`} className="py-1 text-sm font-semibold text-muted">
            {gameDay.heading}
          </h3>
          <ul className="flex flex-col">
            {gameDay.games.map((game) => (
              <GameRow
                key={game.id}
                game={game}
                lineMarkets={directory.lineMarketsOf(game)}
                playerNote={scheduled.playerNotes.get(game.id)}
                followingRows={followingRows.get(game.id) ?? ''}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
