/**
 * Who is hurt, and how badly, at any instant: a pure function of the seed, the player and the
 * clock. Each week (Monday 00:00 UTC to the next) a player has a small chance (3.5%) of an injury
 * episode beginning on some hour of it and lasting 2 to 12 days (3-4% of a league's players at any
 * moment). An episode's status moves through it as real reports do: ruled Out for all of it, or
 * Doubtful, then Questionable, then Probable as he recovers, or Questionable then Probable, or
 * Day-To-Day throughout.
 *
 * Certain, not likely: every date's last game in a league with rosters has a home player ruled Out
 * and an away player Questionable (a game-time decision), listed from two days before that date
 * until two days after. In a league that plays every day any instant is covered by four dates'
 * absences, two of them games still to come, so its report always names an Out player and a
 * doubtful one whose teams play before they are back. The last game, not the first: each core
 * league cancels a first game every week (schedule.ts). Tests rely on it.
 *
 * Books pull an Out player's props: a player Out at a game's start has no props for that game at
 * any book (book-pricing.ts asks `ruledOutFor`), for as long as the game is listed, so every
 * reader (/fixtures/odds, /parlay/odds, the stream) agrees without a moment of change to announce.
 */
import { isCoreLeagueId } from '../catalog/catalog-sports.ts';
import { TEAMS_BY_LEAGUE, type Player } from '../catalog/teams/teams.ts';
import { hash32, pickHash, unitHash } from '../shared/hash.ts';
import type { ScheduledFixture } from '../schedule/schedule.ts';
import { plannedGamesOn } from '../schedule/schedule-plans.ts';
import { clockMinutes, utcDateKey, type DateKey } from '../schedule/time.ts';

export const INJURY_STATUSES = ['Out', 'Doubtful', 'Questionable', 'Probable', 'Day-To-Day'] as const;
type InjuryStatus = (typeof INJURY_STATUSES)[number];

const INJURY_TYPES = [
  'Ankle',
  'Knee',
  'Hamstring',
  'Hip',
  'Back',
  'Shoulder',
  'Concussion',
  'Illness',
  'Calf',
  'Groin',
  'Foot',
  'Wrist',
] as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;
/** 1970-01-05 was a Monday: weeks start there. */
const FIRST_MONDAY_MS = 4 * DAY_MS;
const WEEKLY_CHANCE = 0.035;
const LONGEST_EPISODE_DAYS = 12;

type Course = 'out' | 'recovering' | 'questionable' | 'day_to_day';

export interface Injury {
  status: InjuryStatus;
  type: (typeof INJURY_TYPES)[number];
  /** When the episode began (the report's first mention). */
  sinceMs: number;
  /** When the status last changed. */
  updatedMs: number;
  /** When he is expected back. */
  untilMs: number;
}

interface Episode {
  course: Course;
  type: Injury['type'];
  startMs: number;
  endMs: number;
}

function episodeOfWeek(seed: number, playerId: string, week: number): Episode | null {
  if (unitHash(seed, 'injury', playerId, week) >= WEEKLY_CHANCE) return null;
  const startMs = FIRST_MONDAY_MS + week * WEEK_MS + (hash32(seed, 'injury-start', playerId, week) % 168) * HOUR_MS;
  const days = 2 + (hash32(seed, 'injury-length', playerId, week) % (LONGEST_EPISODE_DAYS - 1));
  const draw = unitHash(seed, 'injury-course', playerId, week);
  const course: Course = draw < 0.35 ? 'out' : draw < 0.7 ? 'recovering' : draw < 0.85 ? 'questionable' : 'day_to_day';
  return {
    course,
    type: pickHash(INJURY_TYPES, seed, 'injury-type', playerId, week),
    startMs,
    endMs: startMs + days * DAY_MS,
  };
}

/** The statuses of a course, each for an equal share of the episode. */
const STAGES: Readonly<Record<Course, readonly InjuryStatus[]>> = {
  out: ['Out'],
  recovering: ['Doubtful', 'Questionable', 'Probable'],
  questionable: ['Questionable', 'Probable'],
  day_to_day: ['Day-To-Day'],
};

/** How long before and after its date a game's set absences are listed. */
const SET_ABSENCE_MARGIN_MS = 2 * DAY_MS;

/** Each roster player's league, for the set absences of its games. */
let leagueOfPlayer: Map<string, string> | null = null;
function playerLeague(playerId: string): string | undefined {
  leagueOfPlayer ??= new Map(
    Object.entries(TEAMS_BY_LEAGUE).flatMap(([leagueId, teams]) =>
      teams.flatMap((team) => team.players.map((player) => [player.id, leagueId] as const)),
    ),
  );
  return leagueOfPlayer.get(playerId);
}

interface SetAbsences {
  outPlayerId: string | null;
  questionablePlayerId: string | null;
}

const setAbsenceCache = new Map<string, SetAbsences>();
const SET_ABSENCE_CACHE_LIMIT = 5_000;

/** Who sits out (home) and who is a game-time decision (away) in a league's last game of a date. */
function setAbsencesOn(seed: number, leagueId: string, date: DateKey): SetAbsences {
  const key = `${seed}|${leagueId}|${date}`;
  const known = setAbsenceCache.get(key);
  if (known) return known;
  let absences: SetAbsences = { outPlayerId: null, questionablePlayerId: null };
  if (isCoreLeagueId(leagueId)) {
    const games = plannedGamesOn(seed, leagueId, date);
    const last = games.reduce<(typeof games)[number] | undefined>(
      (latest, game) => (latest && clockMinutes(latest.clock) > clockMinutes(game.clock) ? latest : game),
      undefined,
    );
    if (last && last.home.players.length > 0 && last.away.players.length > 0)
      absences = {
        outPlayerId: pickHash(last.home.players, seed, 'set-out', leagueId, date).id,
        questionablePlayerId: pickHash(last.away.players, seed, 'set-questionable', leagueId, date).id,
      };
  }
  if (setAbsenceCache.size >= SET_ABSENCE_CACHE_LIMIT) setAbsenceCache.clear();
  setAbsenceCache.set(key, absences);
  return absences;
}

/** The set absence (see above) covering the instant, Out before Questionable, or null. */
function setAbsenceAt(seed: number, playerId: string, timeMs: number): Injury | null {
  const leagueId = playerLeague(playerId);
  if (leagueId === undefined) return null;
  const todayMs = Math.floor(timeMs / DAY_MS) * DAY_MS;
  let found: Injury | null = null;
  // The dates whose window [date - 2 days, date + 2 days) holds the instant (counted in ms: this
  // runs for every player of a report and every prop a book weighs).
  for (let offset = -1; offset <= 2; offset++) {
    const dateMs = todayMs + offset * DAY_MS;
    const sinceMs = dateMs - SET_ABSENCE_MARGIN_MS;
    const untilMs = dateMs + SET_ABSENCE_MARGIN_MS;
    if (timeMs < sinceMs || timeMs >= untilMs) continue;
    const date = utcDateKey(dateMs);
    const absences = setAbsencesOn(seed, leagueId, date);
    const status: InjuryStatus | null =
      absences.outPlayerId === playerId ? 'Out' : absences.questionablePlayerId === playerId ? 'Questionable' : null;
    if (status === null || (found?.status === 'Out' && status !== 'Out')) continue;
    found = {
      status,
      type: pickHash(INJURY_TYPES, seed, 'set-absence-type', playerId, date),
      sinceMs,
      updatedMs: sinceMs,
      untilMs,
    };
    if (status === 'Out') return found;
  }
  return found;
}

/** The player's injury at that instant, or null when he is fit. */
export function injuryAt(seed: number, playerId: string, timeMs: number): Injury | null {
  const set = setAbsenceAt(seed, playerId, timeMs);
  if (set?.status === 'Out') return set;
  const week = Math.floor((timeMs - FIRST_MONDAY_MS) / WEEK_MS);
  // The latest episode that covers the instant (one can start while an older one runs).
  for (let back = 0; back * 7 <= LONGEST_EPISODE_DAYS + 7; back++) {
    const episode = episodeOfWeek(seed, playerId, week - back);
    if (!episode || timeMs < episode.startMs || timeMs >= episode.endMs) continue;
    const stages = STAGES[episode.course];
    const stageLength = (episode.endMs - episode.startMs) / stages.length;
    const stage = Math.min(stages.length - 1, Math.floor((timeMs - episode.startMs) / stageLength));
    return {
      status: stages[stage] ?? 'Out',
      type: episode.type,
      sinceMs: episode.startMs,
      updatedMs: episode.startMs + Math.round(stage * stageLength),
      untilMs: episode.endMs,
    };
  }
  return set;
}

/** Per fixture (dropped with it): who is ruled out, asked for every prop at every book. */
const ruledOut = new WeakMap<ScheduledFixture, Map<string, boolean>>();

/** Whether the player is ruled out of the game (Out when play begins): books list no props on him. */
export function ruledOutFor(seed: number, player: Pick<Player, 'id'>, fixture: ScheduledFixture): boolean {
  let byPlayer = ruledOut.get(fixture);
  if (!byPlayer) {
    byPlayer = new Map();
    ruledOut.set(fixture, byPlayer);
  }
  // A fixture is placed for one seed: the player alone tells the answers apart.
  const known = byPlayer.get(player.id);
  if (known !== undefined) return known;
  const out = injuryAt(seed, player.id, fixture.liveFromMs)?.status === 'Out';
  byPlayer.set(player.id, out);
  return out;
}
