/** Upcoming games of the chosen leagues, by local day; a game opens to its markets. */
import { lazy, Suspense, useEffect, useId } from 'react';
import { useSettings } from '../../state/app-stores-context.tsx';
import { Panel } from '../../ui/panel.tsx';
import { StatusMessage } from '../../ui/status-message.tsx';

// The games list is empty until a league is chosen, so its code is not part of the first paint:
// its own chunk, fetched as soon as this panel mounts.
const loadChosenLeaguesGames = () => import('./chosen-leagues-games.tsx');
const ChosenLeaguesGames = lazy(() =>
  loadChosenLeaguesGames().then((module) => ({ default: module.ChosenLeaguesGames })),
);

export function GamesBrowser() {
  const headingId = useId();
  const leagueIds = useSettings((state) => state.leagues);
  useEffect(() => {
    void loadChosenLeaguesGames();
  }, []);
  return (
    <Panel title="Games" headingId={headingId}>
      {leagueIds.length === 0 ? (
        <StatusMessage title="No leagues chosen">
          Choose one or more leagues above to see their upcoming games.
        </StatusMessage>
      ) : (
        <Suspense fallback={<StatusMessage title="Loading games…" />}>
          <ChosenLeaguesGames leagueIds={leagueIds} />
        </Suspense>
      )}
    </Panel>
  );
}
