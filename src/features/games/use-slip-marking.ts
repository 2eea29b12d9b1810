/** Which of a game's selections are on the slip, and adding or removing one with a tap. */
import { useCallback, useMemo } from 'react';
import type { Fixture } from '../../api/types.ts';
import { legKey, MAX_SLIP_LEGS, type SlipLeg } from '../../domain/slip.ts';
import { useNotices, useSlip } from '../../state/app-stores-context.tsx';
import type { SelectionView } from './market-board.ts';

export interface SlipMarking {
  fixtureId: string;
  /** Keys (`legKey`) of this game's legs on the slip. */
  slipKeys: ReadonlySet<string>;
  onToggle: (selection: SelectionView) => void;
}

/**
 * This game's leg keys as one string (JSON, so no separator can collide with a team or market
 * name): a primitive the store compares by value, so a row re-renders only when its own legs change.
 */
function gameLegKeysJson(legs: readonly SlipLeg[], fixtureId: string): string {
  return JSON.stringify(legs.filter((leg) => leg.fixtureId === fixtureId).map(legKey));
}

export function useSlipMarking(game: Fixture): SlipMarking {
  const legKeysJson = useSlip((state) => gameLegKeysJson(state.legs, game.id));
  const legToggled = useSlip((state) => state.legToggled);
  const noticeAdded = useNotices((state) => state.noticeAdded);
  const slipKeys = useMemo(() => new Set(JSON.parse(legKeysJson) as string[]), [legKeysJson]);
  const onToggle = useCallback(
    (selection: SelectionView) => {
      const outcome = legToggled({
        fixtureId: game.id,
        market: selection.market,
        name: selection.name,
        game: { homeTeam: game.homeTeam, awayTeam: game.awayTeam, startDate: game.startDate, leagueId: game.leagueId },
        // The price the user tapped, so the grid can say how far it moved since.
        ...(selection.best ? { addedPrice: { decimal: selection.best.decimalPrice, book: selection.best.book } } : {}),
      });
      if (outcome === 'full') {
        noticeAdded(
          `Your slip already has ${MAX_SLIP_LEGS} legs, the most it can hold. Remove one to add another.`,
          'info',
        );
      }
    },
    [game, legToggled, noticeAdded],
  );
  return useMemo(() => ({ fixtureId: game.id, slipKeys, onToggle }), [game.id, slipKeys, onToggle]);
}

export function isOnSlip(marking: SlipMarking, selection: Pick<SelectionView, 'market' | 'name'>): boolean {
  return marking.slipKeys.has(legKey({ fixtureId: marking.fixtureId, market: selection.market, name: selection.name }));
}
