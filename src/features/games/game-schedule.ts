/** Which games the browser lists (live or starting within the window) and their day groups. */
import type { Fixture } from '../../api/types.ts';
import { dayHeading, localDayKey } from '../../domain/display.ts';

export const UPCOMING_WINDOW_DAYS = 7;
const UPCOMING_WINDOW_MS = UPCOMING_WINDOW_DAYS * 86_400_000;

export function isUpcoming(game: Fixture, nowMs: number): boolean {
  return game.isLive || Date.parse(game.startDate) < nowMs + UPCOMING_WINDOW_MS;
}

export interface GameDay {
  dayKey: string;
  heading: string;
  games: Fixture[];
}

/**
 * Groups games already sorted by start: live ones first under "Live now" (one may have started
 * yesterday), then the rest by local calendar day, in order.
 */
export function groupGamesByDay(games: readonly Fixture[], nowMs: number): GameDay[] {
  const now = new Date(nowMs);
  const live = games.filter((game) => game.isLive);
  const days: GameDay[] = live.length > 0 ? [{ dayKey: 'live', heading: 'Live now', games: live }] : [];
  for (const game of games) {
    if (game.isLive) continue;
    const dayKey = localDayKey(game.startDate);
    const last = days.at(-1);
    if (last?.dayKey === dayKey) last.games.push(game);
    else days.push({ dayKey, heading: dayHeading(game.startDate, now), games: [game] });
  }
  return days;
}
