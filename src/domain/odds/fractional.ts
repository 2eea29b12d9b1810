/**
 * Fractional odds as UK books print them. A price that is exactly a readable fraction (the usual
 * ladder's 11/10, 6/4, 100/30, 10/11, 4/6 ..., or small numbers) is shown as that fraction; any other
 * price as the nearest readable fraction marked approximate, with its exact decimal beside it
 * (`≈29/2 (15.63)`), never an exact but unreadable 1463/100. A UK bettor works out a return from the
 * fraction, so a fraction shown bare always pays what the payout beside it says, and two different
 * prices never share a label.
 */

export interface Fraction {
  numerator: number;
  denominator: number;
}

/**
 * The traditional ladder, written the way books write it (6/4 not 3/2, 100/30 not 10/3). A string:
 * it ships in the app's first paint, where every byte counts.
 */
const LADDER_TEXT =
  '1/100 1/66 1/50 1/40 1/33 1/25 1/20 1/16 1/14 1/12 1/11 1/10 1/9 1/8 2/17 1/7 2/13 1/6 2/11 1/5 2/9 1/4 2/7 3/10 1/3 4/11 2/5 4/9 1/2 8/15 4/7 8/13 4/6 8/11 4/5 5/6 10/11 20/21 1/1 21/20 11/10 6/5 5/4 11/8 7/5 6/4 8/5 13/8 7/4 15/8 2/1 85/40 9/4 5/2 11/4 3/1 100/30 7/2 4/1 9/2 5/1 11/2 6/1 13/2 7/1 15/2 8/1 17/2 9/1 10/1 11/1 12/1 14/1 16/1 18/1 20/1 22/1 25/1 28/1 33/1 40/1 50/1 66/1 80/1 100/1 125/1 150/1 200/1 250/1 300/1 400/1 500/1 1000/1';

const EVENS: Fraction = { numerator: 1, denominator: 1 };

function valueOf(fraction: Fraction): number {
  return fraction.numerator / fraction.denominator;
}

const LADDER_FRACTIONS: readonly Fraction[] = LADDER_TEXT.split(' ')
  .map((step) => {
    const [numerator = 1, denominator = 1] = step.split('/').map(Number);
    return { numerator, denominator };
  })
  .sort((a, b) => valueOf(a) - valueOf(b));

/**
 * Readable fractions besides the ladder: every n/d with n and d up to 10, 1/n up to 1/100, whole
 * numbers up to 1000/1 and halves up to 20/1, sorted by value for a nearest search. The first
 * spelling of a value wins: the ladder's (6/4 over 3/2), then the lowest terms (this order meets
 * 2/3 before 4/6, 13/1 before 26/2). Built on first use, not when the module loads: ~1,300 entries
 * sorted were ~6 ms of the app's start-up task, for a format few users choose.
 */
let readable: readonly Fraction[] | null = null;

function readableFractions(): readonly Fraction[] {
  readable ??= buildReadableFractions();
  return readable;
}

function buildReadableFractions(): readonly Fraction[] {
  const seen = new Map<number, Fraction>();
  const add = (numerator: number, denominator: number) => {
    if (!seen.has(numerator / denominator)) seen.set(numerator / denominator, { numerator, denominator });
  };
  for (const step of LADDER_FRACTIONS) add(step.numerator, step.denominator);
  for (let n = 1; n <= 10; n++) for (let d = 1; d <= 10; d++) add(n, d);
  for (let n = 1; n <= 100; n++) add(1, n);
  for (let n = 1; n <= 1000; n++) add(n, 1);
  for (let n = 1; n <= 40; n++) add(n, 2);
  return [...seen.entries()].sort(([a], [b]) => a - b).map(([, fraction]) => fraction);
}

/**
 * The candidate (sorted by value) nearest the profit on a log scale, so 1/50 and 50/1 are judged
 * alike. A binary search: every price in the grid is formatted on each render.
 */
function nearest(candidates: readonly Fraction[], profit: number): Fraction {
  let low = 0;
  let high = candidates.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (valueOf(candidates[middle] ?? EVENS) <= profit) low = middle;
    else high = middle;
  }
  const below = candidates[low] ?? EVENS;
  const above = candidates[high] ?? EVENS;
  return Math.abs(Math.log(valueOf(below) / profit)) <= Math.abs(Math.log(valueOf(above) / profit)) ? below : above;
}

/**
 * The readable fraction nearest exact decimal odds (> 1): past 1000/1 the nearest whole number, below
 * 1/100 the nearest 1/n.
 */
export function decimalToFraction(decimal: number): Fraction {
  const profit = decimal - 1;
  if (profit > 1000) return { numerator: Math.round(profit), denominator: 1 };
  if (profit < 1 / 100) return { numerator: 1, denominator: Math.round(1 / profit) };
  return nearest(readableFractions(), profit);
}

/** Equal at a float's precision: a book's -110 is 10/11 exactly, however the division rounds. */
function sameValue(fraction: Fraction, profit: number): boolean {
  return Math.abs(valueOf(fraction) - profit) <= 1e-9 * Math.max(1, profit);
}

export interface FractionalPrice {
  /** `29/2`: the price itself when exact, else the nearest readable fraction. */
  fraction: string;
  /** The exact price as decimal odds, for a fraction that only approximates it; null when exact. */
  approximates: string | null;
}

/**
 * A price as a UK bettor reads it. The decimal beside an approximate fraction has as many places as
 * tell any two whole-American prices apart: two where that is the price (every odds-against one,
 * +1463 is 15.63), three down to 1.333 (-300), four below (-123 and -124 read 1.813 and 1.806,
 * -560 and -565 read 1.1786 and 1.1770).
 */
export function fractionalPrice(decimal: number): FractionalPrice {
  const shown = decimalToFraction(decimal);
  const fraction = `${shown.numerator}/${shown.denominator}`;
  if (sameValue(shown, decimal - 1)) return { fraction, approximates: null };
  const twoPlacesExact = Math.abs(decimal * 100 - Math.round(decimal * 100)) < 1e-6;
  return { fraction, approximates: decimal.toFixed(twoPlacesExact ? 2 : decimal >= 4 / 3 ? 3 : 4) };
}

/**
 * The price as an exact fraction in lowest terms, where it is one with a denominator up to 1000
 * (every whole-American price: +1463 is 1463/100, -115 is 20/23); null otherwise (a fair price). For
 * files, where a reader wants the exact price, not a readable one. Continued fractions.
 */
export function exactFraction(decimal: number): Fraction | null {
  const profit = decimal - 1;
  if (!(profit > 0) || !Number.isFinite(profit)) return null;
  let [numerator, previousNumerator, denominator, previousDenominator] = [1, 0, 0, 1];
  let rest = profit;
  for (let step = 0; step < 32; step++) {
    const whole = Math.floor(rest);
    [numerator, previousNumerator] = [whole * numerator + previousNumerator, numerator];
    [denominator, previousDenominator] = [whole * denominator + previousDenominator, denominator];
    if (denominator > 1000) return null;
    const candidate = { numerator, denominator };
    if (sameValue(candidate, profit)) return candidate;
    if (rest - whole < 1e-12) return null;
    rest = 1 / (rest - whole);
  }
  return null;
}

/** The ladder, for tests that check every step reads as itself. */
export const FRACTIONAL_LADDER: readonly Fraction[] = LADDER_FRACTIONS;
