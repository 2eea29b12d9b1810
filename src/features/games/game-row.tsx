/**
 * One game in the list, as odds screens show it: both teams with the best spread, total and winner
 * price among the chosen books, each a tap to add to the slip; "All markets" opens the rest. Its
 * lines are asked for once the row is near the screen (a week of games is a long list).
 */
import { lazy, memo, Suspense, useCallback, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useOddsClient } from '../../api/odds-client-context.tsx';
import type { Fixture, FixtureWithOdds } from '../../api/types.ts';
import { gameLabel, kickoffTime } from '../../domain/display.ts';
import { leagueShortName } from '../../domain/league-names.ts';
import { gameLineMarketIds, type GameLineMarkets } from '../../domain/game-lines.ts';
import { gameStatusView } from '../../domain/game-status.ts';
import { useSettings } from '../../state/app-stores-context.tsx';
import { useWatchedGame } from '../../state/live-odds/watched-games.ts';
import { useFormatOdds, useOddsFormat } from '../../state/use-format-odds.ts';
import { OddsText } from '../../ui/odds-text.tsx';
import { Disclosure } from '../../ui/disclosure.tsx';
import { SpokenLabel } from '../../ui/spoken-label.tsx';
import { StatusMessage } from '../../ui/status-message.tsx';
import { useSeenOnScreen } from '../../ui/use-in-view.ts';
import { GameAbsences } from './game-absences.tsx';
import { buildGameLineRow, NO_LINES, type GameLineCells } from './game-line-row.ts';
import { hasKnownStart } from './game-schedule.ts';
import { openOdds } from './market-board.ts';
import { rowLinesQuery } from './row-lines-query.ts';
import type { SelectionView } from './market-board.ts';
import { selectionToggleState } from './selection-button.tsx';
import { isOnSlip, useSlipMarking, type SlipMarking } from './use-slip-marking.ts';

// A game's markets (boards, props) are not needed until a game is opened: their own chunk.
const GameMarkets = lazy(() => import('./game-markets.tsx').then((module) => ({ default: module.GameMarkets })));

// Key absences are the app's: the widget's build (import.meta.env.PB_WIDGET) leaves their code out.
const Absences = import.meta.env.PB_WIDGET !== true ? GameAbsences : () => null;

const STATUS_TONE = {
  live: 'bg-bad-soft text-bad',
  warning: 'bg-warn-soft text-warn',
  bad: 'bg-bad-soft text-bad',
} as const;
const ROW_GRID = 'grid items-center gap-1';
// The team column keeps 104 px, two lines for "Minnesota Timberwolves": in a narrow widget the price
// columns give way (68 -> 56 px) before a name wraps to a third line and a phone sees fewer games.
// A style, not a Tailwind class, as that class's CSS would go into the widget's first paint; px, not
// rem, as a style escapes shadow-css.ts and a host page's rem may be 10 px.
const ROW_COLUMNS = { gridTemplateColumns: 'minmax(104px, 1fr) repeat(3, minmax(56px, 68px))' } as const;
const WHOLE_ROW = { gridColumn: '1 / -1' } as const;

type LineKind = keyof GameLineCells;

function lineLabel(selection: SelectionView, kind: LineKind): string | null {
  if (selection.points === null || kind === 'winner') return null;
  if (kind === 'total') return `${selection.selectionLine === 'under' ? 'U' : 'O'} ${selection.points}`;
  return selection.points > 0 ? `+${selection.points}` : String(selection.points);
}

/** A price still on its way: a soft block where the button will be, unlike the dash of "no line". */
const PRICE_PLACEHOLDER = (
  <span aria-hidden="true" className="min-h-11 rounded-md border border-dashed border-line bg-page" />
);

function LinePriceButton({
  selection,
  kind,
  marking,
}: {
  selection: SelectionView | null;
  kind: LineKind;
  marking: SlipMarking;
}) {
  const formatOdds = useFormatOdds();
  const format = useOddsFormat();
  if (selection === null) {
    return (
      <span className="text-center text-muted" aria-hidden="true">
        –
      </span>
    );
  }
  const onSlip = isOnSlip(marking, selection);
  const { accessibleName, disabled, tone } = selectionToggleState(selection, onSlip, formatOdds);
  const line = lineLabel(selection, kind);
  return (
    <button
      type="button"
      aria-pressed={onSlip}
      aria-label={accessibleName}
      disabled={disabled}
      onClick={() => marking.onToggle(selection)}
      className={`flex min-h-11 flex-col items-center justify-center rounded-md border px-1 text-xs leading-tight tabular-nums disabled:cursor-not-allowed ${tone}`}
    >
      {line !== null ? <span className="text-muted">{line}</span> : null}
      {selection.best ? (
        <OddsText decimal={selection.best.decimalPrice} format={format} className="font-semibold" />
      ) : (
        <span className="font-semibold">–</span>
      )}
    </button>
  );
}

interface GameRowProps {
  game: Fixture;
  /** The sport's main markets, for the row's three columns; null while the league's sport is unknown. */
  lineMarkets: GameLineMarkets | null;
  /** Why a search by a player's name found this game: "LeBron James — Los Angeles Lakers". */
  playerNote?: string | undefined;
  /** The next rows' games, one a line (following-rows.ts): asked with this row's lines when the call has room. */
  followingRows?: string;
}

export const GameRow = memo(function GameRow({ game, lineMarkets, playerNote, followingRows = '' }: GameRowProps) {
  const client = useOddsClient();
  const rowRef = useRef<HTMLLIElement>(null);
  // A screen ahead: rows about to scroll into view have their prices by the time they arrive.
  const nearScreen = useSeenOnScreen(rowRef, '100% 0px');
  const books = useSettings((state) => state.books);
  const status = gameStatusView(game.status, game.isLive);
  const marketIds = lineMarkets ? gameLineMarketIds(lineMarkets) : [];
  const selectRow = useCallback(
    (data: FixtureWithOdds | null) =>
      lineMarkets && data ? buildGameLineRow(data.fixture, openOdds(data.odds), books, lineMarkets) : NO_LINES,
    [books, lineMarkets],
  );
  const lines = useQuery({
    ...rowLinesQuery(client, game.id, marketIds, followingRows === '' ? [] : followingRows.split('\n')),
    enabled: nearScreen && marketIds.length > 0 && status.bettable,
    select: selectRow,
  });
  // A row in view gets its lines by live stream while there is one (state/live-odds/).
  useWatchedGame(game.id, game.sportId, nearScreen && status.bettable);
  const marking = useSlipMarking(game);
  const row = lines.data ?? NO_LINES;
  // Until its lines arrive a row shows placeholders: a dash would read as "no line at any book".
  const waitingForLines = status.bettable && marketIds.length > 0 && lines.isPending;
  // A sport listed with no main markets has the columns its game's odds carry. A game whose chosen
  // books carry none of its main lines (listed or usual) says so in words, not a row of dashes.
  const columns = lineMarkets?.fromOdds ? row.markets : lineMarkets;
  const noMainLines = lines.isSuccess && !row.hasLines;
  const showsLines = status.bettable && columns !== null && !noMainLines;

  return (
    <li ref={rowRef} aria-busy={waitingForLines} className="border-b border-line py-2 last:border-b-0">
      {playerNote ? <p className="text-xs font-semibold text-accent">{playerNote}</p> : null}
      <div className={`${ROW_GRID} text-xs text-muted`} style={ROW_COLUMNS}>
        {/* Nothing here is cut short: the league goes by its short name and wraps rather than clip;
            a game with no line headings has the whole row. */}
        <span className="flex min-w-0 items-center gap-1.5" style={showsLines ? undefined : WHOLE_ROW}>
          {/* A status with something to say has a tone (domain/game-status.ts). */}
          {status.tone ? (
            // leading-none: the badge is no taller than the line's text, so a live row is no taller.
            <span
              className={`shrink-0 rounded-full px-1.5 py-0.5 leading-none font-semibold ${STATUS_TONE[status.tone]}`}
            >
              {status.label}
            </span>
          ) : null}
          <span className="min-w-0 break-words">
            <span className="whitespace-nowrap">{hasKnownStart(game) ? kickoffTime(game.startDate) : 'Time TBC'}</span>{' '}
            · <span title={game.leagueName}>{leagueShortName(game.leagueId, game.leagueName)}</span>
          </span>
        </span>
        {showsLines ? (
          <>
            <span className="text-center">{columns.spread ? 'Spread' : ''}</span>
            <span className="text-center">{columns.total ? 'Total' : ''}</span>
            <span className="text-center">{columns.winner ? 'Winner' : ''}</span>
          </>
        ) : null}
      </div>
      {(['away', 'home'] as const).map((side) => (
        <div key={side} className={`${ROW_GRID} mt-1`} style={ROW_COLUMNS}>
          <span className="min-w-0 text-sm font-medium break-words">
            {side === 'away' ? game.awayTeam : game.homeTeam}
          </span>
          {waitingForLines ? (
            <>
              {PRICE_PLACEHOLDER}
              {PRICE_PLACEHOLDER}
              {PRICE_PLACEHOLDER}
            </>
          ) : showsLines ? (
            <>
              <LinePriceButton selection={row[side].spread} kind="spread" marking={marking} />
              <LinePriceButton selection={row[side].total} kind="total" marking={marking} />
              <LinePriceButton selection={row[side].winner} kind="winner" marking={marking} />
            </>
          ) : null}
        </div>
      ))}
      {row.draw ? (
        <div className={`${ROW_GRID} mt-1`} style={ROW_COLUMNS}>
          <span className="text-sm text-muted">Draw</span>
          <span />
          <span />
          <LinePriceButton selection={row.draw} kind="winner" marking={marking} />
        </div>
      ) : null}
      <Absences game={game} />
      {noMainLines ? (
        <p className="mt-1 text-sm text-muted">
          No main lines (winner, spread, total) for this game: its markets are under All markets.
        </p>
      ) : null}
      {status.bettable ? (
        <Disclosure
          buttonClassName="mt-1 min-h-11 rounded-md px-1 text-sm font-medium text-accent underline-offset-2 hover:underline"
          label={(open) => (
            <SpokenLabel
              shown={open ? 'Fewer markets ▴' : 'All markets ▾'}
              spoken={`${open ? 'Fewer' : 'All'} markets for ${gameLabel(game)}`}
            />
          )}
        >
          <Suspense fallback={<StatusMessage title="Loading markets…" />}>
            <GameMarkets game={game} lineMarkets={lineMarkets} marking={marking} />
          </Suspense>
        </Disclosure>
      ) : (
        <p className="mt-1 text-sm text-muted">
          {game.status === 'cancelled' ? 'Cancelled: books have no markets for it.' : 'Markets are closed for now.'}
        </p>
      )}
    </li>
  );
});
