/**
 * The price over time at each book, drawn as plain SVG (no charting library: a step line per book,
 * a few axis labels and two marks cost less than any library's code). The opening price is a ring,
 * the current (or closing) one a dot with its price; a suspended stretch is a dotted line. The
 * figures are in the table beside it (line-table.tsx): the chart itself is hidden from screen readers.
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { formatOdds, type OddsFormat } from '../../domain/odds/odds.ts';
import { formatDate } from '../../domain/display.ts';
import { bookPaths, chartBox, priceTicks, scales, timeTicks } from './model/chart-geometry.ts';
import type { SeriesChart } from './model/price-series.ts';
import { bookColour } from './book-colours.ts';

const HEIGHT_PX = 240;
const FALLBACK_WIDTH_PX = 640;

/** The drawing's width follows its box, so its text stays the page's size on a phone. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH_PX);
  useLayoutEffect(() => {
    const element = ref.current;
    if (element === null || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

function timeLabel(at: number, longSpan: boolean): string {
  return formatDate(
    at,
    undefined,
    longSpan ? { weekday: 'short', hour: 'numeric' } : { hour: 'numeric', minute: '2-digit' },
  );
}

export function LineChart({ chart, format, label }: { chart: SeriesChart; format: OddsFormat; label: string }) {
  const { ref, width } = useWidth();
  const box = chartBox(width, HEIGHT_PX);
  const { x, y, low, high } = scales(chart, box);
  const longSpan = chart.to - chart.from > 36 * 3_600_000;
  return (
    <div ref={ref} className="w-full">
      <svg
        width={width}
        height={HEIGHT_PX}
        viewBox={`0 0 ${width} ${HEIGHT_PX}`}
        aria-hidden="true"
        data-testid="line-chart"
        data-label={label}
        className="block text-muted"
      >
        {priceTicks(low, high).map((tick) => (
          <g key={tick}>
            <line
              x1={box.left}
              x2={width - box.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="currentColor"
              strokeOpacity={0.2}
            />
            <text x={box.left - 6} y={y(tick)} dy="0.35em" textAnchor="end" fontSize={12} fill="currentColor">
              {formatOdds(tick, format)}
            </text>
          </g>
        ))}
        {timeTicks(chart.from, chart.to).map((tick) => (
          <text key={tick} x={x(tick)} y={HEIGHT_PX - 8} textAnchor="middle" fontSize={12} fill="currentColor">
            {timeLabel(tick, longSpan)}
          </text>
        ))}
        {chart.series.map((series) => {
          const colour = bookColour(series.book);
          const paths = bookPaths(series.steps, chart.to, x, y);
          const opening = series.opening && series.opening.at >= chart.from ? series.opening : null;
          const current = series.current;
          return (
            <g key={series.book} data-book={series.book}>
              <path d={paths.listed} fill="none" stroke={colour} strokeWidth={2} />
              {paths.suspended ? (
                <path d={paths.suspended} fill="none" stroke={colour} strokeWidth={2} strokeDasharray="2 4" />
              ) : null}
              {opening ? (
                <circle
                  cx={x(opening.at)}
                  cy={y(opening.decimal)}
                  r={4.5}
                  fill="var(--color-surface, #fff)"
                  stroke={colour}
                  strokeWidth={2}
                />
              ) : null}
              {current ? (
                <circle
                  cx={x(Math.min(chart.to, Math.max(chart.from, current.at)))}
                  cy={y(current.decimal)}
                  r={4.5}
                  fill={colour}
                />
              ) : null}
            </g>
          );
        })}
      </svg>
    </div>
  );
}
