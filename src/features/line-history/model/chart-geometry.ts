/**
 * The chart's drawing, worked out from a SeriesChart and a size: each book's step line as SVG path
 * pieces (listed stretches solid, suspended ones dotted at the price the line held), the price axis'
 * ticks, the time axis' ticks. Pure, so the same numbers are tested without a browser.
 */
import type { PriceStep, SeriesChart } from './price-series.ts';

export interface ChartBox {
  width: number;
  height: number;
  /** Room for the price labels on the left and the time labels below. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

export interface BookPaths {
  /** Where the book's price was listed. */
  listed: string;
  /** Where its line was suspended (drawn at the last listed price). */
  suspended: string;
}

export function chartBox(width: number, height: number): ChartBox {
  return { width, height, left: 52, right: 12, top: 10, bottom: 26 };
}

export function scales(chart: SeriesChart, box: ChartBox) {
  // A flat line still gets room above and below, and a moving one a little margin.
  const pad = Math.max((chart.high - chart.low) * 0.08, 0.02);
  const low = chart.low - pad;
  const high = chart.high + pad;
  const span = Math.max(chart.to - chart.from, 1);
  const x = (at: number) => box.left + ((at - chart.from) / span) * (box.width - box.left - box.right);
  const y = (decimal: number) => box.top + ((high - decimal) / (high - low)) * (box.height - box.top - box.bottom);
  return { x, y, low, high };
}

const round = (value: number) => Math.round(value * 10) / 10;

/** A step line: horizontal at each price until the next step, vertical at the change. */
export function bookPaths(
  steps: readonly PriceStep[],
  to: number,
  x: (at: number) => number,
  y: (d: number) => number,
): BookPaths {
  let listed = '';
  let suspended = '';
  let held: number | null = null;
  let drawing = false;
  steps.forEach((step, index) => {
    const end = steps[index + 1]?.at ?? to;
    if (step.decimal === null) {
      drawing = false;
      if (held !== null) suspended += `M${round(x(step.at))} ${round(y(held))}H${round(x(end))}`;
      return;
    }
    const stepY = round(y(step.decimal));
    listed += drawing ? `V${stepY}H${round(x(end))}` : `M${round(x(step.at))} ${stepY}H${round(x(end))}`;
    drawing = true;
    held = step.decimal;
  });
  return { listed, suspended };
}

/** About `count` round prices between low and high (in decimal odds). */
export function priceTicks(low: number, high: number, count = 4): number[] {
  const raw = (high - low) / count;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * magnitude).find((candidate) => candidate >= raw) ?? raw;
  const ticks: number[] = [];
  // Counted in whole steps (adding 0.1 again and again drifts past the top tick).
  const first = Math.ceil(low / step - 1e-9);
  const last = Math.floor(high / step + 1e-9);
  for (let index = first; index <= last; index += 1) ticks.push(Math.round(index * step * 1e6) / 1e6);
  return ticks;
}

const HOUR_MS = 3_600_000;

/** Instants on whole hours (or days, for a long span) for the time axis, at most `count`. */
export function timeTicks(from: number, to: number, count = 5): number[] {
  const hours = [1, 2, 3, 6, 12, 24, 48].find((candidate) => (to - from) / (candidate * HOUR_MS) <= count) ?? 48;
  const step = hours * HOUR_MS;
  const ticks: number[] = [];
  for (let tick = Math.ceil(from / step) * step; tick <= to; tick += step) ticks.push(tick);
  return ticks;
}
