/**
 * The widget's two layouts. `full`: leagues and games beside the slip, books and grid. `grid`: the
 * slip and its price grid only (an article's preset parlay). Neither touches the host page's URL:
 * no share link, no in-page anchors.
 */
import { BookChooser } from '../features/books/book-chooser.tsx';
import { GamesBrowser } from '../features/games/games-browser.tsx';
import { LeaguePicker } from '../features/leagues/league-picker.tsx';
import { PriceGrid } from '../features/price-grid/price-grid.tsx';
import { OddsFormatSelect } from '../features/settings/odds-format-select.tsx';
import { SlipPanel } from '../features/slip/slip-panel.tsx';
import { useAppConfig, type LayoutMode } from '../state/app-config-context.tsx';
import { NoticesBanner } from '../app/notices-banner.tsx';
import { ResponsibleGamblingFooter } from '../ui/responsible-gambling-footer.tsx';
import { LeagueCheck } from './league-check.tsx';

/**
 * Settings the widget could not use are the site developer's business (the console says each in
 * full): a reader sees one folded line they can ignore, the details under it.
 */
function ConfigProblems({ problems }: { problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <details className="text-xs text-muted">
      <summary className="cursor-pointer">Some of this widget’s settings could not be used</summary>
      <p className="mt-1">For the site’s developer (also in the browser console); everything else works:</p>
      <ul className="list-disc pl-5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </details>
  );
}

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
  return (
    <div className="flex flex-col">
      <header className="flex flex-wrap items-center justify-between gap-2 bg-header px-3 py-2 text-header-ink">
        <p className="text-base font-bold tracking-tight">Parlay Builder</p>
        <OddsFormatSelect short />
      </header>
      <div className="flex flex-col gap-3 p-3">
        <ConfigProblems problems={problems} />
        {leagues && leagues.length > 0 ? <LeagueCheck requested={leagues} /> : null}
        <NoticesBanner />
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
                  A week of games is long; inside someone's article it scrolls in its own box, tall enough
                  for the day filters and three games (a phone’s rows are 177 px, live or not), short enough to be
                  seen whole in a laptop's or a phone's window.
                */}
                <div
                  tabIndex={0}
                  role="region"
                  aria-label="Upcoming games"
                  className="relative max-h-[46rem] overflow-y-auto rounded-lg"
                >
                  <GamesBrowser />
                </div>
              </div>
              <div className="flex min-w-0 flex-col gap-3">
                <PriceGrid />
                <AffiliateDisclosure text={disclosure} />
                <SlipPanel compact />
                {/* Which books to compare is an analyst's question: a reader sees the host's choice. */}
                {controls !== 'reader' ? <BookChooser /> : null}
              </div>
            </div>
          </div>
        )}
      </div>
      <ResponsibleGamblingFooter region={region} compact />
    </div>
  );
}
