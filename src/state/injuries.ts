/**
 * Injuries beside the legs and games they touch, from the injury report of each league on screen
 * (one cached query per league, shared by the slip, the grid and the games list). The report never
 * holds prices up: until it arrives, or if it fails (logged, not shown), a leg simply has no note.
 */
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useBetTrackingClient } from '../api/bet-tracking-context.tsx';
import { injuriesQuery } from '../api/bet-tracking/queries.ts';
import type { Injury } from '../api/bet-tracking/types.ts';
import { legPlayerName, type SlipLeg } from '../domain/slip.ts';
import { searchable } from '../domain/search-text.ts';

const NO_INJURIES: readonly Injury[] = [];
const NO_CLIENT = { fetchInjuries: async () => [] };

/**
 * The players a team will most likely be without: every Out and Doubtful player. The service gives
 * no usage or minutes figures to rank them by, so "key" is the status, not the player's role.
 */
export function isKeyAbsence(injury: Injury): boolean {
  return injury.status === 'Out' || injury.status === 'Doubtful';
}

/** A leg's injured player: the report's row with the leg's player name, on one of the leg's teams. */
function findLegInjury(injuries: readonly Injury[], leg: Pick<SlipLeg, 'market' | 'name' | 'game'>): Injury | null {
  const player = legPlayerName(leg);
  if (player === null) return null;
  const name = searchable(player);
  const teams = leg.game ? [searchable(leg.game.homeTeam), searchable(leg.game.awayTeam)] : null;
  return (
    injuries.find(
      (injury) =>
        searchable(injury.playerName) === name &&
        (teams === null || injury.teamName === null || teams.includes(searchable(injury.teamName))),
    ) ?? null
  );
}

/** The app's: the widget's build (import.meta.env.PB_WIDGET) leaves the report's code out. */
const INJURY_REPORTS = import.meta.env.PB_WIDGET !== true;

/** One league's injury report ([] until it arrives, when it fails, and where the instance has none). */
function useReportedInjuries(leagueId: string | null): readonly Injury[] {
  const client = useBetTrackingClient();
  const query = useQuery({
    // Without a client (the widget) the query is never enabled: a stand-in that answers nothing.
    ...injuriesQuery(client ?? NO_CLIENT, leagueId === null ? [] : [leagueId]),
    enabled: client !== null && leagueId !== null,
  });
  const { error } = query;
  useEffect(() => {
    if (error) console.warn(`The injury report of ${leagueId ?? '?'} could not be read:`, error);
  }, [error, leagueId]);
  return query.data ?? NO_INJURIES;
}

export const useLeagueInjuries: (leagueId: string | null) => readonly Injury[] = INJURY_REPORTS
  ? useReportedInjuries
  : () => NO_INJURIES;

/** The injury of the player a leg is on, when the report lists him. */
function useReportedLegInjury(leg: Pick<SlipLeg, 'market' | 'name' | 'game'>): Injury | null {
  const onPlayer = legPlayerName(leg) !== null;
  const injuries = useLeagueInjuries(onPlayer ? (leg.game?.leagueId ?? null) : null);
  return onPlayer ? findLegInjury(injuries, leg) : null;
}

export const useLegInjury: (leg: Pick<SlipLeg, 'market' | 'name' | 'game'>) => Injury | null = INJURY_REPORTS
  ? useReportedLegInjury
  : () => null;
