/**
 * The widget's two layouts. `full`: leagues and games beside the slip, books and grid. `grid`: the
 * slip and its price grid only (an article's preset parlay). Neither touches the host page's URL:
 * no share link, no in-page anchors.
 */
import { lazy, Suspense, useId } from 'react';
import { GamesBrowser } from '../features/games/games-browser.tsx';
import { LeaguePicker } from '../features/leagues/league-picker.tsx';
import { PriceGrid } from '../features/price-grid/price-grid.tsx';
import { OddsFormatSelect } from '../features/settings/odds-format-select.tsx';
import { SlipPanel } from '../features/slip/slip-panel.tsx';
import { useAppConfig, type LayoutMode } from '../state/app-config-context.tsx';
import { useNotices, useSlip } from '../state/app-stores-context.tsx';
import { ResponsibleGamblingFooter } from '../ui/responsible-gambling-footer.tsx';

// Shown only when an attribute or a requested league is wrong: loaded then, not in the first paint.
const ConfigProblems = lazy(() =>
  import('./config-problems.tsx').then((module) => ({ default: module.ConfigProblems })),
);
// Last in its column and an analyst's control (a reader never sees it): after the first paint.
const BookChooser = lazy(() =>
  import('../features/books/book-chooser.tsx').then((module) => ({ default: module.BookChooser })),
);
const NoticesBanner = lazy(() =>
  import('../app/notices-banner.tsx').then((module) => ({ default: module.NoticesBanner })),
);

/** Notes about dropped settings or legs: most readers never get one, so their code loads only for one. */
function Notices() {
  const count = useNotices((state) => state.notices.length);
  return count > 0 ? (
    <Suspense fallback={null}>
      <NoticesBanner />
    </Suspense>
  ) : null;
}

/** Its ids come from here, in the tree from the start: Preact gives a lazily loaded component's own ids again. */
function LazyBookChooser() {
  const idBase = useId();
  return (
    <Suspense fallback={null}>
      <BookChooser idBase={idBase} />
    </Suspense>
  );
}

const LeagueCheck = lazy(() => import('./league-check.tsx').then((module) => ({ default: module.LeagueCheck })));

interface WidgetLayoutProps {
  mode: LayoutMode;
  problems: readonly string[];
  /** The leagues the attributes asked for, checked against the service's list. */
  leagues: readonly string[] | null;
  /** The affiliate disclosure, shown beside the books it is about. */
  disclosure: string;
}

function AffiliateDisclosure({ text }: { text: string }) {
  return <p className="text-xs text-muted">{text}</p>;
}

export function WidgetLayout({ mode, problems, leagues, disclosure }: WidgetLayoutProps) {
  const { region, controls } = useAppConfig();
  const slipEmpty = useSlip((state) => state.legs.length === 0);
  return (
    <div className="flex flex-col">
      <header className="flex flex-wrap items-center justify-between gap-2 bg-header px-3 py-2 text-header-ink">
        <p className="text-base font-bold tracking-tight">Parlay Builder</p>
        <OddsFormatSelect short />
      </header>
      <div className="flex flex-col gap-3 p-3">
        <Suspense fallback={null}>
          {problems.length > 0 ? <ConfigProblems problems={problems} /> : null}
          {leagues && leagues.length > 0 ? <LeagueCheck requested={leagues} /> : null}
        </Suspense>
        <Notices />
        {mode === 'grid' ? (
          // An article's preset parlay: the prices first, the legs folded under them.
          <>
            <PriceGrid />
            <AffiliateDisclosure text={disclosure} />
            <SlipPanel compact />
          </>
        ) : (
          // Sized by the widget's own width (a container query), not the host's viewport: an article
          // column is narrow even on a wide screen.
          <div className="@container">
            <div className="grid gap-3 @4xl:grid-cols-[minmax(280px,360px)_minmax(0,1fr)] @4xl:items-start">
              <div className="flex min-w-0 flex-col gap-3">
                <LeaguePicker foldable />
                {/*
                  A week of games is long; inside someone's article it scrolls in its own box, sized so the
                  whole builder with a league chosen stays within 1,000 px at a phone's width (the day filters
                  and search on two lines, a "Live now" and a day heading, 177 px rows): two and a half games.
                */}
                <div
                  tabIndex={0}
                  role="region"
                  aria-label="Upcoming games"
                  className="relative max-h-[39rem] overflow-y-auto rounded-lg"
                >
                  <GamesBrowser />
                </div>
              </div>
              <div className="flex min-w-0 flex-col gap-3">
                {/* No books to show until a leg is chosen (the slip says how): mounted all the same, so
                    the grids' code is on its way before the first tap. */}
                <div hidden={slipEmpty} className="flex flex-col gap-3">
                  <PriceGrid />
                  <AffiliateDisclosure text={disclosure} />
                </div>
                <SlipPanel compact />
                {/* Which books to compare is an analyst's question: a reader sees the host's choice. */}
                {controls !== 'reader' ? <LazyBookChooser /> : null}
              </div>
            </div>
          </div>
        )}
      </div>
      <ResponsibleGamblingFooter region={region} compact />
    </div>
  );
}
