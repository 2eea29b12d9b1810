/** Which games the browser lists (live or starting within the window) and their day groups. */
import type { Fixture } from '../../api/types.ts';
import { dayHeading, localDayKey } from '../../domain/display.ts';
import { searchable } from '../../domain/search-text.ts';

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

/** A game with its names folded for search, worked out once per games list, not per keystroke. */
export interface SearchableGame {
  game: Fixture;
  /** Home team, away team and league, lowercase with accents folded. */
  foldedNames: readonly string[];
}

export function toSearchableGames(games: readonly Fixture[]): SearchableGame[] {
  return games.map((game) => ({ game, foldedNames: [game.homeTeam, game.awayTeam, game.leagueName].map(searchable) }));
}

export interface ScheduledGames {
  /** Whether any game is upcoming at all, whatever the search. */
  anyUpcoming: boolean;
  /** The upcoming games matching the search that each day filter shows, in the given order. */
  byDay: Record<DayFilter, Fixture[]>;
}

/**
 * Sorts games into the day filters in one pass, so the filters' counts and the shown list come
 * from the same work. `search` is part of a team's (or the league's) name; empty for every game.
 */
export function scheduleGames(games: readonly SearchableGame[], search: string, nowMs: number): ScheduledGames {
  const today = localDayKey(new Date(nowMs).toISOString());
  const nextDay = new Date(nowMs);
  nextDay.setDate(nextDay.getDate() + 1);
  const tomorrow = localDayKey(nextDay.toISOString());
  const wanted = searchable(search.trim());
  const byDay: Record<DayFilter, Fixture[]> = { today: [], tomorrow: [], week: [] };
  let anyUpcoming = false;
  for (const { game, foldedNames } of games) {
    if (!isUpcoming(game, nowMs)) continue;
    anyUpcoming = true;
    if (wanted !== '' && !foldedNames.some((name) => name.includes(wanted))) continue;
    byDay.week.push(game);
    // Live games count as today's (one may have started yesterday), never as tomorrow's.
    const gameDay = localDayKey(game.startDate);
    if (game.isLive || gameDay === today) byDay.today.push(game);
    else if (gameDay === tomorrow) byDay.tomorrow.push(game);
  }
  return { anyUpcoming, byDay };
}
