/**
 * The store in Redis (or Valkey), shared by every instance, through node-redis (`@redis/client`,
 * the official client's core without its module add-ons). Commands never wait on a dead server:
 * the offline queue is off (a command fails at once while disconnected) and each command has a
 * timeout; the client reconnects by itself in the background.
 */
import { createClient } from '@redis/client';
import { windowIndex, type SharedStore } from './store.ts';

export interface RedisStoreOptions {
  url: string;
  /** Longest a command may take before it counts as a failure. */
  commandTimeoutMs: number;
  /** Longest a connection attempt may take. */
  connectTimeoutMs: number;
  /** Prefix of every key, so several deployments can share one Redis. */
  keyPrefix: string;
}

export interface RedisConnectionEvents {
  onReady: () => void;
  onDown: (reason: string) => void;
}

/** Deletes the key only while it holds the given value: releasing one's own lock, atomically. */
const DELETE_IF_EQUALS =
  "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";

function createRedisClient(options: RedisStoreOptions) {
  return createClient({
    url: options.url,
    disableOfflineQueue: true,
    commandOptions: { timeout: options.commandTimeoutMs },
    socket: {
      connectTimeout: options.connectTimeoutMs,
      // Quick retries at first, then once a second: an instance notices Redis is back within ~1 s.
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 1_000),
    },
  });
}

export type RedisClient = ReturnType<typeof createRedisClient>;

export function connectRedis(options: RedisStoreOptions, events: RedisConnectionEvents): RedisClient {
  const client = createRedisClient(options);
  // Without a listener an 'error' event would crash the process; the failover store decides what it means.
  client.on('error', (error: unknown) => events.onDown(error instanceof Error ? error.message : String(error)));
  client.on('end', () => events.onDown('connection closed'));
  client.on('ready', () => events.onReady());
  client.connect().catch((error: unknown) => events.onDown(error instanceof Error ? error.message : String(error)));
  return client;
}

export class RedisStore implements SharedStore {
  readonly kind = 'redis' as const;
  readonly #client: RedisClient;
  readonly #prefix: string;

  constructor(client: RedisClient, keyPrefix: string) {
    this.#client = client;
    this.#prefix = keyPrefix;
  }

  async get(key: string): Promise<string | null> {
    const value = await this.#client.get(this.#prefix + key);
    return typeof value === 'string' ? value : null;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.#client.set(this.#prefix + key, value, {
      expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) },
    });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const reply = await this.#client.set(this.#prefix + key, value, {
      expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) },
      condition: 'NX',
    });
    return reply === 'OK';
  }

  async deleteIfEquals(key: string, value: string): Promise<void> {
    await this.#client.eval(DELETE_IF_EQUALS, { keys: [this.#prefix + key], arguments: [value] });
  }

  async countInWindow(scope: string, member: string, windowMs: number, now: number): Promise<number> {
    // One key per member and window, gone when the window is: no sweeping, whatever the count.
    const key = `${this.#prefix}${scope}:${windowIndex(now, windowMs)}:${member}`;
    const [count] = await this.#client.multi().incr(key).pExpire(key, windowMs).exec();
    return Number(count);
  }
}
