/**
 * Holds a tab's live odds streams (one per sport, stream-plan.ts) and keeps them in step with what
 * is shown: each event is written into the odds queries; the games a healthy stream carries stop
 * polling (api/live-coverage.ts), and poll again, at once, when it fails.
 *
 * A stream reshaped (a leg added, a game opened) is replaced make-before-break: the new one opens
 * while the old one keeps carrying its games, and the old one closes once the new one is live, so
 * no price is missed in between (both write the same rows; an older price never replaces a newer).
 */
import { oddsKeys } from '../../api/queries.ts';
import type { Query, QueryClient } from '@tanstack/react-query';
import type { OddsClient } from '../../api/client.ts';
import { liveCoverageChanged, type LiveCoverage } from '../../api/live-coverage.ts';
import { applyStreamEvent } from '../../api/stream/apply-stream-event.ts';
import {
  openOddsStream,
  type OddsStream,
  type OddsStreamPhase,
  type OddsStreamRequest,
  type OpenEventSource,
} from '../../api/stream/odds-stream.ts';
import type { Sportsbook } from '../../domain/sportsbooks.ts';
import { livePhasesChanged } from './live-status.ts';
import { streamRequestKey } from './stream-plan.ts';

interface Connection {
  key: string;
  request: OddsStreamRequest;
  stream: OddsStream;
  /** Whether it has ever been live: one refused from the start (no stream on this server) is not "interrupted". */
  everLive: boolean;
  /** Whether it has ever been down: a replacement that failed no longer stands in as live. */
  everDown: boolean;
}

/** What the page is told of a connection: a stream that never came up counts as still coming. */
function shownPhase(connection: Connection): OddsStreamPhase {
  const { phase } = connection.stream;
  return phase === 'down' && !connection.everLive ? 'connecting' : phase;
}

interface SportStreams {
  /** The stream carrying the sport's games. */
  current: Connection | null;
  /** Its replacement, until it is live. */
  next: Connection | null;
}

export interface LiveOddsManagerOptions {
  client: OddsClient;
  queryClient: QueryClient;
  baseUrl: string;
  openEventSource: OpenEventSource;
}

export interface LiveOddsManager {
  reshape(plan: readonly OddsStreamRequest[]): void;
  /**
   * Slip games the streams are about to be asked to add (the reshape waits a moment, and for each
   * game's sport): while a stream carries the slip, they count as live for up to JOINING_MS, so
   * the freshness line does not say "polled" for the moment a leg is being added.
   */
  joining(fixtureIds: readonly string[]): void;
  close(): void;
}

/** Streams in these phases deliver every change (a resuming one replays what it missed). */
function carries(connection: Connection | null): boolean {
  return connection !== null && (connection.stream.phase === 'live' || connection.stream.phase === 'reconnecting');
}

/** The longest a game counts as live before any stream is asked for it (its sport never known). */
const JOINING_MS = 5_000;

/** How often unreadable stream items are reported in the console, at most. */
const DROPPED_REPORT_MS = 60_000;

export function createLiveOddsManager({
  client,
  queryClient,
  baseUrl,
  openEventSource,
}: LiveOddsManagerOptions): LiveOddsManager {
  const sports = new Map<string, SportStreams>();
  let coverage: LiveCoverage = new Map();
  let joining: ReadonlySet<string> = new Set();
  let joiningTimer: ReturnType<typeof setTimeout> | undefined;
  let unreported = 0;
  let lastReportAt = Number.NEGATIVE_INFINITY;

  const reportDropped = (count: number) => {
    unreported += count;
    if (Date.now() - lastReportAt < DROPPED_REPORT_MS) return;
    console.warn(`parlay-builder: live odds: ${unreported} unreadable stream items skipped.`);
    unreported = 0;
    lastReportAt = Date.now();
  };

  /** The odds queries of these games fetch now (when shown): a gap in the stream is filled from the service. */
  const refetchOddsOf = (fixtureIds: ReadonlySet<string>) => {
    if (fixtureIds.size === 0) return;
    void queryClient.invalidateQueries({
      queryKey: oddsKeys.all,
      predicate: (query: Query) => fixtureIds.has(String(query.queryKey[2])),
    });
  };

  const publish = () => {
    const nextCoverage = new Map<string, ReadonlySet<Sportsbook>>();
    const phases = new Map<string, OddsStreamPhase>();
    for (const { current, next } of sports.values()) {
      // The replacement's phase tells for games only it will carry, the current one's for the rest;
      // while the replacement is still connecting (make-before-break), the current one's for all.
      const standsIn = current !== null && carries(current) && next?.stream.phase === 'connecting' && !next.everDown;
      for (const connection of [next, current]) {
        if (connection === null) continue;
        const books = new Set(connection.request.sportsbooks);
        const shown = standsIn && connection === next ? shownPhase(current) : shownPhase(connection);
        for (const fixtureId of connection.request.fixtureIds) {
          if (carries(connection)) nextCoverage.set(fixtureId, books);
          if (!phases.has(fixtureId) || carries(connection)) phases.set(fixtureId, shown);
        }
      }
    }
    // Not asked of any stream yet: live while one carries the slip. Still polled (no coverage).
    const carrying = [...sports.values()].some(({ current }) => carries(current));
    for (const fixtureId of joining) if (carrying && !phases.has(fixtureId)) phases.set(fixtureId, 'live');
    const lost = new Set([...coverage.keys()].filter((fixtureId) => !nextCoverage.has(fixtureId)));
    const changed = lost.size > 0 || [...nextCoverage.keys()].some((fixtureId) => !coverage.has(fixtureId));
    coverage = nextCoverage;
    liveCoverageChanged(client, coverage);
    livePhasesChanged(client, phases);
    if (!changed) return;
    // Each query reads the coverage when its options are set: set them again so polling stops, or
    // comes back, now rather than after its next answer.
    for (const query of queryClient.getQueryCache().getAll())
      for (const observer of query.observers) observer.setOptions(observer.options);
    refetchOddsOf(lost);
  };

  const open = (request: OddsStreamRequest): Connection => {
    let previous: OddsStreamPhase = 'connecting';
    const connection: Connection = {
      key: streamRequestKey(request),
      request,
      everLive: false,
      everDown: false,
      stream: openOddsStream({
        baseUrl,
        request,
        openEventSource,
        onEvent: (event) => applyStreamEvent(queryClient, event),
        onDropped: reportDropped,
        onPhase: (phase) => {
          const sport = sports.get(request.sport);
          if (sport?.next === connection && phase === 'live') {
            sport.current?.stream.close();
            sport.current = connection;
            sport.next = null;
          }
          // Back after being down: what changed meanwhile came only from polling, so ask once now.
          if (previous === 'down' && phase === 'live') refetchOddsOf(new Set(request.fixtureIds));
          previous = phase;
          if (phase === 'live') connection.everLive = true;
          if (phase === 'down') connection.everDown = true;
          publish();
        },
      }),
    };
    return connection;
  };

  return {
    reshape(plan) {
      const wanted = new Set(plan.map((request) => request.sport));
      for (const [sport, { current, next }] of sports) {
        if (wanted.has(sport)) continue;
        current?.stream.close();
        next?.stream.close();
        sports.delete(sport);
      }
      for (const request of plan) {
        const key = streamRequestKey(request);
        const streams = sports.get(request.sport) ?? { current: null, next: null };
        sports.set(request.sport, streams);
        // Already opening: the current one carries on until it is live.
        if (streams.next?.key === key) continue;
        if (streams.current?.key === key) {
          // Back to what is open: the replacement is not needed.
          streams.next?.stream.close();
          streams.next = null;
          continue;
        }
        streams.next?.stream.close();
        const connection = open(request);
        if (carries(streams.current)) {
          streams.next = connection;
        } else {
          streams.current?.stream.close();
          streams.current = connection;
          streams.next = null;
        }
      }
      publish();
    },
    joining(fixtureIds) {
      joining = new Set(fixtureIds);
      clearTimeout(joiningTimer);
      if (joining.size > 0)
        joiningTimer = setTimeout(() => {
          joining = new Set();
          publish();
        }, JOINING_MS);
      publish();
    },
    close() {
      clearTimeout(joiningTimer);
      joining = new Set();
      for (const { current, next } of sports.values()) {
        current?.stream.close();
        next?.stream.close();
      }
      sports.clear();
      publish();
    },
  };
}
