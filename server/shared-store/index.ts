/** The store our server uses: Redis (with memory as its fallback) when REDIS_URL is set, else memory. */
import type { SharedStateConfig } from '../config.ts';
import { describeRedisUrl, FailoverStore } from './failover-store.ts';
import { MemoryStore } from './memory-store.ts';
import type { SharedStore, StoreHealth } from './store.ts';

export type { SharedStore } from './store.ts';

export interface OpenedStore {
  store: SharedStore;
  /** One line for the start-up log: which store, and what lives in it. */
  description: string;
  /** For /health: `degraded` while Redis is configured but not in use (unreachable or slow). */
  health: () => StoreHealth;
  close: () => Promise<void>;
}

export function openSharedStore(config: SharedStateConfig, log: (line: string) => void): OpenedStore {
  const memory = new MemoryStore({ maxBytes: config.memoryCacheBytes, maxMembersPerWindow: config.maxTrackedClients });
  const cache = config.cacheAnswers ? 'answer cache' : 'answer cache off';
  if (config.redisUrl === null) {
    return {
      store: memory,
      description: `Shared state: this process's memory (${cache}, up to ${Math.round(config.memoryCacheBytes / 1024 / 1024)} MB; per-client limits; no REDIS_URL set).`,
      health: () => 'ok',
      close: async () => undefined,
    };
  }
  const store = new FailoverStore({
    url: config.redisUrl,
    keyPrefix: config.redisKeyPrefix,
    commandTimeoutMs: config.redisCommandTimeoutMs,
    connectTimeoutMs: 1_000,
    memory,
    log,
  });
  const sealed =
    config.cacheSigningKey === null
      ? ' CACHE_SIGNING_KEY is not set: each instance reads back only the answers it stored itself (set one secret on every instance to share them).'
      : '';
  return {
    store,
    description: `Shared state: Redis at ${describeRedisUrl(config.redisUrl)} (${cache}, coalescing, per-client limits, upstream budget); this process's memory while it is unreachable.${sealed}`,
    health: () => store.health,
    close: () => store.close(),
  };
}
