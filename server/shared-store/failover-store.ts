/**
 * Redis while it answers in time, this process's memory the moment it does not: a circuit breaker.
 * Every operation goes to Redis while the circuit is closed, with a deadline on each command (see
 * redis-store.ts); an operation that fails, times out or gets a malformed reply is answered from
 * memory, and FAILURES_TO_OPEN of them in a row open the circuit: every later operation is then
 * answered from memory without waiting on Redis at all (one hiccup does not send the instance to
 * memory, where locks it holds in Redis would be left for the others to wait out). While the
 * circuit is open a probe writes to Redis every PROBE_EVERY_MS with the same deadline; after
 * HEALTHY_PROBES_TO_CLOSE probes in a row succeed, operations return to Redis. While it is closed
 * a watchdog probe runs every WATCHDOG_EVERY_MS, so a Redis that froze while every request was
 * answered from this process's prepared answers is noticed too (and /health says so). One log
 * line per change of state (ready, down, back), never one per failed request.
 *
 * Limits fail closed: a limit whose value in Redis is malformed (garbage under its key, a reply of
 * the wrong shape) is counted in memory for that request, never waved through. Redis answered in
 * time, so that does not open the circuit; it is logged once per process.
 */
import { MemoryStore } from './memory-store.ts';
import { nodeRedis } from './redis-module.ts';
import { connectRedis, RedisReplyError, RedisStore, type RedisClient, type RedisStoreOptions } from './redis-store.ts';
import type { SharedStore, StoreHealth, TokenBucket, TokenDecision } from './store.ts';

const PROBE_EVERY_MS = 500;
const WATCHDOG_EVERY_MS = 1_000;
/** Locks let go while Redis was not in use, to let go of in Redis too once it is back (bounded). */
const MAX_PENDING_RELEASES = 10_000;
/** A frozen or slow Redis fails every command: three in a row come within one deadline under load. */
const FAILURES_TO_OPEN = 3;
/** Two in a row, so a Redis that answers one command in time between slow ones does not flap. */
const HEALTHY_PROBES_TO_CLOSE = 2;

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

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 120);
}

export class FailoverStore implements SharedStore {
  readonly #memory: MemoryStore;
  readonly #redis: RedisStore;
  readonly #client: RedisClient;
  readonly #log: (line: string) => void;
  readonly #where: string;
  /** Closed: operations go to Redis. Open: to memory, while the probe watches Redis. */
  #circuitClosed = false;
  #everClosed = false;
  /** Whether the "unreachable" line was written for the current outage. */
  #downLogged = false;
  #healthyProbes = 0;
  #failuresInARow = 0;
  /**
   * Locks released while the circuit was open: such a lock may have been taken in Redis before it
   * opened, and would otherwise hold every instance's callers of that question until it expires.
   */
  readonly #pendingReleases = new Map<string, string>();
  #probing = false;
  #probeTimer: NodeJS.Timeout | null = null;
  #watchdogTimer: NodeJS.Timeout | null = null;
  #closed = false;
  /** Whether the line about a malformed limit value was written (once per process). */
  #malformedLimitLogged = false;

  constructor(options: FailoverStoreOptions) {
    this.#memory = options.memory;
    this.#log = options.log;
    this.#where = describeRedisUrl(options.url);
    this.#client = connectRedis(options, {
      onReady: () => this.#probeNow(),
      onDown: (reason) => this.#open(reason),
    });
    this.#redis = new RedisStore(this.#client, options.keyPrefix, options.commandTimeoutMs);
    this.#startProbe();
    this.#watchdogTimer = setInterval(() => this.#watch(), WATCHDOG_EVERY_MS);
    this.#watchdogTimer.unref();
  }

  /** Which backend operations go to right now. */
  get kind(): 'memory' | 'redis' {
    return this.#circuitClosed ? 'redis' : 'memory';
  }

  /** `degraded` while Redis is unreachable or slow and this instance answers from its own memory. */
  get health(): StoreHealth {
    return this.#circuitClosed ? 'ok' : 'degraded';
  }

  get(key: string, expectedBytes?: number): Promise<string | null> {
    return this.#run((store) => store.get(key, expectedBytes));
  }

  set(key: string, value: string, ttlMs: number): Promise<void> {
    return this.#run((store) => store.set(key, value, ttlMs));
  }

  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    return this.#run((store) => store.setIfAbsent(key, value, ttlMs));
  }

  /** A lock whose release could not reach Redis is released there once it can be (else it holds others until it expires). */
  async deleteIfEquals(key: string, value: string): Promise<void> {
    if (this.#circuitClosed) {
      try {
        await this.#redis.deleteIfEquals(key, value);
        this.#failuresInARow = 0;
        return;
      } catch (error) {
        this.#failed(reasonOf(error));
      }
    }
    if (this.#pendingReleases.size < MAX_PENDING_RELEASES) this.#pendingReleases.set(key, value);
    return this.#memory.deleteIfEquals(key, value);
  }

  countInWindow(scope: string, member: string, windowMs: number, now: number): Promise<number> {
    return this.#runLimit(scope, (store) => store.countInWindow(scope, member, windowMs, now));
  }

  takeToken(scope: string, member: string, bucket: TokenBucket, now: number): Promise<TokenDecision> {
    return this.#runLimit(scope, (store) => store.takeToken(scope, member, bucket, now));
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#stopProbe();
    if (this.#watchdogTimer !== null) clearInterval(this.#watchdogTimer);
    this.#circuitClosed = false;
    await this.#client.close().catch(() => undefined);
  }

  async #run<T>(operation: (store: SharedStore) => Promise<T>): Promise<T> {
    if (this.#circuitClosed) {
      try {
        const result = await operation(this.#redis);
        this.#failuresInARow = 0;
        return result;
      } catch (error) {
        this.#failed(reasonOf(error));
      }
    }
    return operation(this.#memory);
  }

  /** A limit: a malformed answer from Redis is counted in memory instead, logged once, the circuit left alone. */
  async #runLimit<T>(scope: string, operation: (store: SharedStore) => Promise<T>): Promise<T> {
    if (this.#circuitClosed) {
      try {
        const result = await operation(this.#redis);
        this.#failuresInARow = 0;
        return result;
      } catch (error) {
        // The client's class looked up here, not imported: importing @redis/client slows every instance's
        // string code, Redis or not (redis-module.ts).
        if (error instanceof RedisReplyError || error instanceof nodeRedis().ErrorReply) {
          if (!this.#malformedLimitLogged) {
            this.#malformedLimitLogged = true;
            this.#log(
              `Redis at ${this.#where} holds a malformed value for a limit (${scope}: ${reasonOf(error)}): such limits are counted in this process's memory instead (logged once).`,
            );
          }
        } else this.#failed(reasonOf(error));
      }
    }
    return operation(this.#memory);
  }

  /** One failed operation (or watchdog write) while the circuit is closed. */
  #failed(reason: string): void {
    this.#failuresInARow++;
    if (this.#failuresInARow >= FAILURES_TO_OPEN) this.#open(reason);
  }

  #open(reason: string): void {
    this.#failuresInARow = 0;
    if (this.#closed) return;
    this.#healthyProbes = 0;
    if (!this.#downLogged) {
      this.#log(
        `Redis at ${this.#where} is unreachable or too slow (${reason}): this instance answers from its own memory until it returns.`,
      );
      this.#downLogged = true;
    }
    this.#circuitClosed = false;
    this.#startProbe();
  }

  #closeCircuit(): void {
    if (this.#closed || this.#circuitClosed) return;
    this.#circuitClosed = true;
    this.#downLogged = false;
    this.#stopProbe();
    this.#log(
      this.#everClosed
        ? `Redis at ${this.#where} is back: cache, coalescing and limits are shared again.`
        : `Redis at ${this.#where} is ready: cache, coalescing and limits are shared by every instance.`,
    );
    this.#everClosed = true;
    this.#releaseLeftLocks();
  }

  /** Compare-and-delete in Redis of the locks released meanwhile (one taken in memory matches nothing there). */
  #releaseLeftLocks(): void {
    const releases = [...this.#pendingReleases];
    this.#pendingReleases.clear();
    for (const [key, value] of releases) void this.#redis.deleteIfEquals(key, value).catch(() => undefined);
  }

  /** A connected but frozen Redis sends no event when it recovers: ask it now and then. */
  #startProbe(): void {
    if (this.#probeTimer !== null || this.#closed) return;
    this.#probeTimer = setInterval(() => this.#probeNow(), PROBE_EVERY_MS);
    this.#probeTimer.unref();
  }

  #stopProbe(): void {
    if (this.#probeTimer !== null) clearInterval(this.#probeTimer);
    this.#probeTimer = null;
  }

  /** With the circuit closed: one write under the deadline; its failure opens the circuit like any other. */
  #watch(): void {
    if (this.#closed || !this.#circuitClosed || this.#probing) return;
    this.#probing = true;
    this.#redis
      .probe()
      .then(
        () => {
          this.#failuresInARow = 0;
          if (this.#pendingReleases.size > 0) this.#releaseLeftLocks();
        },
        (error: unknown) => this.#failed(reasonOf(error)),
      )
      .finally(() => {
        this.#probing = false;
      });
  }

  #probeNow(): void {
    // One probe at a time: a frozen Redis must not collect a queue of them.
    if (this.#closed || this.#circuitClosed || this.#probing || !this.#client.isReady) return;
    this.#probing = true;
    this.#redis
      .probe()
      .then(
        () => {
          this.#healthyProbes++;
          if (this.#healthyProbes >= HEALTHY_PROBES_TO_CLOSE) this.#closeCircuit();
        },
        (error: unknown) => this.#open(reasonOf(error)),
      )
      .finally(() => {
        this.#probing = false;
      });
  }
}
