/**
 * League ids can only be checked against the service's list, which arrives after load: once the
 * list of leagues with games this week is in, ids it does not have are dropped from the chosen
 * leagues and named here. Most often the league simply has no games this week (between seasons), so
 * it reads as news for the reader, not as an error (a mistyped id reads the same; the host can tell).
 */
import { useEffect, useMemo } from 'react';
import { useLeagueCatalog } from '../features/leagues/use-league-catalog.ts';
import { useSettings } from '../state/app-stores-context.tsx';
import { StatusMessage } from '../ui/status-message.tsx';

export function LeagueCheck({ requested }: { requested: readonly string[] }) {
  const catalog = useLeagueCatalog();
  const chosen = useSettings((state) => state.leagues);
  const leagueToggled = useSettings((state) => state.leagueToggled);
  const unknown = useMemo(() => {
    if (catalog.status !== 'success') return [];
    const known = new Set(catalog.leagues.map((league) => league.id));
    return requested.filter((id) => !known.has(id));
  }, [catalog, requested]);

  useEffect(() => {
    for (const id of unknown) if (chosen.includes(id)) leagueToggled(id);
  }, [unknown, chosen, leagueToggled]);

  if (unknown.length === 0) return null;
  const names = unknown.map((id) => `“${id}”`).join(', ');
  return (
    <StatusMessage title={`No games this week in ${names}`}>
      The odds service lists no games {unknown.length === 1 ? 'for this league' : 'for these leagues'} in the next 7
      days. {whatNext(chosen.filter((id) => !unknown.includes(id)).length)}
    </StatusMessage>
  );
}

/** Counts only the leagues that stay: the unknown ones are still in the settings until the effect drops them. */
function whatNext(chosenCount: number): string {
  return chosenCount > 0 ? 'The other leagues’ games are below.' : 'Choose a league below to see its games.';
}
