/** One sport's leagues as toggle chips, the less popular ones behind a "More" toggle. */
import { useId } from 'react';
import { Disclosure } from '../../ui/disclosure.tsx';
import type { League, Sport } from '../../api/types.ts';

const CHIP_BASE =
  'inline-flex min-h-10 max-w-full items-center gap-1 rounded-full border px-3 py-1.5 text-left text-sm font-medium';

export function LeagueToggle({
  league,
  chosen,
  onToggle,
}: {
  league: League;
  chosen: boolean;
  onToggle: (leagueId: string) => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={chosen}
      onClick={() => onToggle(league.id)}
      className={`${CHIP_BASE} ${chosen ? 'border-transparent bg-accent text-accent-ink' : 'border-line bg-surface text-ink hover:bg-raised'}`}
    >
      {chosen ? <span aria-hidden="true">✓</span> : null}
      <span className="break-words">{league.name}</span>
    </button>
  );
}

export interface SportLeagueGroupProps {
  sport: Sport;
  upFront: readonly League[];
  more: readonly League[];
  chosenIds: ReadonlySet<string>;
  onToggle: (leagueId: string) => void;
}

export function SportLeagueGroup(props: SportLeagueGroupProps) {
  const { sport, upFront, more, chosenIds, onToggle } = props;
  const labelId = useId();
  const showMoreToggle = more.length > 0 && upFront.length > 0;
  const moreLeagues = <MoreLeagues {...props} />;
  return (
    <div role="group" aria-labelledby={labelId} className="grid grid-cols-[5.5rem_minmax(0,1fr)] items-start gap-2">
      <span id={labelId} className="pt-2.5 text-xs font-semibold uppercase tracking-wide text-muted">
        {sport.name}
      </span>
      <div className="flex min-w-0 flex-wrap gap-2">
        {upFront.map((league) => (
          <LeagueToggle key={league.id} league={league} chosen={chosenIds.has(league.id)} onToggle={onToggle} />
        ))}
        {showMoreToggle ? (
          <Disclosure
            buttonClassName={`${CHIP_BASE} border-dashed border-line bg-transparent text-accent hover:bg-raised`}
            panelClassName="contents"
            label={(open) => (
              <>
                {open ? 'Fewer' : 'More'} <span className="sr-only">{sport.name} leagues</span>
                {open ? null : <span aria-hidden="true"> ({more.length})</span>}
              </>
            )}
          >
            {moreLeagues}
          </Disclosure>
        ) : (
          // A sport with nothing up front exists only to show its leagues: all of them, no toggle.
          moreLeagues
        )}
      </div>
    </div>
  );
}

/** Mounted only when shown (an open "More", or a sport with nothing up front inside "More sports"). */
function MoreLeagues({ more, chosenIds, onToggle }: SportLeagueGroupProps) {
  // Sorted on each render of the open panel (a toggle): ~0.2 ms for soccer's ~250, no memo to ship.
  return (
    <>
      {[...more]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((league) => (
          <LeagueToggle key={league.id} league={league} chosen={chosenIds.has(league.id)} onToggle={onToggle} />
        ))}
    </>
  );
}
