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

/** Never broken across lines (a price split in two reads as two numbers). */
export function OddsText({ decimal, format, className }: { decimal: number; format: OddsFormat; className?: string }) {
  const text = formatOdds(decimal, format);
  return <span className={`whitespace-nowrap tabular-nums ${sizeClass(text)} ${className ?? ''}`}>{text}</span>;
}
