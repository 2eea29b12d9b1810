/** One player-prop market, folded by default (it can list dozens of players), then by player. */
import { Disclosure } from '../../ui/disclosure.tsx';
import type { PlayerPropMarketView } from './market-board.ts';
import { LineRow, MarketLines, type SlipMarking } from './market-lines.tsx';

/** A yes-only market (e.g. Anytime Goalscorer): one selection per player, named for the player. */
function isOneSelectionPerPlayer(market: PlayerPropMarketView): boolean {
  return market.players.every(
    (player) => player.alternates.length === 0 && player.main.length === 1 && player.main[0]?.selections.length === 1,
  );
}

export function PlayerPropMarket({ market, marking }: { market: PlayerPropMarketView; marking: SlipMarking }) {
  const count = market.players.length;
  const onePerPlayer = isOneSelectionPerPlayer(market);
  return (
    <div className="rounded-md border border-line">
      <Disclosure
        buttonClassName="flex min-h-11 w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm font-semibold hover:bg-raised"
        panelClassName={onePerPlayer ? 'grid grid-cols-2 gap-2 border-t border-line p-3' : 'flex flex-col gap-3 border-t border-line p-3'}
        label={(open) => (
          <>
            <span className="min-w-0 break-words">{market.market}</span>{' '}
            <span className="shrink-0 text-xs font-normal text-muted">
              {count} {count === 1 ? 'player' : 'players'} <span aria-hidden="true">{open ? '▴' : '▾'}</span>
            </span>
          </>
        )}
      >
        {onePerPlayer
          ? market.players.map((player) =>
              player.main.map((line) => <LineRow key={`${player.playerId}|${line.key}`} line={line} marking={marking} />),
            )
          : market.players.map((player) => (
              <section key={player.playerId} aria-label={`${player.playerName}, ${market.market}`}>
                <h5 className="mb-1 text-sm font-medium break-words">{player.playerName}</h5>
                <MarketLines lines={player} subject={`${player.playerName}, ${market.market}`} marking={marking} />
              </section>
            ))}
      </Disclosure>
    </div>
  );
}
