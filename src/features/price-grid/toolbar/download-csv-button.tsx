/** Downloads the grid as it stands, in the chosen odds format. */
import { useQueryClient } from '@tanstack/react-query';
import { useOddsClient } from '../../../api/odds-client-context.tsx';
import { legMarketOddsQuery } from '../../../api/queries.ts';
import type { SlipLeg } from '../../../domain/slip.ts';
import { useSettings } from '../../../state/app-stores-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { SpokenLabel } from '../../../ui/spoken-label.tsx';
import { buildGridCsv } from '../model/grid-csv.ts';
import type { BookColumn } from '../model/grid-model.ts';
import type { FairValue } from '../data/use-fair-value.ts';

function saveTextFile(fileName: string, text: string, type: string) {
  // The byte-order mark makes Excel read the file as UTF-8 (curly quotes, team names with accents).
  const url = URL.createObjectURL(new Blob(['\uFEFF', text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

interface DownloadCsvButtonProps {
  legs: readonly SlipLeg[];
  columns: readonly BookColumn[];
  mode: 'parlay' | 'straight';
  fair: FairValue | null;
}

export function DownloadCsvButton({ legs, columns, mode, fair }: DownloadCsvButtonProps) {
  const format = useSettings((state) => state.oddsFormat);
  const stake = useSettings((state) => state.stake);
  const queryClient = useQueryClient();
  const client = useOddsClient();
  const download = () => {
    // Each leg's game status as the odds the grid reads last said (the slip shows the same).
    const gameStatuses = legs.map(
      (leg) =>
        queryClient.getQueryData(legMarketOddsQuery(client, leg.fixtureId, leg.market).queryKey)?.fixture.status ??
        null,
    );
    const csv = buildGridCsv({ legs, columns, mode, format, stake, fair, gameStatuses, nowMs: Date.now() });
    const day = new Date().toISOString().slice(0, 10);
    saveTextFile(`parlay-prices-${day}.csv`, csv, 'text/csv;charset=utf-8');
  };
  return (
    <Button className="min-h-9 px-2" onClick={download}>
      <SpokenLabel shown="CSV ↓" spoken="Download CSV" />
    </Button>
  );
}
