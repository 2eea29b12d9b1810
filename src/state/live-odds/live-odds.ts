/**
 * The live odds of one app instance: watches what is shown (the slip's games, opened games and game
 * rows in view, the chosen books) and keeps the tab's streams shaped to it (live-odds-manager.ts),
 * reshaping a moment after the last change so a burst of taps reshapes once. Loaded after the first
 * paint (app/parlay-app.tsx), outside React so it runs the same on React and Preact.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { OddsClient } from '../../api/client.ts';
import { oddsKeys } from '../../api/queries.ts';
import type { OpenEventSource } from '../../api/stream/odds-stream.ts';
import { isRecord } from '../../domain/records.ts';
import type { AppStores } from '../app-stores.ts';
import { createLiveOddsManager } from './live-odds-manager.ts';
import { planStreams, streamRequestKey } from './stream-plan.ts';
import { watchedGamesOf } from './watched-games.ts';

/** Long enough to gather a burst of changes (taps, rows scrolling into view) into one reshape. */
const RESHAPE_DELAY_MS = 300;

export interface LiveOddsOptions {
  client: OddsClient;
  queryClient: QueryClient;
  stores: Pick<AppStores, 'slip' | 'settings'>;
  baseUrl: string;
  openEventSource: OpenEventSource;
}

/** A game's sport, from any odds answer held for it (a slip leg's own market query has one). */
function sportFromCache(queryClient: QueryClient, fixtureId: string): string | null {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: oddsKeys.all })) {
    if (query.queryKey[2] !== fixtureId) continue;
    const data: unknown = query.state.data;
    const fixture = isRecord(data) ? data.fixture : null;
    if (isRecord(fixture) && typeof fixture.sportId === 'string') return fixture.sportId;
  }
  return null;
}

/** Starts the instance's live odds; returns the stop (every stream closed, polling back). */
export function startLiveOdds({ client, queryClient, stores, baseUrl, openEventSource }: LiveOddsOptions): () => void {
  const manager = createLiveOddsManager({ client, queryClient, baseUrl, openEventSource });
  const watched = watchedGamesOf(client);
  const sportByFixture = new Map<string, string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let shapeKey = '';

  const slipFixtureIds = () => [...new Set(stores.slip.getState().legs.map((leg) => leg.fixtureId))];

  /** The streams the tab should have now, and the slip games left out only because their sport is not known yet. */
  const planNow = () => {
    const slipGames = new Map<string, string>();
    const sportUnknown: string[] = [];
    for (const fixtureId of slipFixtureIds()) {
      const sport = sportByFixture.get(fixtureId) ?? sportFromCache(queryClient, fixtureId);
      if (sport === null) {
        sportUnknown.push(fixtureId);
        continue;
      }
      sportByFixture.set(fixtureId, sport);
      slipGames.set(fixtureId, sport);
    }
    const { books, fairValue } = stores.settings.getState();
    const plan = planStreams({ slipGames, watchedGames: watched.current(), chosenBooks: books, everyBook: fairValue });
    return { plan, sportUnknown };
  };
  const reshape = () => {
    const { plan, sportUnknown } = planNow();
    const key = plan.map(streamRequestKey).join('\n');
    if (key !== shapeKey) {
      shapeKey = key;
      manager.reshape(plan);
    }
    manager.joining(sportUnknown);
  };
  const reshapeSoon = () => {
    clearTimeout(timer);
    timer = setTimeout(reshape, RESHAPE_DELAY_MS);
  };
  // A leg added counts as live at once (before the reshape) if a stream will be asked for its game.
  const slipChanged = () => {
    const { plan, sportUnknown } = planNow();
    manager.joining([...sportUnknown, ...plan.flatMap((request) => request.fixtureIds)]);
    reshapeSoon();
  };

  const stops = [
    stores.slip.subscribe(slipChanged),
    stores.settings.subscribe(reshapeSoon),
    watched.subscribe(reshapeSoon),
    // A leg's sport is known once its game's odds arrive.
    queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryKey[0] !== oddsKeys.all[0]) return;
      const fixtureId = event.query.queryKey[2];
      if (typeof fixtureId === 'string' && !sportByFixture.has(fixtureId) && slipFixtureIds().includes(fixtureId))
        reshapeSoon();
    }),
  ];
  reshapeSoon();
  return () => {
    for (const stop of stops) stop();
    clearTimeout(timer);
    manager.close();
  };
}
