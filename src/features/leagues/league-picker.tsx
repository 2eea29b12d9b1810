/** Choose leagues (several at once); the choice lives in the settings store and is remembered. */
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { leagueSearchRank } from '../../domain/league-names.ts';
import { searchable } from '../../domain/search-text.ts';
import { useSettings } from '../../state/app-stores-context.tsx';
import { Button } from '../../ui/button.tsx';
import { Disclosure } from '../../ui/disclosure.tsx';
import { Panel } from '../../ui/panel.tsx';
import { SpokenLabel } from '../../ui/spoken-label.tsx';
import { StatusMessage } from '../../ui/status-message.tsx';
import { arrangeLeagues, type SportLeagues } from './arrange-leagues.ts';
import { LeagueToggle, SportLeagueGroup } from './sport-league-group.tsx';
import { useLeagueCatalog, type LeagueCatalog } from './use-league-catalog.ts';

// What went wrong, in words, is needed only when the leagues could not be loaded: its own chunk.
const LoadFailure = lazy(() => import('../../ui/load-failure.tsx').then((module) => ({ default: module.LoadFailure })));

/**
 * `foldable`: once leagues are chosen the picker folds to one line naming them, with a toggle to
 * change them, so the games and prices stay close. The first league picked folds it at once (the
 * games come into view); reopened with Change, it stays open until Done.
 */
export function LeaguePicker({ foldable = false }: { foldable?: boolean }) {
  const headingId = useId();
  const chosenLeagues = useSettings((state) => state.leagues);
  const leagueToggled = useSettings((state) => state.leagueToggled);
  const catalog = useLeagueCatalog();
  const chosenCount = chosenLeagues.length;
  const [folded, setFolded] = useState(foldable && chosenCount > 0);
  const actionsRef = useRef<HTMLDivElement>(null);
  const pickLeague = (leagueId: string) => {
    leagueToggled(leagueId);
    if (foldable && chosenCount === 0) {
      setFolded(true);
      // The chip just pressed goes: once the fold is drawn, focus moves to Change, which brings it back.
      setTimeout(() => actionsRef.current?.querySelector('button')?.focus());
    }
  };
  const chosenNames =
    catalog.status === 'success'
      ? catalog.leagues.filter((league) => chosenLeagues.includes(league.id)).map((league) => league.name)
      : chosenLeagues;

  return (
    <Panel
      title="Leagues"
      headingId={headingId}
      actions={
        chosenCount > 0 ? (
          <div ref={actionsRef} className="flex min-w-0 items-center gap-1 text-sm text-muted">
            {/* Folded, the heading line names the leagues: nothing else of the picker takes room. */}
            {folded ? (
              <span className="min-w-0 truncate font-medium text-ink">{chosenNames.join(', ')}</span>
            ) : (
              <span>{chosenCount} chosen</span>
            )}
            {foldable ? (
              <Button
                tone="quiet"
                className="min-h-10"
                aria-expanded={!folded}
                onClick={() => setFolded((isFolded) => !isFolded)}
              >
                <SpokenLabel
                  shown={folded ? 'Change' : 'Done'}
                  spoken={folded ? 'Change leagues' : 'Done choosing leagues'}
                />
              </Button>
            ) : null}
            <Button tone="quiet" className="min-h-10" onClick={() => chosenLeagues.forEach(leagueToggled)}>
              <SpokenLabel shown="Clear" spoken="Clear chosen leagues" />
            </Button>
          </div>
        ) : null
      }
    >
      {folded && chosenCount > 0 ? null : (
        <>
          {chosenCount === 0 ? (
            <p className="mb-3 text-sm font-medium text-accent">Pick one or more leagues to see their games.</p>
          ) : null}
          <LeagueCatalogView catalog={catalog} chosenLeagues={chosenLeagues} onToggle={pickLeague} />
        </>
      )}
    </Panel>
  );
}

function LeagueCatalogView({
  catalog,
  chosenLeagues,
  onToggle,
}: {
  catalog: LeagueCatalog;
  chosenLeagues: readonly string[];
  onToggle: (leagueId: string) => void;
}) {
  if (catalog.status === 'pending') {
    // About as tall as the usual list at each width (measured: 592 px on a phone, 400 px at 768 px,
    // 654 px beside the grid), so the page below does not move as it arrives (layout shift).
    return (
      <div className="min-h-[37rem] md:min-h-[25rem] lg:min-h-[40rem]">
        <StatusMessage title="Loading leagues…" />
      </div>
    );
  }
  if (catalog.status === 'error') {
    return (
      // Until the failure's words have arrived (a moment), the leagues still read as loading.
      <Suspense fallback={<StatusMessage title="Loading leagues…" />}>
        <LoadFailure error={catalog.error} retry={catalog.retry} what="Leagues" />
      </Suspense>
    );
  }
  if (catalog.sports.length === 0) {
    return (
      <StatusMessage title="No leagues with games this week">
        The odds service lists no games in the sports the parlay pricer covers right now. Try again later.
      </StatusMessage>
    );
  }
  return <LeagueGroups catalog={catalog} chosenLeagues={chosenLeagues} onToggle={onToggle} />;
}

const MAX_SEARCH_RESULTS = 24;

/** Search by the leagues' own names only, should the abbreviations' table fail to load. */
function plainSearchRank(league: { name: string; sportName: string; region: string | null }, query: string): 1 | null {
  return [league.name, league.sportName, league.region ?? ''].some((text) => searchable(text).includes(query))
    ? 1
    : null;
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
  const searchId = useId();
  const [search, setSearch] = useState('');
  // Arranged by the leagues chosen when the picker appeared, so a chip never jumps away mid-click.
  const [chosenAtStart] = useState(chosenLeagues);
  const arrangement = useMemo(() => arrangeLeagues(catalog.sports, chosenAtStart), [catalog.sports, chosenAtStart]);
  const chosenIds = useMemo(() => new Set(chosenLeagues), [chosenLeagues]);
  const wanted = searchable(search.trim());
  // The abbreviations' table loads when the search is first focused: the widget's first paint stays small.
  const [rankOf, setRankOf] = useState<typeof leagueSearchRank | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const loadNames = () => {
    if (rankOf !== null) return;
    const settle = (rank: typeof leagueSearchRank) => {
      if (mounted.current) setRankOf(() => rank);
    };
    import('../../domain/league-names.ts').then(
      (names) => settle(names.leagueSearchRank),
      () => settle(plainSearchRank),
    );
  };
  useEffect(() => {
    if (wanted !== '') loadNames();
  });
  const found = useMemo(() => {
    if (wanted === '' || rankOf === null) return [];
    // A league the query names outright ("EPL", "NBA") first, then those it is part of, each in the catalog's order.
    const ranked = catalog.leagues.flatMap((league) => {
      const rank = rankOf(league, wanted);
      return rank === null ? [] : [{ league, rank }];
    });
    return ranked.sort((a, b) => a.rank - b.rank).map(({ league }) => league);
  }, [catalog.leagues, wanted, rankOf]);

  const sportGroup = (group: SportLeagues) => (
    <SportLeagueGroup key={group.sport.id} {...group} chosenIds={chosenIds} onToggle={onToggle} />
  );

  return (
    <div className="flex flex-col gap-3">
      <div>
        <label htmlFor={searchId} className="sr-only">
          Find a league
        </label>
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onFocus={loadNames}
          placeholder={`Find a league (${catalog.leagues.length} with games)`}
          className="min-h-10 w-full rounded-md border border-line bg-surface px-3 text-sm text-ink"
        />
      </div>
      {wanted !== '' && rankOf !== null ? (
        <div role="group" aria-label="Leagues found" className="flex flex-col gap-2">
          {found.length === 0 ? (
            <p className="text-sm text-muted">No league with games this week matches “{search.trim()}”.</p>
          ) : (
            <div className="flex flex-wrap gap-2">
              {found.slice(0, MAX_SEARCH_RESULTS).map((league) => (
                <LeagueToggle key={league.id} league={league} chosen={chosenIds.has(league.id)} onToggle={onToggle} />
              ))}
            </div>
          )}
          {found.length > MAX_SEARCH_RESULTS ? (
            <p className="text-xs text-muted">
              {found.length - MAX_SEARCH_RESULTS} more: type more of the name to narrow it down.
            </p>
          ) : null}
        </div>
      ) : (
        <>
          {arrangement.featured.map(sportGroup)}
          {arrangement.otherSports.length > 0 ? (
            <div>
              <Disclosure
                buttonClassName="inline-flex min-h-10 items-center text-sm font-medium text-accent underline-offset-2 hover:underline"
                panelClassName="mt-2 flex flex-col gap-3"
                label={(open) => (open ? 'Fewer sports' : `More sports (${arrangement.otherSports.length})`)}
              >
                {arrangement.otherSports.map(sportGroup)}
              </Disclosure>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
