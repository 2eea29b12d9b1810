/**
 * Several instances on one Redis: each upstream stream is read by one of them, the holder of a
 * lease in Redis (SET NX PX, renewed every third of its TTL, given back when the holder no longer
 * needs the stream). The holder publishes every message on the stream's channel; every other
 * instance that needs the stream subscribes (on its own connection, as pub/sub requires) and
 * relays. A holder that dies stops renewing: another instance takes the lease once it expires and
 * resumes the stream from the last entry id it relayed. While Redis cannot be reached for longer
 * than a lease, each instance reads the stream itself, as it would without Redis.
 * Every Redis call has a deadline; this module keeps its own connections (not the shared store's).
 */
import { nodeRedis } from '../shared-store/redis-module.ts';
import { randomUUID } from 'node:crypto';
import { isRecord } from '../../src/domain/records.ts';
import { upstreamStreamName, type UpstreamStreamKey } from './book-groups.ts';
import type { Membership, StreamCoordinator, UpstreamHandle, UpstreamStreamHooks } from './coordination.ts';
import { every, type StreamClock, type TimerHandle } from './stream-clock.ts';
import { isStreamEventType, rowFromRecord, type StreamRow } from './stream-rows.ts';
import type { RelayMessage } from './upstream-stream.ts';

export interface RedisCoordinatorOptions {
  url: string;
  keyPrefix: string;
  /** The deadline of every Redis call. */
  commandTimeoutMs: number;
  leaseTtlMs: number;
  clock: StreamClock;
  log: (line: string) => void;
}

/** Extends the lease only while it is still ours. */
const RENEW_IF_HELD =
  "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end";
/** Gives the lease back only while it is still ours. */
const RELEASE_IF_HELD =
  "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";

function connect(url: string, commandTimeoutMs: number) {
  return nodeRedis().createClient({
    url,
    // A command fails at once while disconnected rather than waiting in a queue.
    disableOfflineQueue: true,
    commandOptions: { timeout: commandTimeoutMs },
    socket: { connectTimeout: 1_000, reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, 1_000) },
  });
}

type RedisConnection = ReturnType<typeof connect>;

type LeaseAnswer = 'yes' | 'no' | 'unreachable';

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The message as it travels: rows as the service's JSON, inline. */
function wireOf(from: string, message: RelayMessage): string {
  if (message.kind === 'alive') return JSON.stringify({ from, kind: 'alive' });
  const { type, entryId, rows } = message.event;
  const head = JSON.stringify({ from, kind: 'event', type, entryId });
  return `${head.slice(0, -1)},"rows":[${rows.map((row) => row.text).join(',')}]}`;
}

function messageOf(wire: string): { from: string; message: RelayMessage } | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(wire);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || typeof parsed.from !== 'string') return null;
  if (parsed.kind === 'alive') return { from: parsed.from, message: { kind: 'alive' } };
  const type = typeof parsed.type === 'string' && isStreamEventType(parsed.type) ? parsed.type : null;
  if (parsed.kind !== 'event' || type === null || !Array.isArray(parsed.rows)) return null;
  const rows = parsed.rows.flatMap((item: unknown): StreamRow[] => {
    const row = isRecord(item) ? rowFromRecord(item, type) : null;
    return row === null ? [] : [row];
  });
  const entryId = typeof parsed.entryId === 'string' ? parsed.entryId : null;
  return { from: parsed.from, message: { kind: 'event', event: { type, entryId, rows } } };
}

export class RedisCoordinator implements StreamCoordinator {
  readonly description: string;
  readonly instanceId = randomUUID();
  readonly #options: RedisCoordinatorOptions;
  readonly #commands: RedisConnection;
  /** Pub/sub takes a connection over: subscriptions get their own. */
  readonly #subscriber: RedisConnection;
  /** The last time a command succeeded; Redis counts as away once this is a lease old. */
  #lastContactMs: number;
  readonly #streams = new Set<LeasedStream>();

  constructor(options: RedisCoordinatorOptions) {
    this.#options = options;
    this.#lastContactMs = options.clock.now();
    this.description = `Odds streams: one instance holds each (a lease in Redis, ${options.leaseTtlMs} ms), the others relay through Redis pub/sub.`;
    this.#commands = connect(options.url, options.commandTimeoutMs);
    this.#subscriber = this.#commands.duplicate();
    for (const [name, connection] of [
      ['commands', this.#commands],
      ['subscriber', this.#subscriber],
    ] as const) {
      // Without a listener an 'error' would end the process; reconnection is the client's own.
      let reported = false;
      connection.on('error', (error: unknown) => {
        if (!reported) options.log(`Odds streams: Redis (${name}) is unreachable: ${describe(error)}`);
        reported = true;
      });
      connection.on('ready', () => {
        if (reported) options.log(`Odds streams: Redis (${name}) is back.`);
        reported = false;
        // Streams joined before the connection was up need not wait for their next look.
        for (const stream of this.#streams) stream.lookNow();
      });
      connection.connect().catch(() => undefined);
    }
  }

  /** A Redis call that counts as failed after the deadline, whatever the client does. */
  async call<T>(work: () => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Redis deadline passed')), this.#options.commandTimeoutMs);
    });
    try {
      const result = await Promise.race([work(), deadline]);
      this.#lastContactMs = this.#options.clock.now();
      return result;
    } finally {
      clearTimeout(timer);
    }
  }

  get redisAwayLongerThanALease(): boolean {
    return this.#options.clock.now() - this.#lastContactMs > this.#options.leaseTtlMs;
  }

  leaseKey(key: UpstreamStreamKey): string {
    return `${this.#options.keyPrefix}stream:lease:${upstreamStreamName(key)}`;
  }

  channel(key: UpstreamStreamKey): string {
    return `${this.#options.keyPrefix}stream:events:${upstreamStreamName(key)}`;
  }

  async acquire(key: UpstreamStreamKey): Promise<LeaseAnswer> {
    try {
      const reply = await this.call(() =>
        this.#commands.set(this.leaseKey(key), this.instanceId, {
          expiration: { type: 'PX', value: this.#options.leaseTtlMs },
          condition: 'NX',
        }),
      );
      return reply === 'OK' ? 'yes' : 'no';
    } catch {
      return 'unreachable';
    }
  }

  async renew(key: UpstreamStreamKey): Promise<LeaseAnswer> {
    try {
      const reply = await this.call(() =>
        this.#commands.eval(RENEW_IF_HELD, {
          keys: [this.leaseKey(key)],
          arguments: [this.instanceId, String(this.#options.leaseTtlMs)],
        }),
      );
      return Number(reply) === 1 ? 'yes' : 'no';
    } catch {
      return 'unreachable';
    }
  }

  async release(key: UpstreamStreamKey): Promise<void> {
    await this.call(() =>
      this.#commands.eval(RELEASE_IF_HELD, { keys: [this.leaseKey(key)], arguments: [this.instanceId] }),
    ).catch(() => undefined);
  }

  async publish(key: UpstreamStreamKey, message: RelayMessage): Promise<void> {
    await this.call(() => this.#commands.publish(this.channel(key), wireOf(this.instanceId, message))).catch(
      () => undefined,
    );
  }

  async subscribe(key: UpstreamStreamKey, listener: (wire: string) => void): Promise<boolean> {
    try {
      await this.call(() => this.#subscriber.subscribe(this.channel(key), listener));
      return true;
    } catch {
      // It may have gone through after the deadline: take it back before the next try.
      await this.unsubscribe(key, listener);
      return false;
    }
  }

  async unsubscribe(key: UpstreamStreamKey, listener: (wire: string) => void): Promise<void> {
    await this.call(() => this.#subscriber.unsubscribe(this.channel(key), listener)).catch(() => undefined);
  }

  get options(): RedisCoordinatorOptions {
    return this.#options;
  }

  join(key: UpstreamStreamKey, hooks: UpstreamStreamHooks): Membership {
    const stream = new LeasedStream(this, key, hooks, () => this.#streams.delete(stream));
    this.#streams.add(stream);
    return stream;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#streams].map((stream) => stream.leave()));
    await Promise.all([this.#commands.close().catch(() => undefined), this.#subscriber.close().catch(() => undefined)]);
  }
}

/** One upstream stream this instance needs: holding its lease and reading it, or relaying the holder's. */
class LeasedStream implements Membership {
  readonly #redis: RedisCoordinator;
  readonly #key: UpstreamStreamKey;
  readonly #hooks: UpstreamStreamHooks;
  readonly #onLeft: () => void;
  readonly #ticker: TimerHandle;
  readonly #listener = (wire: string) => this.#received(wire);
  #leased = false;
  #subscribed = false;
  #upstream: UpstreamHandle | null = null;
  #ticking = false;
  #left = false;

  constructor(redis: RedisCoordinator, key: UpstreamStreamKey, hooks: UpstreamStreamHooks, onLeft: () => void) {
    this.#redis = redis;
    this.#key = key;
    this.#hooks = hooks;
    this.#onLeft = onLeft;
    const { clock, leaseTtlMs } = redis.options;
    this.#ticker = every(clock, Math.max(100, Math.floor(leaseTtlMs / 3)), () => void this.#tick());
    void this.#tick();
  }

  lookNow(): void {
    void this.#tick();
  }

  async #tick(): Promise<void> {
    if (this.#ticking || this.#left) return;
    this.#ticking = true;
    try {
      // Subscribed before holding or relaying: nothing the holder publishes is missed.
      if (!this.#subscribed) this.#subscribed = await this.#redis.subscribe(this.#key, this.#listener);
      if (this.#left) return;
      if (this.#leased && (await this.#redis.renew(this.#key)) === 'no') {
        this.#leased = false;
        this.#stopReading('its lease passed to another instance');
      }
      if (this.#leased || this.#left) return;
      const answer = await this.#redis.acquire(this.#key);
      if (this.#left) {
        if (answer === 'yes') await this.#redis.release(this.#key);
        return;
      }
      if (answer === 'yes') {
        this.#leased = true;
        this.#startReading('holding its lease');
      } else if (answer === 'no') {
        this.#stopReading('another instance holds it');
      } else if (this.#redis.redisAwayLongerThanALease) {
        this.#startReading('Redis is unreachable, so this instance reads its own');
      }
    } finally {
      this.#ticking = false;
    }
  }

  #startReading(why: string): void {
    if (this.#upstream !== null) return;
    this.#redis.options.log(`Odds stream ${upstreamStreamName(this.#key)}: read here (${why}).`);
    this.#upstream = this.#hooks.openUpstream((message) => {
      this.#hooks.deliver(message);
      if (this.#leased) void this.#redis.publish(this.#key, message);
    });
  }

  #stopReading(why: string): void {
    if (this.#upstream === null) return;
    this.#redis.options.log(`Odds stream ${upstreamStreamName(this.#key)}: no longer read here (${why}).`);
    this.#upstream.close();
    this.#upstream = null;
  }

  #received(wire: string): void {
    const received = messageOf(wire);
    // Our own publications come back too; they were delivered here already.
    if (received === null || received.from === this.#redis.instanceId || this.#left) return;
    this.#hooks.deliver(received.message);
  }

  async leave(): Promise<void> {
    if (this.#left) return;
    this.#left = true;
    this.#ticker.cancel();
    this.#onLeft();
    this.#upstream?.close();
    this.#upstream = null;
    const tasks: Promise<void>[] = [this.#redis.unsubscribe(this.#key, this.#listener)];
    // Given back at once: another instance that still needs the stream takes it on its next look.
    if (this.#leased) tasks.push(this.#redis.release(this.#key));
    this.#leased = false;
    await Promise.all(tasks);
  }
}
