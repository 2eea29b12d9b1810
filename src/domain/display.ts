/** Plain-words formatting shared by every view: games, kick-off times, money. */
import type { GameContext } from './slip.ts';

export function gameLabel(game: Pick<GameContext, 'homeTeam' | 'awayTeam'>): string {
  return `${game.awayTeam} @ ${game.homeTeam}`;
}

/**
 * A money formatter, made once per form: building an Intl.NumberFormat costs far more than
 * formatting with one, and the grid formats every payout cell on each render.
 */
const moneyFormats = new Map<string, Intl.NumberFormat>();

export function moneyFormat(
  currency: string,
  locale: string | undefined,
  fractionDigits: number,
  notation: 'standard' | 'compact' = 'standard',
): Intl.NumberFormat {
  const key = `${locale ?? ''}|${currency}|${fractionDigits}|${notation}`;
  let format = moneyFormats.get(key);
  if (format === undefined) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      notation,
      minimumFractionDigits: notation === 'compact' ? 0 : fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    moneyFormats.set(key, format);
  }
  return format;
}

export function formatMoney(amount: number, currency = 'USD', locale?: string): string {
  if (!Number.isFinite(amount)) return '–';
  return moneyFormat(currency, locale, 2).format(amount);
}

/**
 * Money for a narrow column: cents below 1,000, whole units from there (`$96.40`, `$1,250`), and
 * from 100,000 the short form (`$125K`, `$1.3M`), so a long shot's payout never runs into the next.
 */
export function formatMoneyCompact(amount: number, currency = 'USD', locale?: string): string {
  if (!Number.isFinite(amount)) return '–';
  if (Math.abs(amount) >= 100_000) return moneyFormat(currency, locale, 1, 'compact').format(amount);
  return moneyFormat(currency, locale, Math.abs(amount) >= 1000 ? 0 : 2).format(amount);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A date or time in the given form, its formatter made once per form as money's are (a list formats one per row). */
export function formatDate(at: number | Date, locale: string | undefined, options: Intl.DateTimeFormatOptions): string {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, options);
    dateFormats.set(key, format);
  }
  return format.format(at);
}

/** `Today`, `Tomorrow`, or e.g. `Wed, Nov 25`, in the viewer's own time zone. */
export function dayHeading(startDate: string, now: Date, locale?: string): string {
  const start = new Date(startDate);
  const startDay = new Date(start.getFullYear(), start.getMonth(), start.getDate()).getTime();
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const days = Math.round((startDay - today) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Tomorrow';
  return formatDate(start, locale, { weekday: 'short', month: 'short', day: 'numeric' });
}

/** A local calendar-day key for grouping, e.g. `2026-11-22`. */
export function localDayKey(startDate: string): string {
  const start = new Date(startDate);
  const month = String(start.getMonth() + 1).padStart(2, '0');
  const day = String(start.getDate()).padStart(2, '0');
  return `${start.getFullYear()}-${month}-${day}`;
}

export function kickoffTime(startDate: string, locale?: string): string {
  return formatDate(new Date(startDate), locale, { hour: 'numeric', minute: '2-digit' });
}

/** `updated 12 s ago` style age, coarse beyond a minute. */
export function ageInWords(fromMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.round((nowMs - fromMs) / 1000));
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ago`;
}

/** A price's age for a bettor: from an hour on (a price unchanged that long may be stale), `old` from six. */
export interface PriceAge {
  /** `3 h`, `1 d`; null while the price is under an hour old. */
  label: string | null;
  old: boolean;
}

const PRICE_AGE_SHOWN_MS = 60 * 60_000;
const PRICE_AGE_OLD_MS = 6 * 60 * 60_000;

export function priceAge(changedAtSeconds: number | null, nowMs: number): PriceAge {
  if (changedAtSeconds === null || !Number.isFinite(changedAtSeconds)) return { label: null, old: false };
  const ageMs = Math.max(0, nowMs - changedAtSeconds * 1000);
  if (ageMs < PRICE_AGE_SHOWN_MS) return { label: null, old: false };
  const hours = Math.floor(ageMs / (60 * 60_000));
  return { label: hours < 48 ? `${hours} h` : `${Math.floor(hours / 24)} d`, old: ageMs >= PRICE_AGE_OLD_MS };
}
