/** Downloads the grid as it stands, in the chosen odds format, with each leg's game. */
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useOddsClient } from '../../../api/odds-client-context.tsx';
import type { SlipLeg } from '../../../domain/slip.ts';
import { useSettings } from '../../../state/app-stores-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { SpokenLabel } from '../../../ui/spoken-label.tsx';
import { buildGridCsv } from '../model/grid-csv.ts';
import type { BookColumn } from '../model/grid-model.ts';
import type { FairValue } from '../data/use-fair-value.ts';
import { answeredLegGames, loadLegGames, type LegGame } from '../data/leg-games.ts';

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

const UNKNOWN_GAME_REASONS = {
  'not-listed': 'no longer listed (started, finished or removed)',
  failed: 'could not be loaded (download again to retry)',
} as const;

/** The legs with the games their odds name, each game's status, and why a game is unknown. */
function withLegGames(legs: readonly SlipLeg[], legGames: readonly LegGame[]) {
  return {
    legs: legs.map((leg, index): SlipLeg => {
      const answer = legGames[index];
      if (leg.game !== null || answer?.kind !== 'known') return leg;
      const { homeTeam, awayTeam, startDate, leagueId } = answer.fixture;
      return { ...leg, game: { homeTeam, awayTeam, startDate, leagueId } };
    }),
    gameStatuses: legGames.map((answer) => (answer.kind === 'known' ? answer.fixture.status : null)),
    // The grid may not have drawn these answers yet (they can land just before the click): the file has them.
    changedAtByLeg: legGames.map((answer) => (answer.kind === 'known' ? answer.changedAtByBook : {})),
    gameUnknownReasons: legGames.map((answer, index) =>
      answer.kind === 'known' || legs[index]?.game ? null : UNKNOWN_GAME_REASONS[answer.kind],
    ),
  };
}

/**
 * Downloads the grid as it stands when clicked. A leg from a share link learns its game from odds
 * that may answer after the prices; rather than write blank games, the download waits for them
 * (the button says so) and then saves: the file is the one the user asked for, only complete.
 */
export function DownloadCsvButton({ legs, columns, mode, fair }: DownloadCsvButtonProps) {
  const format = useSettings((state) => state.oddsFormat);
  const stake = useSettings((state) => state.stake);
  const queryClient = useQueryClient();
  const client = useOddsClient();
  const [waitingForGames, setWaitingForGames] = useState(false);
  const save = (legGames: readonly LegGame[]) => {
    const csv = buildGridCsv({
      ...withLegGames(legs, legGames),
      columns,
      mode,
      format,
      stake,
      fair,
      nowMs: Date.now(),
    });
    const day = new Date().toISOString().slice(0, 10);
    saveTextFile(`parlay-prices-${day}.csv`, csv, 'text/csv;charset=utf-8');
  };
  const download = () => {
    if (waitingForGames) return;
    const answered = answeredLegGames(queryClient, client, legs);
    // Everything known: saved at once, within the click (browsers trust a download the user started).
    if (answered.every((answer) => answer !== undefined)) {
      save(answered);
      return;
    }
    setWaitingForGames(true);
    void loadLegGames(queryClient, client, legs)
      .then(save)
      .finally(() => setWaitingForGames(false));
  };
  return (
    <Button className="min-h-9 px-2" onClick={download} aria-busy={waitingForGames}>
      {waitingForGames ? (
        <SpokenLabel shown="CSV: loading games…" spoken="Download CSV: waiting for the legs’ games" />
      ) : (
        <SpokenLabel shown="CSV ↓" spoken="Download CSV" />
      )}
    </Button>
  );
}
