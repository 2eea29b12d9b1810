/** Export the log as JSON or CSV, and import either: each bet checked, merged by id, skips named. */
import { useState, type ChangeEvent } from 'react';
import { betLogCsv, betLogJson, readBetLogCsv, readBetLogJson } from '../../domain/bet-log/bet-log-files.ts';
import { useBetLog, useBetLogStore } from '../../state/bet-log/bet-log-context.tsx';
import { Button } from '../../ui/button.tsx';

function download(text: string, name: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export function BetLogFilesControls() {
  const store = useBetLogStore();
  const bets = useBetLog((state) => state.bets);
  const [report, setReport] = useState<string[] | null>(null);
  const day = new Date().toISOString().slice(0, 10);

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    const text = await file.text();
    const read = file.name.toLowerCase().endsWith('.csv') ? readBetLogCsv(text) : readBetLogJson(text);
    if (read.error !== null) {
      setReport([`${file.name}: ${read.error} Nothing was imported.`]);
      return;
    }
    const { added, updated } = await store.getState().betsImported(read.bets);
    setReport([
      `${file.name}: ${added} bets added, ${updated} updated, ${read.bets.length - added - updated} already in the log.`,
      ...read.skipped.map((skip) => `Skipped ${skip.where}: ${skip.reason}`),
    ]);
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          disabled={bets.length === 0}
          onClick={() => download(betLogJson(bets, Date.now()), `bet-log-${day}.json`, 'application/json')}
        >
          Export JSON
        </Button>
        <Button
          disabled={bets.length === 0}
          onClick={() => download(betLogCsv(bets), `bet-log-${day}.csv`, 'text/csv')}
        >
          Export CSV
        </Button>
        <label className="relative inline-flex min-h-11 cursor-pointer items-center rounded-md border border-line px-3 text-sm font-medium hover:bg-raised">
          Import JSON or CSV
          <input
            type="file"
            accept=".json,.csv,application/json,text/csv"
            className="sr-only"
            onChange={(event) => void importFile(event)}
          />
        </label>
      </div>
      {report !== null ? (
        <ul role="status" className="text-sm">
          {report.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
