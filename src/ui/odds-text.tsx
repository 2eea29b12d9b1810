/** A price shown in an odds format. Exact decimal odds in, rounded only here. */
import { formatOdds, type OddsFormat } from '../domain/odds/odds.ts';

/** From this many characters (`+12500`, `100/30`) a price takes the smaller size, to fit a narrow column. */
const LONG_PRICE_CHARS = 6;

/** Never broken across lines (a price split in two reads as two numbers). */
export function OddsText({ decimal, format, className }: { decimal: number; format: OddsFormat; className?: string }) {
  const text = formatOdds(decimal, format);
  return (
    <span
      className={`whitespace-nowrap tabular-nums ${text.length >= LONG_PRICE_CHARS ? 'text-[0.8125rem] tracking-tight' : ''} ${className ?? ''}`}
    >
      {text}
    </span>
  );
}
