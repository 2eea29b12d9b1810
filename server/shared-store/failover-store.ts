/**
 * Redis while it answers, this process's memory the moment it does not: every operation goes to
 * Redis when it is up and falls back to memory on the first failure or timeout, and while Redis is
 * down operations go straight to memory (no request waits on a dead Redis). A probe (and the
 * client's own reconnection) notices when Redis is back, and operations return to it.
 */
import { MemoryStore } from './memory-store.ts';
import { connectRedis, RedisStore, type RedisClient, type RedisStoreOptions } from './redis-store.ts';
import type { SharedStore } from './store.ts';

const PROBE_EVERY_MS = 1_000;

export interface FailoverStoreOptions extends RedisStoreOptions {
  memory: MemoryStore;
  log: (line: string) => void;
}

/** Where Redis is, for log lines: host and port, never a password. */
export function describeRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.host}${parsed.pathname.length > 1 ? parsed.pathname : ''}`;
  } catch {
    return 'the configured REDIS_URL';
  }
}

export class FailoverStore implements SharedStore {
  readonly #memory: MemoryStore;
  readonly #redis: RedisStore;
  readonly #client: RedisClient;
  readonly #log: (line: string) => void;
  readonly #where: string;
  #redisUp = false;
  #everUp = false;
  #probe: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(options: FailoverStoreOptions) {
    this.#memory = options.memory;
    this.#log = options.log;
    this.#where = describeRedisUrl(options.url);
    this.#client = connectRedis(options, { onReady: () => this.#markUp(), onDown: (reason) => this.#markDown(reason) });
    this.#redis = new RedisStore(this.#client, options.keyPrefix);
  }

  /** Which backend operations go to right now. */
  get kind(): 'memory' | 'redis' {
    return this.#redisUp ? 'redis' : 'memory';
  }

  get(key: string): Promise<string | null> {
    return this.#run((store) => store.get(key));
  }

  set(key: string, value: string, ttlMs: number): Promise<void> {
    return this.#run((store) => store.set(key, value, ttlMs));
  }

  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return this.#run((store) => store.setIfAbsent(key, value, ttlMs));
  }

  deleteIfEquals(key: string, value: string): Promise<void> {
    return this.#run((store) => store.deleteIfEquals(key, value));
  }

  countInWindow(scope: string, member: string, windowMs: number, now: number): Promise<number> {
    return this.#run((store) => store.countInWindow(scope, member, windowMs, now));
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#stopProbe();
    this.#redisUp = false;
    await this.#client.close().catch(() => undefined);
  }

  async #run<T>(operation: (store: SharedStore) => Promise<T>): Promise<T> {
    if (this.#redisUp) {
      try {
        return await operation(this.#redis);
      } catch (error) {
        this.#markDown(error instanceof Error ? error.message : String(error));
      }
    }
    return operation(this.#memory);
  }

  #markUp(): void {
    if (this.#closed || this.#redisUp) return;
    this.#redisUp = true;
    this.#stopProbe();
    this.#log(
      this.#everUp
        ? `Redis at ${this.#where} is back: cache, coalescing and limits are shared again.`
        : `Redis at ${this.#where} is ready: cache, coalescing and limits are shared by every instance.`,
    );
    this.#everUp = true;
  }

  #markDown(reason: string): void {
    if (this.#closed) return;
    if (this.#redisUp || this.#probe === null) {
      this.#log(
        `Redis at ${this.#where} is unreachable (${reason.slice(0, 120)}): this instance answers from its own memory until it returns.`,
      );
    }
    this.#redisUp = false;
    this.#startProbe();
  }

  /** A connected but silent Redis sends no event when it recovers: ask it now and then. */
  #startProbe(): void {
    if (this.#probe !== null) return;
    this.#probe = setInterval(() => {
      if (!this.#client.isReady) return;
      this.#client.ping().then(
        () => this.#markUp(),
        () => undefined,
      );
    }, PROBE_EVERY_MS);
    this.#probe.unref();
  }

  #stopProbe(): void {
    if (this.#probe !== null) clearInterval(this.#probe);
    this.#probe = null;
  }
}
