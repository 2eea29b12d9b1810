/** A price shown in the user's chosen odds format. Exact decimal odds in, rounded only here. */
import { formatOdds } from '../domain/odds.ts';
import { useSettings } from '../state/app-stores-context.tsx';

export function useFormatOdds(): (decimal: number) => string {
  const format = useSettings((state) => state.oddsFormat);
  return (decimal) => formatOdds(decimal, format);
}

export function OddsText({ decimal, className }: { decimal: number; className?: string }) {
  const format = useFormatOdds();
  return <span className={`tabular-nums ${className ?? ''}`}>{format(decimal)}</span>;
}
