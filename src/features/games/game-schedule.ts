/** Which games the browser lists (live or starting within the window) and their day groups. */
import type { Fixture } from '../../api/types.ts';
import { dayHeading, localDayKey } from '../../domain/display.ts';
import { isCancelled } from '../../domain/game-status.ts';
import { playerMatchNote, playersMatching, type GameSide, type SearchablePlayer } from '../../domain/player-search.ts';
import { matchesSearch, searchEntry, searchQuery, type SearchEntry } from '../../domain/team-search.ts';

export const UPCOMING_WINDOW_DAYS = 7;
const UPCOMING_WINDOW_MS = UPCOMING_WINDOW_DAYS * 86_400_000;

/** Whether the service said (readably) when a game starts; one it lists without is still shown. */
export function hasKnownStart(game: Pick<Fixture, 'startDate'>): boolean {
  return Number.isFinite(Date.parse(game.startDate));
}

export function isUpcoming(game: Fixture, nowMs: number): boolean {
  return game.isLive || !hasKnownStart(game) || Date.parse(game.startDate) < nowMs + UPCOMING_WINDOW_MS;
}

export interface GameDay {
  dayKey: string;
  heading: string;
  games: Fixture[];
}

/**
 * Groups games already sorted by start: live ones first under "Live now" (one may have started
 * yesterday), then the rest by local calendar day, in order, then those with no start time yet, and
 * last the cancelled ones: nothing can be bet on them, and at the top of a day they pushed the games
 * a bettor came for out of a short box (the widget's, late at night).
 */
export function groupGamesByDay(games: readonly Fixture[], nowMs: number): GameDay[] {
  const now = new Date(nowMs);
  const cancelled = games.filter((game) => isCancelled(game.status));
  const listed = cancelled.length > 0 ? games.filter((game) => !isCancelled(game.status)) : games;
  const live = listed.filter((game) => game.isLive);
  const days: GameDay[] = live.length > 0 ? [{ dayKey: 'live', heading: 'Live now', games: live }] : [];
  const unscheduled = listed.filter((game) => !game.isLive && !hasKnownStart(game));
  for (const game of listed) {
    if (game.isLive || !hasKnownStart(game)) continue;
    const dayKey = localDayKey(game.startDate);
    const last = days.at(-1);
    if (last?.dayKey === dayKey) last.games.push(game);
    else days.push({ dayKey, heading: dayHeading(game.startDate, now), games: [game] });
  }
  if (unscheduled.length > 0) days.push({ dayKey: 'tbc', heading: 'Time to be confirmed', games: unscheduled });
  if (cancelled.length > 0) days.push({ dayKey: 'cancelled', heading: 'Cancelled', games: cancelled });
  return days;
}

/** Which days the list shows; live games show in every filter but Tomorrow. */
export type DayFilter = 'today' | 'tomorrow' | 'week';

/** A game with what it can be found by, worked out once per games list, not per keystroke. */
export interface SearchableGame {
  game: Fixture;
  /** Its teams (names, abbreviations) and league, folded for search. */
  search: SearchEntry;
}

export function toSearchableGames(games: readonly Fixture[]): SearchableGame[] {
  return games.map((game) => ({
    game,
    search: searchEntry(
      [
        { name: game.homeTeam, abbreviation: null },
        { name: game.awayTeam, abbreviation: null },
        // The competitors carry the abbreviations (and each of a doubles pair, the names).
        ...game.homeCompetitors,
        ...game.awayCompetitors,
      ],
      [game.leagueName],
    ),
  }));
}

export interface ScheduledGames {
  /** Whether any game is upcoming at all, whatever the search. */
  anyUpcoming: boolean;
  /** The upcoming games matching the search that each day filter shows, in the given order. */
  byDay: Record<DayFilter, Fixture[]>;
  /** By game id, why a game found by a player's name is listed: "LeBron James — Los Angeles Lakers". */
  playerNotes: ReadonlyMap<string, string>;
}

/** A game's two sides as a player's team may name them: each competitor, or the display name without one. */
function sidesOf(game: Fixture): GameSide[] {
  const side = (competitors: Fixture['homeCompetitors'], name: string): GameSide[] =>
    competitors.length > 0 ? competitors : [{ id: null, name }];
  return [...side(game.homeCompetitors, game.homeTeam), ...side(game.awayCompetitors, game.awayTeam)];
}

/**
 * Sorts games into the day filters in one pass, so the filters' counts and the shown list come
 * from the same work. `search` is what the bettor typed (see domain/team-search.ts); empty for every game.
 * A game its teams do not match is still found by a player of `players` the search names (player-search.ts).
 */
export function scheduleGames(
  games: readonly SearchableGame[],
  search: string,
  nowMs: number,
  players: readonly SearchablePlayer[] = [],
): ScheduledGames {
  const today = localDayKey(new Date(nowMs).toISOString());
  const nextDay = new Date(nowMs);
  nextDay.setDate(nextDay.getDate() + 1);
  const tomorrow = localDayKey(nextDay.toISOString());
  const wanted = searchQuery(search);
  const byDay: Record<DayFilter, Fixture[]> = { today: [], tomorrow: [], week: [] };
  const foundPlayers = playersMatching(players, wanted);
  const playerNotes = new Map<string, string>();
  let anyUpcoming = false;
  for (const { game, search: entry } of games) {
    if (!isUpcoming(game, nowMs)) continue;
    anyUpcoming = true;
    if (!matchesSearch(entry, wanted)) {
      const note = playerMatchNote(foundPlayers, sidesOf(game));
      if (note === null) continue;
      playerNotes.set(game.id, note);
    }
    byDay.week.push(game);
    // Live games count as today's (one may have started yesterday), never as tomorrow's.
    const gameDay = localDayKey(game.startDate);
    if (game.isLive || gameDay === today) byDay.today.push(game);
    else if (gameDay === tomorrow) byDay.tomorrow.push(game);
  }
  return { anyUpcoming, byDay, playerNotes };
}
