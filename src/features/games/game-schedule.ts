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

/** Which days the list shows; live games show in every filter but Tomorrow. */
export type DayFilter = 'today' | 'tomorrow' | 'week';

/** Lowercase, accents folded: `Atlético` is found by `atletico`. */
function searchable(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

export interface GameFilter {
  day: DayFilter;
  /** Part of a team's (or the league's) name; empty for every game. */
  search: string;
}

export function filterGames(games: readonly Fixture[], { day, search }: GameFilter, nowMs: number): Fixture[] {
  const today = localDayKey(new Date(nowMs).toISOString());
  const nextDay = new Date(nowMs);
  nextDay.setDate(nextDay.getDate() + 1);
  const tomorrow = localDayKey(nextDay.toISOString());
  const wanted = searchable(search.trim());
  return games.filter((game) => {
    if (!isUpcoming(game, nowMs)) return false;
    const gameDay = localDayKey(game.startDate);
    const onDay = day === 'week' || (day === 'today' ? game.isLive || gameDay === today : !game.isLive && gameDay === tomorrow);
    if (!onDay) return false;
    return wanted === '' || [game.homeTeam, game.awayTeam, game.leagueName].some((name) => searchable(name).includes(wanted));
  });
}
