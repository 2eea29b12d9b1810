/**
 * Calendar helpers. Leagues schedule in local wall-clock time (NBA 7:30 pm ET, EPL 3 pm UK), so
 * slates are generated per local date and converted to UTC with the zone's real offset (DST aware).
 */

/** A calendar date as `YYYY-MM-DD`. */
export type DateKey = string;

const MINUTE_MS = 60_000;
export const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function wallClockParts(utcMs: number, timeZone: string): { date: DateKey; minutes: number } {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(utcMs))) parts[part.type] = part.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const HOUR_MS = 60 * MINUTE_MS;
// Offsets only change at DST switches, which fall on whole UTC hours: one Intl call per zone and
// hour instead of several per fixture (the realistic catalog places thousands of games).
const offsets = new Map<string, number>();

/** Minutes the zone is ahead of UTC at that instant (e.g. -300 for New York in winter). */
function utcOffsetMinutes(utcMs: number, timeZone: string): number {
  const key = `${timeZone}|${Math.floor(utcMs / HOUR_MS)}`;
  const known = offsets.get(key);
  if (known !== undefined) return known;
  const wall = wallClockParts(utcMs, timeZone);
  const wallAsUtc = dateKeyToUtcMs(wall.date) + wall.minutes * MINUTE_MS;
  const offset = Math.round((wallAsUtc - Math.floor(utcMs / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
  if (offsets.size > 200_000) offsets.clear();
  offsets.set(key, offset);
  return offset;
}

/** The local date in the zone at that instant. */
export function localDateKey(utcMs: number, timeZone: string): DateKey {
  return utcDateKey(utcMs + utcOffsetMinutes(utcMs, timeZone) * MINUTE_MS);
}

/** The UTC instant of a local wall-clock time (minutes after local midnight) on a local date. */
export function localTimeToUtcMs(date: DateKey, minutesAfterMidnight: number, timeZone: string): number {
  const wallAsUtc = dateKeyToUtcMs(date) + minutesAfterMidnight * MINUTE_MS;
  const firstGuess = wallAsUtc - utcOffsetMinutes(wallAsUtc, timeZone) * MINUTE_MS;
  // A second pass settles the guess when a DST change falls between the two offsets.
  return wallAsUtc - utcOffsetMinutes(firstGuess, timeZone) * MINUTE_MS;
}

export function dateKeyToUtcMs(date: DateKey): number {
  return Date.parse(`${date}T00:00:00Z`);
}

export function utcDateKey(utcMs: number): DateKey {
  return new Date(utcMs).toISOString().slice(0, 10);
}

export function addDays(date: DateKey, days: number): DateKey {
  return utcDateKey(dateKeyToUtcMs(date) + days * DAY_MS);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(date: DateKey): number {
  return new Date(dateKeyToUtcMs(date)).getUTCDay();
}

/** Days since 1970-01-01, for series and rotations that run across weeks. */
export function dayNumber(date: DateKey): number {
  return Math.round(dateKeyToUtcMs(date) / DAY_MS);
}

/** `2026-09-02` -> `20260902`. */
export function compactDate(date: DateKey): string {
  return date.replaceAll('-', '');
}

/** `20260902` -> `2026-09-02`, or null when it is not a date. */
export function expandCompactDate(compact: string): DateKey | null {
  if (!/^\d{8}$/.test(compact)) return null;
  const date = `${compact.slice(0, 4)}-${compact.slice(4, 6)}-${compact.slice(6, 8)}`;
  const utcMs = dateKeyToUtcMs(date);
  // Date.parse rolls 2026-02-30 over to March: a real date survives the round trip.
  return Number.isNaN(utcMs) || utcDateKey(utcMs) !== date ? null : date;
}

/** `13:05` -> 785. */
export function clockMinutes(clock: string): number {
  const [hours = '0', minutes = '0'] = clock.split(':');
  return Number(hours) * 60 + Number(minutes);
}
