/**
 * League ids can only be checked against the service's list, which arrives after load: once the
 * list of leagues with games this week is in, ids it does not have are dropped from the chosen
 * leagues and named here (an unknown id, or a league with nothing to show this week).
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
  return (
    <StatusMessage tone="error" title="Some of this widget’s settings could not be used">
      leagues: {unknown.map((id) => `“${id}”`).join(', ')}{' '}
      {unknown.length === 1 ? 'is not a league' : 'are not leagues'} with games this week in the odds service's list;
      left out.
    </StatusMessage>
  );
}
