/** One game in the list: a disclosure that opens its markets (rendered only while open). */
import { lazy, memo, Suspense } from 'react';
import type { Fixture } from '../../api/types.ts';
import { gameLabel, kickoffTime } from '../../domain/display.ts';
import { Disclosure } from '../../ui/disclosure.tsx';
import { StatusMessage } from '../../ui/status-message.tsx';

// A game's markets (boards, props) are not needed until a game is opened: their own chunk.
const GameMarkets = lazy(() => import('./game-markets.tsx').then((module) => ({ default: module.GameMarkets })));

export const GameRow = memo(function GameRow({ game }: { game: Fixture }) {
  return (
    <li className="border-b border-line last:border-b-0">
      <Disclosure
        buttonClassName="flex min-h-12 w-full items-center gap-3 px-1 py-2 text-left hover:bg-raised"
        label={(open) => (
          <>
            <span className="flex min-w-0 flex-1 flex-col">
              <span className="break-words font-medium">{gameLabel(game)}</span>{' '}
              <span className="text-xs text-muted">
                {kickoffTime(game.startDate)} · {game.leagueName}
              </span>
            </span>{' '}
            {game.isLive ? (
              <span className="shrink-0 rounded-full bg-bad-soft px-2 py-0.5 text-xs font-semibold text-bad">Live</span>
            ) : null}
            <span aria-hidden="true" className="shrink-0 text-muted">
              {open ? '▴' : '▾'}
            </span>
          </>
        )}
      >
        <Suspense fallback={<StatusMessage title="Loading markets…" />}>
          <GameMarkets game={game} />
        </Suspense>
      </Disclosure>
    </li>
  );
});
