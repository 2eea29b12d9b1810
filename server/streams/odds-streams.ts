/** The odds streams of one app: the hub, its coordinator (Redis when REDIS_URL is set) and the route. */
import type { Hono } from 'hono';
import type { ServerConfig } from '../config.ts';
import type { UpstreamTarget } from '../proxy/upstream-call.ts';
import type { SharedStore } from '../shared-store/store.ts';
import { LocalCoordinator, type StreamCoordinator } from './coordination.ts';
import { RedisCoordinator } from './redis-coordination.ts';
import { systemClock, type StreamClock } from './stream-clock.ts';
import { StreamHub } from './stream-hub.ts';
import { oddsStreamRoutes, type ApiHeadersFor } from './stream-route.ts';

export interface OddsStreams {
  hub: StreamHub;
  /** The stream routes (mount at /api/v3/stream); each answer carries the headers `headersFor` its request. */
  routes: (headersFor: ApiHeadersFor) => Hono;
  description: string;
  close(): Promise<void>;
}

export interface OddsStreamsOptions {
  /** The store the proxy keeps its counts in: the stream-open buckets and the upstream budget are shared with it. */
  store: SharedStore;
  /** The key's calls per budget window, as the proxy counts them. */
  upstreamLimit: { calls: number; windowMs: number };
  log: (line: string) => void;
  clock?: StreamClock;
  /** Another coordinator (tests); default: Redis with REDIS_URL, else this instance alone. */
  coordinator?: StreamCoordinator;
}

export function openOddsStreams(
  config: ServerConfig,
  target: UpstreamTarget,
  options: OddsStreamsOptions,
): OddsStreams {
  const clock = options.clock ?? systemClock;
  const redisUrl = config.shared.redisUrl;
  const coordinator =
    options.coordinator ??
    (redisUrl === null
      ? new LocalCoordinator()
      : new RedisCoordinator({
          url: redisUrl,
          keyPrefix: config.shared.redisKeyPrefix,
          commandTimeoutMs: config.shared.redisCommandTimeoutMs,
          leaseTtlMs: config.streams.leaseTtlMs,
          clock,
          log: options.log,
        }));
  const hub = new StreamHub({
    settings: config.streams,
    maxOpen: config.connections.maxStreamConnections,
    target,
    coordinator,
    store: options.store,
    upstreamLimit: options.upstreamLimit,
    clock,
    log: options.log,
  });
  return {
    hub,
    routes: (headersFor) =>
      oddsStreamRoutes(
        {
          hub,
          settings: config.streams,
          clock,
          trustProxy: config.shared.trustProxy,
          allowedOrigins: config.allowedOrigins,
        },
        headersFor,
      ),
    description: coordinator.description,
    close: async () => {
      await hub.close();
      await coordinator.close();
    },
  };
}
