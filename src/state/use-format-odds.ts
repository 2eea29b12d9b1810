/** Formats prices in the odds format this app instance's user chose. */
import { formatOdds, type OddsFormat } from '../domain/odds/odds.ts';
import { useSettings } from './app-stores-context.tsx';

export function useOddsFormat(): OddsFormat {
  return useSettings((state) => state.oddsFormat);
}

export function useFormatOdds(): (decimal: number) => string {
  const format = useOddsFormat();
  return (decimal) => formatOdds(decimal, format);
}
