/** A price shown in an odds format. Exact decimal odds in, rounded only here. */
import { formatOdds, type OddsFormat } from '../domain/odds/odds.ts';

/** From this many characters (`+12500`, `100/30`) a price takes a smaller size, to fit a narrow column… */
const LONG_PRICE_CHARS = 6;
/** …and from this many (`+150000`, a long shot's parlay) a smaller one still. */
const LONGER_PRICE_CHARS = 7;

function sizeClass(text: string): string {
  if (text.length >= LONGER_PRICE_CHARS) return 'text-[0.6875rem] tracking-tighter';
  if (text.length >= LONG_PRICE_CHARS) return 'text-[0.8125rem] tracking-tight';
  return '';
}

/**
 * Never broken across lines (a price split in two reads as two numbers). A fraction that only
 * approximates the price is marked `≈` with the exact decimal after it, on the next line where the
 * column is narrow: the fraction alone would pay a different amount from the payout shown.
 */
export function OddsText({ decimal, format, className }: { decimal: number; format: OddsFormat; className?: string }) {
  const text = formatOdds(decimal, format);
  // `≈29/2 (15.63)`: the fraction, then its exact decimal in a smaller size.
  const [shown = text, exact] = text.split(' (');
  return (
    <span className={`tabular-nums ${className ?? ''}`}>
      <span className={`whitespace-nowrap ${sizeClass(shown)}`}>{shown}</span>
      {exact === undefined ? null : (
        <>
          {' '}
          {/* Smaller and lighter in weight, never fainter: at 11 px it needs 4.5:1 on every cell
              background, the best price's green and a moved price's flash included. */}
          <span className="whitespace-nowrap text-[0.6875rem] font-normal">{exact.slice(0, -1)}</span>
        </>
      )}
    </span>
  );
}
