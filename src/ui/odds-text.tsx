/** A price shown in an odds format. Exact decimal odds in, rounded only here. */
import { formatOdds, type OddsFormat } from '../domain/odds/odds.ts';

export function OddsText({ decimal, format, className }: { decimal: number; format: OddsFormat; className?: string }) {
  return <span className={`tabular-nums ${className ?? ''}`}>{formatOdds(decimal, format)}</span>;
}
