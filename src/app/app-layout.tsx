/** The page: browse games on one side, the slip, books and price grid on the other. */
import { LeaguePicker } from '../features/leagues/league-picker.tsx';
import { GamesBrowser } from '../features/games/games-browser.tsx';
import { SlipPanel } from '../features/slip/slip-panel.tsx';
import { LineHistoryButton } from '../features/line-history/line-history-button.tsx';
import { BookChooser } from '../features/books/book-chooser.tsx';
import { PriceGrid } from '../features/price-grid/price-grid.tsx';
import { OddsFormatSelect } from '../features/settings/odds-format-select.tsx';
import { ShareControls } from '../features/settings/share-controls.tsx';
import { NoticesBanner } from './notices-banner.tsx';
import { ResponsibleGamblingFooter } from '../ui/responsible-gambling-footer.tsx';
import { SlipJumpBar } from './slip-jump-bar.tsx';
import { RegionSelect } from '../features/settings/region-select.tsx';
import { AppConfigProvider, useAppConfig } from '../state/app-config-context.tsx';
import { useSettings } from '../state/app-stores-context.tsx';
import { useMemo } from 'react';
import { BetLogRoot, BetLogView, useBetLogShown } from './bet-log-view.tsx';
import { BET_LOG_HASH } from './bet-log-hash.ts';

/** On the page the region is the bettor's own choice (a setting), not the embedder's (a widget's attribute). */
export function AppLayout({ builderWanted }: { builderWanted: boolean }) {
  const region = useSettings((state) => state.region);
  const config = useAppConfig();
  const regional = useMemo(() => ({ ...config, region }), [config, region]);
  return (
    <AppConfigProvider config={regional}>
      <PageLayout builderWanted={builderWanted} />
    </AppConfigProvider>
  );
}

/** `builderWanted`: the builder has been shown in this visit (AppPage decides: it also starts live odds then). */
function PageLayout({ builderWanted }: { builderWanted: boolean }) {
  const { region } = useAppConfig();
  const betLogShown = useBetLogShown();
  return (
    <BetLogRoot>
      {/* The log's hash names this wrapper, so a visit that opens at the log is told by CSS alone (index.css). */}
      <div id={BET_LOG_HASH.slice(1)} className="flex min-h-screen flex-col">
        <a
          href="#price-grid"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
        >
          Skip to prices
        </a>
        <header className="bg-header text-header-ink">
          <div className="mx-auto flex max-w-[1600px] flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2">
            <div className="flex items-baseline gap-3">
              <h1 className="text-lg font-bold tracking-tight">Parlay Builder</h1>
              <p className="hidden text-xs opacity-80 sm:block">One parlay, ten sportsbooks, side by side.</p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <RegionSelect />
              <OddsFormatSelect />
              <ShareControls />
              <a
                href={betLogShown ? '#' : BET_LOG_HASH}
                aria-current={betLogShown ? 'page' : undefined}
                className="inline-flex min-h-11 items-center rounded-md px-2 text-sm font-medium underline underline-offset-2"
              >
                {betLogShown ? 'Back to the builder' : 'Bet log'}
              </a>
            </div>
          </div>
        </header>
        <main className="mx-auto w-full max-w-[1600px] flex-1 px-3 py-3 sm:px-4">
          <NoticesBanner />
          {betLogShown ? (
            <BetLogView />
          ) : (
            <p data-view="log-opening" className="text-sm text-muted">
              Opening your bet log…
            </p>
          )}
          {builderWanted ? (
            <div
              data-view="builder"
              hidden={betLogShown}
              className="grid gap-3 lg:grid-cols-[minmax(300px,340px)_minmax(0,1fr)] lg:items-start"
            >
              <div className="flex min-w-0 flex-col gap-3">
                <LeaguePicker foldable />
                <GamesBrowser />
              </div>
              {/* On wide screens the prices sit beside the games, in view while the games scroll: the grid first. */}
              <div className="flex min-w-0 flex-col gap-3 lg:sticky lg:top-3 lg:max-h-[calc(100vh-1.5rem)] lg:overflow-y-auto lg:pb-1">
                <PriceGrid />
                <div className="grid gap-3 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] xl:items-start">
                  <SlipPanel
                    LegActions={LineHistoryButton}
                    emptyHint="Your slip is empty. Pick a league, open a game and tap a price to add it as a leg."
                  />
                  <BookChooser />
                </div>
              </div>
            </div>
          ) : null}
        </main>
        {/* Its "See prices" leads to the builder, which the log's view hides. */}
        {betLogShown ? null : <SlipJumpBar />}
        <ResponsibleGamblingFooter region={region} />
      </div>
    </BetLogRoot>
  );
}
