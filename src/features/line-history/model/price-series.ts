/**
 * A leg's price history shaped for the chart and its table: per book, the price as a step line over
 * the chosen span (null while the line was suspended), its opening and its current (or closing)
 * price; and the parlay's combined price per book over the same span, where every leg has a price.
 * Pure: instants in epoch milliseconds, prices as exact decimal odds.
 */
import type { LineHistory, PricePoint } from '../../../api/bet-tracking/types.ts';
import { americanToDecimal } from '../../../domain/odds/odds.ts';
import type { Sportsbook } from '../../../domain/sportsbooks.ts';

/** Since the line opened, or the last 24 hours. */
export type HistorySpan = 'since-open' | 'last-day';

const DAY_MS = 24 * 3_600_000;

/** From `at` on, until the next step, the price was `decimal`; null: suspended (or not yet listed). */
export interface PriceStep {
  at: number;
  decimal: number | null;
}

interface MarkedPrice {
  at: number;
  decimal: number;
}

interface BookSeries {
  book: Sportsbook;
  /** Within the span, oldest first; the first step starts at the span's start when the line was open then. */
  steps: PriceStep[];
  /** The first price listed (which may be before a 24-hour span). */
  opening: MarkedPrice | null;
  /** The last price listed; `closed`: the game has begun and this is its closing price. */
  current: MarkedPrice | null;
  closed: boolean;
  /** Stretches the line was suspended within the span. */
  suspended: { from: number; to: number }[];
}

export interface SeriesChart {
  from: number;
  to: number;
  series: BookSeries[];
  /** The lowest and highest price drawn (equal when only one price is known). */
  low: number;
  high: number;
}

/** A suspended entry holds the price the line had; the chart shows a gap (no one could bet it). */
function stepsOf(entries: readonly PricePoint[]): PriceStep[] {
  return entries.map((entry) => ({ at: entry.at, decimal: entry.locked ? null : americanToDecimal(entry.price) }));
}

/** The steps seen within [from, to]: the one in force at `from` moved to `from`, then the rest. */
export function clipSteps(steps: readonly PriceStep[], from: number, to: number): PriceStep[] {
  const clipped: PriceStep[] = [];
  let inForce: PriceStep | null = null;
  for (const step of steps) {
    if (step.at > to) break;
    if (step.at <= from) inForce = step;
    else clipped.push(step);
  }
  return inForce === null ? clipped : [{ at: from, decimal: inForce.decimal }, ...clipped];
}

function suspendedStretches(steps: readonly PriceStep[], to: number): { from: number; to: number }[] {
  const stretches: { from: number; to: number }[] = [];
  steps.forEach((step, index) => {
    if (step.decimal !== null) return;
    const previous = stretches.at(-1);
    const end = steps[index + 1]?.at ?? to;
    if (previous && previous.to === step.at) previous.to = end;
    else stretches.push({ from: step.at, to: end });
  });
  return stretches;
}

/** Where the span starts: the line's first price, or 24 hours before `now`. */
function spanStart(lines: readonly LineHistory[], span: HistorySpan, now: number): number {
  if (span === 'last-day') return now - DAY_MS;
  const firsts = lines.flatMap((line) => line.entries[0]?.at ?? []);
  return firsts.length === 0 ? now - DAY_MS : Math.min(...firsts);
}

/** A price as marked on the chart; an unreadable American price (between -100 and 100) is none. */
function marked(at: number, price: { price: number } | null | undefined): MarkedPrice | null {
  const decimal = price ? americanToDecimal(price.price) : null;
  return decimal === null ? null : { at, decimal };
}

function bookSeries(line: LineHistory, from: number, to: number): BookSeries {
  const all = stepsOf(line.entries);
  const steps = clipSteps(all, from, to);
  const lastListed = [...line.entries].reverse().find((entry) => !entry.locked) ?? line.entries.at(-1);
  const opening = line.opening ?? line.entries[0] ?? null;
  const openedAt = line.entries[0]?.at ?? from;
  const current = line.closing ?? lastListed ?? null;
  return {
    book: line.sportsbook,
    steps,
    opening: marked(openedAt, opening),
    current: marked(lastListed?.at ?? to, current),
    closed: line.closing !== null,
    suspended: suspendedStretches(steps, to),
  };
}

function withRange(from: number, to: number, series: BookSeries[]): SeriesChart {
  const prices = series.flatMap((one) => one.steps.flatMap((step) => step.decimal ?? []));
  return {
    from,
    to,
    series,
    low: prices.length === 0 ? 1 : Math.min(...prices),
    high: prices.length === 0 ? 2 : Math.max(...prices),
  };
}

/** Whether a line the service lists is the leg's: the same market and selection. */
function isLegLine(line: Pick<LineHistory, 'market' | 'name'>, leg: { market: string; name: string }): boolean {
  return line.market.toLowerCase() === leg.market.toLowerCase() && line.name.toLowerCase() === leg.name.toLowerCase();
}

/** One leg's chart: its line at each book, in the books' order. */
export function legChart(
  lines: readonly LineHistory[],
  leg: { market: string; name: string },
  books: readonly Sportsbook[],
  span: HistorySpan,
  now: number,
): SeriesChart {
  const legLines = books.flatMap(
    (book) => lines.find((line) => line.sportsbook === book && isLegLine(line, leg)) ?? [],
  );
  const from = spanStart(legLines, span, now);
  return withRange(
    from,
    now,
    legLines.map((line) => bookSeries(line, from, now)),
  );
}

/** The price a step line held at `at` (null before its first step, or while suspended). */
function priceAt(steps: readonly PriceStep[], at: number): number | null {
  let price: number | null = null;
  for (const step of steps) {
    if (step.at > at) break;
    price = step.decimal;
  }
  return price;
}

export interface ParlayChart extends SeriesChart {
  /** Books lacking at least one leg's line: no combined price can be drawn there. */
  booksMissingLegs: Sportsbook[];
}

/**
 * The parlay's combined price at each book: the product of its legs' prices at every instant any
 * of them changed, where every leg had a price there (a suspended or unlisted leg leaves a gap).
 */
export function parlayChart(
  legsLines: readonly (readonly LineHistory[])[],
  legs: readonly { market: string; name: string }[],
  books: readonly Sportsbook[],
  span: HistorySpan,
  now: number,
): ParlayChart {
  const perBook = books.map((book) => ({
    book,
    lines: legs.map((leg, index) =>
      (legsLines[index] ?? []).find((line) => line.sportsbook === book && isLegLine(line, leg)),
    ),
  }));
  const complete = perBook.flatMap(({ book, lines }) =>
    lines.every((line) => line !== undefined) ? [{ book, lines: lines as LineHistory[] }] : [],
  );
  const from = spanStart(
    complete.flatMap(({ lines }) => lines),
    span,
    now,
  );
  const series = complete.map(({ book, lines }) => {
    const legSteps = lines.map((line) => stepsOf(line.entries));
    const instants = [...new Set(legSteps.flatMap((steps) => steps.map((step) => step.at)))].sort((a, b) => a - b);
    const combined: PriceStep[] = [];
    for (const at of instants) {
      const prices = legSteps.map((steps) => priceAt(steps, at));
      const decimal = prices.reduce<number | null>(
        (product, price) => (product === null || price === null ? null : product * price),
        1,
      );
      if (combined.at(-1)?.decimal !== decimal) combined.push({ at, decimal });
    }
    const steps = clipSteps(combined, from, now);
    const listed = combined.filter((step): step is MarkedPrice => step.decimal !== null);
    const closings = lines.map((line) => line.closing);
    // The closing combined price once every leg has closed.
    const closingProduct = closings.reduce<number | null>((product, closing) => {
      const decimal = closing ? americanToDecimal(closing.price) : null;
      return product === null || decimal === null ? null : product * decimal;
    }, 1);
    const last = listed.at(-1);
    return {
      book,
      steps,
      opening: listed[0] ?? null,
      current: closingProduct === null ? (last ?? null) : { at: last?.at ?? now, decimal: closingProduct },
      closed: closingProduct !== null,
      suspended: suspendedStretches(steps, now),
    };
  });
  return {
    ...withRange(from, now, series),
    booksMissingLegs: perBook.filter(({ lines }) => lines.some((line) => line === undefined)).map(({ book }) => book),
  };
}
