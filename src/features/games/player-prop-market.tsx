/** One player-prop market's players and their lines (the market itself opens in the game's market list). */
import type { PlayerPropMarketView } from './market-board.ts';
import { LineRow, MarketLines } from './market-lines.tsx';
import type { SlipMarking } from './use-slip-marking.ts';

/** A yes-only market (e.g. Anytime Goalscorer): one selection per player, named for the player. */
function isOneSelectionPerPlayer(market: PlayerPropMarketView): boolean {
  return market.players.every(
    (player) => player.alternates.length === 0 && player.main.length === 1 && player.main[0]?.selections.length === 1,
  );
}

export function PlayerPropMarket({ market, marking }: { market: PlayerPropMarketView; marking: SlipMarking }) {
  if (isOneSelectionPerPlayer(market)) {
    return (
      <div className="grid grid-cols-2 gap-2">
        {market.players.map((player) =>
          player.main.map((line) => <LineRow key={`${player.playerId}|${line.key}`} line={line} marking={marking} />),
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {market.players.map((player) => (
        <section key={player.playerId} aria-label={`${player.playerName}, ${market.market}`}>
          <h5 className="mb-1 text-sm font-medium break-words">{player.playerName}</h5>
          <MarketLines lines={player} subject={`${player.playerName}, ${market.market}`} marking={marking} />
        </section>
      ))}
    </div>
  );
}
