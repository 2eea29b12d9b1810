/**
 * Keeps the log's grades and closing prices up to date while it is on screen: asks when something
 * can be learnt (a game begun and a leg not final, or a close not yet looked up), then each minute
 * while bets are open; what it learns is written into the log, so a reload does not ask again.
 */
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNowEveryMinute } from '../../ui/minute-clock.tsx';
import { createBetTrackingClient } from '../../api/bet-tracking/endpoints.ts';
import { useBetLog, useBetLogClientOptions, useBetLogStore } from '../../state/bet-log/bet-log-context.tsx';
import { hasWorkAt, refreshBets } from './refresh-bets.ts';

const MINUTE_MS = 60_000;

/** The log's own client for the screens after the bet, on the page's options. */
function useBetTrackingClient() {
  const options = useBetLogClientOptions();
  return useMemo(() => createBetTrackingClient(options), [options]);
}

export function useRefreshBets() {
  const client = useBetTrackingClient();
  const store = useBetLogStore();
  const bets = useBetLog((state) => state.bets);
  const ready = useBetLog((state) => state.status === 'ready');
  const now = useNowEveryMinute();
  const work = ready && hasWorkAt(bets, now);
  // eslint-disable-next-line @tanstack/query/exhaustive-deps -- one log and one client per app instance
  return useQuery({
    queryKey: ['bet-log', 'refresh'],
    queryFn: async ({ signal }) => {
      const outcome = await refreshBets(client, store.getState().bets, Date.now(), signal);
      if (outcome.updated.length > 0) await store.getState().betsUpdated(outcome.updated);
      return outcome;
    },
    enabled: work,
    staleTime: MINUTE_MS,
    refetchInterval: work ? MINUTE_MS : false,
  });
}
