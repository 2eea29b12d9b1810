/**
 * The chart's facts as a table, one row a book: where the price opened, its lowest and highest in
 * the span, where it is now (or closed), and how often it was suspended. Visible (it is the chart's
 * legend too, with each book's colour), so a screen reader and a glance read the same figures.
 */
import { formatOdds, type OddsFormat } from '../../domain/odds/odds.ts';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import { bookColour } from './book-colours.ts';
import type { SeriesChart } from './model/price-series.ts';

export function LineTable({ chart, format, caption }: { chart: SeriesChart; format: OddsFormat; caption: string }) {
  const price = (decimal: number | null | undefined) => (decimal == null ? '–' : formatOdds(decimal, format));
  const closed = chart.series.some((series) => series.closed);
  return (
    // Focusable: on a phone the table may scroll sideways, and a keyboard must reach what is hidden.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-left text-sm tabular-nums">
        <caption className="sr-only">{caption}</caption>
        <thead className="text-xs text-muted">
          <tr>
            <th scope="col" className="py-1 pr-2 font-medium">
              Book
            </th>
            <th scope="col" className="px-2 py-1 font-medium">
              Opened
            </th>
            <th scope="col" className="px-2 py-1 font-medium">
              {closed ? 'Closed' : 'Now'}
            </th>
            <th scope="col" className="px-2 py-1 font-medium">
              Low – high
            </th>
            <th scope="col" className="px-2 py-1 font-medium">
              Suspended
            </th>
          </tr>
        </thead>
        <tbody>
          {chart.series.map((series) => {
            const listed = series.steps.flatMap((step) => step.decimal ?? []);
            return (
              <tr key={series.book} className="border-t border-line">
                <th scope="row" className="py-1 pr-2 font-medium whitespace-nowrap">
                  <BookSwatch book={series.book} />
                  {series.book}
                </th>
                <td className="px-2 py-1">{price(series.opening?.decimal)}</td>
                <td className="px-2 py-1 font-semibold">{price(series.current?.decimal)}</td>
                <td className="px-2 py-1 whitespace-nowrap">
                  {listed.length === 0 ? '–' : `${price(Math.min(...listed))} – ${price(Math.max(...listed))}`}
                </td>
                <td className="px-2 py-1">
                  {series.suspended.length === 0
                    ? 'never'
                    : `${series.suspended.length} ${series.suspended.length === 1 ? 'time' : 'times'}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function BookSwatch({ book }: { book: Sportsbook }) {
  return (
    <span
      aria-hidden="true"
      className="mr-1.5 inline-block h-1 w-4 rounded-full align-middle"
      style={{ backgroundColor: bookColour(book) }}
    />
  );
}
