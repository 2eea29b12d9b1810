/** Choose leagues (several at once); the choice lives in the settings store and is remembered. */
import { useId, useMemo, useState } from 'react';
import { describeApiError } from '../../api/errors.ts';
import { useSettings } from '../../state/app-stores-context.tsx';
import { Button } from '../../ui/button.tsx';
import { Disclosure } from '../../ui/disclosure.tsx';
import { Panel } from '../../ui/panel.tsx';
import { StatusMessage } from '../../ui/status-message.tsx';
import { arrangeLeagues } from './arrange-leagues.ts';
import { SportLeagueGroup } from './sport-league-group.tsx';
import { useLeagueCatalog, type LeagueCatalog } from './use-league-catalog.ts';

export function LeaguePicker() {
  const headingId = useId();
  const chosenLeagues = useSettings((state) => state.leagues);
  const leagueToggled = useSettings((state) => state.leagueToggled);
  const catalog = useLeagueCatalog();
  const chosenCount = chosenLeagues.length;

  return (
    <Panel
      title="Leagues"
      headingId={headingId}
      actions={
        chosenCount > 0 ? (
          <div className="flex items-center gap-1 text-sm text-muted">
            <span>{chosenCount} chosen</span>
            <Button tone="quiet" className="min-h-10" onClick={() => chosenLeagues.forEach(leagueToggled)}>
              Clear{' '}<span className="sr-only">chosen leagues</span>
            </Button>
          </div>
        ) : null
      }
    >
      {chosenCount === 0 ? (
        <p className="mb-3 text-sm font-medium text-accent">Pick one or more leagues to see their games.</p>
      ) : null}
      <LeagueCatalogView catalog={catalog} chosenLeagues={chosenLeagues} onToggle={leagueToggled} />
    </Panel>
  );
}

function LeagueCatalogView({ catalog, chosenLeagues, onToggle }: { catalog: LeagueCatalog; chosenLeagues: readonly string[]; onToggle: (leagueId: string) => void }) {
  if (catalog.status === 'pending' || (catalog.status === 'success' && catalog.loadingMore)) {
    // The sports' leagues arrive one request each; shown together, in a box as tall as the usual
    // list (five sports, soccer's two leagues on two lines in a phone-wide column), so they do not
    // push the page down as each arrives (layout shift: Lighthouse CLS up to 0.16 before; bench/).
    return (
      <div className="min-h-74">
        <StatusMessage title="Loading leagues…" />
      </div>
    );
  }
  if (catalog.status === 'error') {
    const described = describeApiError(catalog.error);
    return (
      <StatusMessage tone="error" title={`Leagues could not be loaded: ${described.title}`} action={<Button onClick={catalog.retry}>Retry</Button>}>
        {described.explanation} {described.action}
      </StatusMessage>
    );
  }
  if (catalog.sports.length === 0 && !catalog.loadingMore && catalog.failedSports.length === 0) {
    return (
      <StatusMessage title="No leagues available">
        The odds service lists no leagues right now. Try again later.
      </StatusMessage>
    );
  }
  return <LeagueGroups catalog={catalog} chosenLeagues={chosenLeagues} onToggle={onToggle} />;
}

function LeagueGroups({
  catalog,
  chosenLeagues,
  onToggle,
}: {
  catalog: Extract<LeagueCatalog, { status: 'success' }>;
  chosenLeagues: readonly string[];
  onToggle: (leagueId: string) => void;
}) {
  // Arranged by the leagues chosen when the picker appeared, so a chip never jumps away mid-click.
  const [chosenAtStart] = useState(chosenLeagues);
  const arrangement = useMemo(() => arrangeLeagues(catalog.sports, chosenAtStart), [catalog.sports, chosenAtStart]);
  const chosenIds = useMemo(() => new Set(chosenLeagues), [chosenLeagues]);
  const failedNames = catalog.failedSports.map((sport) => sport.name).join(', ');

  return (
    <div className="flex flex-col gap-3">
      {arrangement.featured.map(({ sport, upFront, more }) => (
        <SportLeagueGroup key={sport.id} sport={sport} upFront={upFront} more={more} chosenIds={chosenIds} onToggle={onToggle} />
      ))}
      {arrangement.otherSports.length > 0 ? (
        <div>
          <Disclosure
            buttonClassName="inline-flex min-h-10 items-center text-sm font-medium text-accent underline-offset-2 hover:underline"
            panelClassName="mt-2 flex flex-col gap-3"
            label={(open) => (open ? 'Fewer sports' : `More sports (${arrangement.otherSports.length})`)}
          >
            {arrangement.otherSports.map(({ sport, upFront, more }) => (
              <SportLeagueGroup key={sport.id} sport={sport} upFront={upFront} more={more} chosenIds={chosenIds} onToggle={onToggle} />
            ))}
          </Disclosure>
        </div>
      ) : null}
      {catalog.failedSports.length > 0 ? (
        <StatusMessage
          tone="error"
          title={`Some leagues could not be loaded: ${describeApiError(catalog.firstError).title}`}
          action={<Button onClick={catalog.retryFailed}>Retry</Button>}
        >
          Leagues for {failedNames} are missing from this list. {describeApiError(catalog.firstError).action}
        </StatusMessage>
      ) : null}
    </div>
  );
}
