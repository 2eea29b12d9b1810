/** Whether the slip's games are streamed now (state/live-odds/), in one word for the grid. */
import { useMemo } from 'react';
import type { SlipLeg } from '../../../domain/slip.ts';
import { useLiveSummary, type LiveSummary } from '../../../state/live-odds/live-status.ts';

export function useSlipLive(legs: readonly SlipLeg[]): LiveSummary {
  const fixtureKey = useMemo(() => [...new Set(legs.map((leg) => leg.fixtureId))].sort().join(','), [legs]);
  return useLiveSummary(fixtureKey);
}
