/**
 * Cumulative profit over time as a small inline SVG line (no charting library to load), with the
 * running average CLV as a second line (each on its own scale, both centred on the zero line); a
 * table beside it gives a screen reader the same points.
 */
import { formatMoney } from '../../domain/display.ts';
import type { TimelinePoint } from '../../domain/bet-log/summary.ts';
import { formatLoggedAt, formatPercent } from './bet-words.ts';

const WIDTH = 600;
const HEIGHT = 180;
const PAD = 8;

/** A scale centred on zero, so both lines share the one zero line drawn across the middle. */
function scale(values: readonly number[]): (value: number) => number {
  const reach = Math.max(...values.map(Math.abs)) || 1;
  return (value) => HEIGHT / 2 - ((HEIGHT / 2 - PAD) * value) / reach;
}

function path(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
}

export function ProfitChart({ timeline, currency }: { timeline: readonly TimelinePoint[]; currency: string }) {
  if (timeline.length === 0) return <p className="text-sm text-muted">The chart starts with the first settled bet.</p>;
  const x = (index: number) =>
    timeline.length === 1 ? WIDTH / 2 : PAD + ((WIDTH - 2 * PAD) * index) / (timeline.length - 1);
  const profitY = scale(timeline.map((point) => point.cumulativeProfit));
  const clvPoints = timeline.flatMap((point, index) =>
    point.averageClv === null ? [] : [[index, point.averageClv] as const],
  );
  const clvY = scale(clvPoints.map(([, clv]) => clv));
  const last = timeline.at(-1);
  return (
    <figure className="flex flex-col gap-1">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full"
        role="img"
        aria-labelledby="profit-chart-caption"
      >
        <line x1={PAD} x2={WIDTH - PAD} y1={profitY(0)} y2={profitY(0)} className="stroke-line" strokeDasharray="4 4" />
        <path
          d={path(timeline.map((point, index) => [x(index), profitY(point.cumulativeProfit)]))}
          fill="none"
          className="stroke-accent"
          strokeWidth={2.5}
        />
        {timeline.map((point, index) => (
          <circle key={index} cx={x(index)} cy={profitY(point.cumulativeProfit)} r={3.5} className="fill-accent" />
        ))}
        {clvPoints.length > 0 ? (
          <path
            d={path(clvPoints.map(([index, clv]) => [x(index), clvY(clv)]))}
            fill="none"
            className="stroke-muted"
            strokeWidth={1.5}
            strokeDasharray="6 3"
          />
        ) : null}
      </svg>
      <figcaption id="profit-chart-caption" className="text-xs text-muted">
        Profit over time (solid), {last ? formatMoney(last.cumulativeProfit, currency) : ''} after {timeline.length}{' '}
        settled bets; average CLV against the books' closes (dashed). Above the middle line is a profit, or a price
        better than the close.
      </figcaption>
      <details className="text-xs">
        <summary className="cursor-pointer text-accent">The chart as a table</summary>
        <table className="mt-1">
          <thead>
            <tr>
              <th scope="col" className="pr-3 text-left">
                Settled
              </th>
              <th scope="col" className="pr-3 text-right">
                Profit so far
              </th>
              <th scope="col" className="text-right">
                Average CLV
              </th>
            </tr>
          </thead>
          <tbody>
            {timeline.map((point, index) => (
              <tr key={index}>
                <td className="pr-3">{formatLoggedAt(point.at)}</td>
                <td className="pr-3 text-right tabular-nums">{formatMoney(point.cumulativeProfit, currency)}</td>
                <td className="text-right tabular-nums">{formatPercent(point.averageClv)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
