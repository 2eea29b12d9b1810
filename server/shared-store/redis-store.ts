/**
 * The store in Redis (or Valkey), shared by every instance, through node-redis (`@redis/client`,
 * the official client's core without its module add-ons). Commands never wait on a dead server:
 * the offline queue is off (a command fails at once while disconnected), and every command is
 * raced against its own deadline here. node-redis 5 drops its own command timer once a command is
 * written to the socket, so a frozen or slow Redis would otherwise hold a command for as long as it
 * stays frozen. Replies of the wrong shape count as failures, like timeouts. The client reconnects
 * by itself in the background.
 */
import * as v from 'valibot';
import { nodeRedis } from './redis-module.ts';
import { msUntilFull, windowIndex, type SharedStore, type TokenBucket, type TokenDecision } from './store.ts';

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

/** A command that got no answer within its deadline (Redis frozen, overloaded or far away). */
class RedisDeadlineError extends Error {
  constructor(deadlineMs: number) {
    super(`no answer within ${deadlineMs} ms`);
    this.name = 'RedisDeadlineError';
  }
}

/**
 * A reply that is not what the command returns (something else answers on that port, a bug, or
 * a value someone else wrote under our key).
 */
export class RedisReplyError extends Error {
  constructor(command: string) {
    super(`an unexpected reply to ${command}`);
    this.name = 'RedisReplyError';
  }
}

/** GET and PTTL of one key: the value (or none) and its time to live. */
const VALUE_WITH_TTL = v.strictTuple([v.nullable(v.string()), v.number()]);
/** INCR then PEXPIRE: a count that is not a whole number >= 1 would let a limit through unnoticed. */
const WINDOW_COUNT = v.tuple([v.pipe(v.number(), v.safeInteger(), v.minValue(1))]);
/** TAKE_TOKEN's `{taken, ms until a token}`. */
const TOKEN_TAKEN = v.strictTuple([v.picklist([0, 1]), v.pipe(v.number(), v.safeInteger(), v.minValue(0))]);

/** A reply read with its schema; a RedisReplyError when it does not fit. */
function replyOf<Schema extends v.GenericSchema>(
  schema: Schema,
  reply: unknown,
  command: string,
): v.InferOutput<Schema> {
  const read = v.safeParse(schema, reply);
  if (!read.success) throw new RedisReplyError(command);
  return read.output;
}

/**
 * The work's result, or a RedisDeadlineError once `deadlineMs` has passed. The work itself goes on
 * (a written command cannot be taken back); its late result or failure is dropped.
 */
function withDeadline<T>(work: Promise<T>, deadlineMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let lastLook: NodeJS.Immediate | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // After this process's own event loop was blocked (a large answer parsed), timers run before
      // the poll phase reads replies already waiting in the socket: look once more after it, so a
      // prompt Redis is not blamed for our own delay.
      lastLook = setImmediate(() => reject(new RedisDeadlineError(deadlineMs)));
    }, deadlineMs);
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => {
    clearTimeout(timer);
    if (lastLook !== undefined) clearImmediate(lastLook);
  });
}

/**
 * Extra time a large write or read gets per byte of its value: a 2.5 MB answer is encoded, sent and
 * decoded on a busy event loop, which can take hundreds of ms with a healthy Redis, and must not
 * count as Redis being slow (a slow Redis shows on the small commands all the same).
 */
const ALLOWED_BYTES_PER_MS = 2_000;

function allowanceMs(bytes: number): number {
  return Math.ceil(bytes / ALLOWED_BYTES_PER_MS);
}

/** Deletes the key only while it holds the given value: releasing one's own lock, atomically. */
const DELETE_IF_EQUALS =
  "if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end";

/**
 * One token from a bucket kept as `tokens at` (a string): refilled for the time since `at`, taken if
 * a whole one is there, written back with a TTL of the time it takes to refill. A value of any
 * other shape or type is an error, never a full bucket: a limit must not open because someone
 * wrote garbage under its key. Replies `{1, 0}` (taken) or `{0, ms until a token}`.
 */
const TAKE_TOKEN = `
local capacity = tonumber(ARGV[1])
local refill = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local tokens = capacity
local at = now
local held = redis.call('GET', KEYS[1])
if held then
  local t, a = string.match(held, '^(%d+%.?%d*) (%d+)$')
  if not t then return redis.error_reply('MALFORMED token bucket') end
  local since = math.max(0, now - tonumber(a))
  tokens = math.min(capacity, tonumber(t) + since * refill)
  at = math.max(now, tonumber(a))
end
local taken = 0
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
  taken = 1
else
  wait = math.max(1, math.ceil((1 - tokens) / refill))
end
redis.call('SET', KEYS[1], string.format('%.6f %d', tokens, at), 'PX', ARGV[4])
return {taken, wait}
`;

function createRedisClient(options: RedisStoreOptions) {
  return nodeRedis().createClient({
    url: options.url,
    disableOfflineQueue: true,
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
  readonly #deadlineMs: number;

  constructor(client: RedisClient, keyPrefix: string, commandTimeoutMs: number) {
    this.#client = client;
    this.#prefix = keyPrefix;
    this.#deadlineMs = commandTimeoutMs;
  }

  /**
   * The value, or null, also when the key has no expiry: every key this server writes expires, so
   * one that does not was written by someone else (by hand, another program) and is not trusted.
   */
  async get(key: string, expectedBytes = 0): Promise<string | null> {
    const fullKey = this.#prefix + key;
    const reply: unknown = await withDeadline(
      this.#client.multi().get(fullKey).pTTL(fullKey).exec(),
      this.#deadlineMs + allowanceMs(expectedBytes),
    );
    const [value, ttlMs] = replyOf(VALUE_WITH_TTL, reply, 'GET');
    // PTTL: -1 for a key without an expiry (-2 for none, when it expired between the two).
    return ttlMs < 0 ? null : value;
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    const reply: unknown = await withDeadline(
      this.#client.set(this.#prefix + key, value, {
        expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) },
      }),
      this.#deadlineMs + allowanceMs(value.length),
    );
    if (reply !== 'OK') throw new RedisReplyError('SET');
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const reply: unknown = await withDeadline(
      this.#client.set(this.#prefix + key, value, {
        expiration: { type: 'PX', value: Math.max(1, Math.round(ttlMs)) },
        condition: 'NX',
      }),
      this.#deadlineMs,
    );
    if (reply !== 'OK' && reply !== null) throw new RedisReplyError('SET NX');
    return reply === 'OK';
  }

  async deleteIfEquals(key: string, value: string): Promise<void> {
    await withDeadline(
      this.#client.eval(DELETE_IF_EQUALS, { keys: [this.#prefix + key], arguments: [value] }),
      this.#deadlineMs,
    );
  }

  async countInWindow(scope: string, member: string, windowMs: number, now: number): Promise<number> {
    // One key per member and window, gone when the window is: no sweeping, whatever the count.
    const key = `${this.#prefix}${scope}:${windowIndex(now, windowMs)}:${member}`;
    const reply: unknown = await withDeadline(
      this.#client.multi().incr(key).pExpire(key, windowMs).exec(),
      this.#deadlineMs,
    );
    return replyOf(WINDOW_COUNT, reply, 'INCR')[0];
  }

  async takeToken(scope: string, member: string, bucket: TokenBucket, now: number): Promise<TokenDecision> {
    const reply: unknown = await withDeadline(
      this.#client.eval(TAKE_TOKEN, {
        keys: [`${this.#prefix}${scope}:bucket:${member}`],
        arguments: [
          String(bucket.capacity),
          String(bucket.refillPerMs),
          String(Math.round(now)),
          String(msUntilFull(bucket)),
        ],
      }),
      this.#deadlineMs,
    );
    const [taken, waitMs] = replyOf(TOKEN_TAKEN, reply, 'the token bucket');
    return taken === 1 ? { ok: true } : { ok: false, retryInMs: Math.max(1, waitMs) };
  }

  /**
   * A write that proves Redis takes writes again within the deadline (a PING would pass on a
   * Redis that is full and refuses every SET).
   */
  async probe(): Promise<void> {
    await this.set('health-probe', String(Date.now()), 5_000);
  }
}
