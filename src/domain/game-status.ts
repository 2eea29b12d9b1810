/**
 * What a game's status means to a bettor. The service sends `unplayed`, `live`, `half`, `delayed`,
 * `suspended`, `cancelled` and `completed` (and may send others: treated as nothing to say).
 */

export interface GameStatusView {
  /** A word or two for a badge, or null when there is nothing to say (not started yet). */
  label: string | null;
  tone: 'live' | 'warning' | 'bad' | null;
  /** Whether bets on it can still be priced. */
  bettable: boolean;
}

const VIEWS: Readonly<Record<string, GameStatusView>> = {
  unplayed: { label: null, tone: null, bettable: true },
  live: { label: 'Live', tone: 'live', bettable: true },
  half: { label: 'Half-time', tone: 'live', bettable: true },
  delayed: { label: 'Delayed', tone: 'warning', bettable: true },
  suspended: { label: 'Suspended', tone: 'warning', bettable: false },
  cancelled: { label: 'Cancelled', tone: 'bad', bettable: false },
  completed: { label: 'Finished', tone: 'bad', bettable: false },
};

export function gameStatusView(status: string, isLive = false): GameStatusView {
  return (
    VIEWS[status.toLowerCase()] ??
    (isLive
      ? (VIEWS.live ?? { label: 'Live', tone: 'live', bettable: true })
      : { label: null, tone: null, bettable: true })
  );
}

/** Why a leg on a game in this state gets no price, for the slip; null while it can be priced. */
export function legStatusWarning(status: string): string | null {
  switch (status.toLowerCase()) {
    case 'cancelled':
      return 'This game is cancelled: no book will price this leg. Remove it to price the rest.';
    case 'suspended':
      return 'This game is suspended: books have closed its markets for now.';
    case 'completed':
      return 'This game has finished: remove this leg.';
    case 'delayed':
      return 'This game is delayed; prices may move when it starts.';
    default:
      return null;
  }
}

/**
 * What a leg on a game in play (live, half-time) says beside its price, which can move in seconds:
 * `Live: price moves fast`; null for a game not in play.
 */
export function liveLegNote(status: string, isLive = false): string | null {
  const view = gameStatusView(status, isLive);
  return view.tone === 'live' ? `${view.label ?? 'Live'}: price moves fast` : null;
}

/** Whether the game is cancelled: no book will price a leg on it, whatever its last answer said. */
export function isCancelled(status: string | undefined): boolean {
  return status?.toLowerCase() === 'cancelled';
}
