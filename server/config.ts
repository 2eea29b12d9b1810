/** Server configuration from the environment, validated once at start-up. */
import {
  ConfigError,
  readAllowedOrigins,
  readBaseUrl,
  readHostList,
  readPort,
  readPositiveMs,
  readSwitch,
  readWholeNumber,
} from './config-readers.ts';
import { readTrustProxy, type TrustProxy } from './guards/client-address.ts';
import { readSandboxSettings, SandboxSettingError, type SandboxSettings } from '../sandbox/settings.ts';

export { ConfigError, readAllowedOrigins } from './config-readers.ts';

const DEFAULT_UPSTREAM_BASE_URL = 'https://api.opticodds.com/api/v3';
const DEFAULT_PORT = 5173;

/** Node's own limits on each connection, against clients that hold sockets open doing nothing. */
export interface ConnectionLimits {
  /** Time a client has to send the whole request head. */
  headersTimeoutMs: number;
  /** Time a client has to send the whole request, head and body. */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this. */
  keepAliveTimeoutMs: number;
  /** Open connections at once, odds streams apart; past it new ones are closed at once. */
  maxConnections: number;
  /** Open odds streams at once (each holds its connection while the page is open); past it 503. */
  maxStreamConnections: number;
  /** Open connections from one client address (an IPv6 /64) at once; proxies we trust are exempt. */
  maxConnectionsPerClient: number;
}

export interface ServerConfig {
  port: number;
  host: string;
  /** The real service's key; null means the built-in sandbox answers instead. */
  upstreamApiKey: string | null;
  upstreamBaseUrl: string;
  upstreamTimeoutMs: number;
  /** Largest upstream answer taken (bytes); a larger one is refused with a 502 while it streams in. */
  upstreamMaxAnswerBytes: number;
  /** The built-in sandbox's settings (SANDBOX_*), read even in live mode so a typo never waits to bite. */
  sandbox: SandboxSettings;
  staticRoot: string;
  /** The built widget script (dist/widget), served under /widget/. */
  widgetRoot: string;
  /** The demo host page's folder, served under /demo/; null when not served (the default). */
  demoRoot: string | null;
  /**
   * Origins (scheme://host[:port]) whose pages may call /api/v3 from the browser (CORS) and frame
   * /embed. Empty: only our own pages.
   */
  allowedOrigins: string[];
  /** Hosts that affiliate links given to /embed in its URL may point to; empty: none. */
  embedAffiliateHosts: string[];
  /** Requests per minute one client may send through the proxy (its bucket's refill); null = no limit. */
  clientRequestsPerMinute: number | null;
  /** Requests one client may save up and send at once; null: a quarter of the per-minute limit (at least 20). */
  clientBurst: number | null;
  connections: ConnectionLimits;
  shared: SharedStateConfig;
  streams: StreamConfig;
}

/** The odds streams fanned out to browsers (server/streams/). */
export interface StreamConfig {
  /** An upstream stream stays open this long after its last reader left (a reload must not reopen it). */
  idleCloseMs: number;
  /** Streams one client (address, or IPv6 /64) may hold open at once; past it 429. */
  maxPerClient: number;
  /** New streams one client may open a minute, on average (its bucket's refill); null: no limit. */
  opensPerMinute: number | null;
  /** New streams one client may open at once (its bucket's size). */
  openBurst: number;
  /** Bytes a reader that stops reading may have waiting (latest price per odd) before it is cut. */
  slowClientBytes: number;
  /** How long one write to a reader may wait for it to read before it is cut. */
  slowClientMs: number;
  /** A comment line sent this often, so proxies and browsers keep the connection. */
  heartbeatMs: number;
  /** How long our own events are kept for a browser resuming with Last-Event-ID. */
  replayMs: number;
  /** A drop longer than this is not trusted to `last_entry_id` (the service keeps ~30 s): a REST snapshot fills it. */
  resumeWindowMs: number;
  /** No frame (ping or event) from the service for this long: the connection is dead, reconnect. */
  upstreamIdleMs: number;
  /** The Redis lease on an upstream stream: renewed every third of it; a dead holder's is taken after it. */
  leaseTtlMs: number;
}

/** The answer cache, coalescing, limits and the upstream budget, and where they live. */
export interface SharedStateConfig {
  /** redis:// or rediss:// URL; null: this process's memory. */
  redisUrl: string | null;
  redisKeyPrefix: string;
  redisCommandTimeoutMs: number;
  /** Answers shared between requests (off: every request asks upstream). */
  cacheAnswers: boolean;
  /**
   * The secret sealing the answer cache's entries in the store, the same on every instance; null:
   * each instance trusts only the entries it stored itself (so none are shared through Redis).
   */
  cacheSigningKey: string | null;
  /** Bytes of answers kept in memory (when there is no Redis, or while it is down). */
  memoryCacheBytes: number;
  /** Clients the in-memory limiter tracks per window; past it new ones share one count. */
  maxTrackedClients: number;
  trustProxy: TrustProxy;
  /** The key's calls per 15 s window when the service does not say (x-ratelimit-limit). */
  upstreamCallsPerWindow: number;
  /** Longest a request waits for the upstream budget before a 503 with Retry-After. */
  maxBudgetWaitMs: number;
  /** The part (0 to 1] of each window's upstream calls one client (address, or IPv6 /64) may spend. */
  upstreamClientShare: number;
}

function readRedisUrl(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new ConfigError('REDIS_URL must be a URL like redis://host:6379 (or rediss:// for TLS).');
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:')
    throw new ConfigError(`REDIS_URL must start with redis:// or rediss://, got "${url.protocol}//".`);
  return url.href;
}

/** Shortest CACHE_SIGNING_KEY taken: `openssl rand -base64 32` writes 44 characters. */
const MIN_SIGNING_KEY_CHARACTERS = 32;

function readSigningKey(raw: string | undefined): string | null {
  if (raw === undefined || raw === '') return null;
  if (raw.trim().length < MIN_SIGNING_KEY_CHARACTERS || /\s/.test(raw.trim()))
    throw new ConfigError(
      `CACHE_SIGNING_KEY must be at least ${MIN_SIGNING_KEY_CHARACTERS} characters without spaces (make one with \`openssl rand -base64 32\`); the one given is not.`,
    );
  return raw.trim();
}

function readSharedState(env: NodeJS.ProcessEnv): SharedStateConfig {
  return {
    redisUrl: readRedisUrl(env.REDIS_URL),
    redisKeyPrefix: env.REDIS_KEY_PREFIX && env.REDIS_KEY_PREFIX !== '' ? env.REDIS_KEY_PREFIX : 'parlay:',
    redisCommandTimeoutMs: readPositiveMs('REDIS_COMMAND_TIMEOUT_MS', env.REDIS_COMMAND_TIMEOUT_MS, 250),
    cacheAnswers: readSwitch('ANSWER_CACHE', env.ANSWER_CACHE, true),
    cacheSigningKey: readSigningKey(env.CACHE_SIGNING_KEY),
    memoryCacheBytes: readWholeNumber('CACHE_MEMORY_MB', env.CACHE_MEMORY_MB, 64, { min: 1 }) * 1024 * 1024,
    maxTrackedClients: readWholeNumber('PROXY_RATE_LIMIT_MAX_CLIENTS', env.PROXY_RATE_LIMIT_MAX_CLIENTS, 100_000, {
      min: 1,
    }),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    upstreamCallsPerWindow: readWholeNumber('UPSTREAM_RATE_LIMIT', env.UPSTREAM_RATE_LIMIT, 2_500, {
      min: 1,
      hint: ' of calls per 15 s',
    }),
    maxBudgetWaitMs: readPositiveMs('UPSTREAM_BUDGET_WAIT_MS', env.UPSTREAM_BUDGET_WAIT_MS, 10_000),
    upstreamClientShare: readClientShare(env.UPSTREAM_CLIENT_SHARE),
  };
}

/** A page opens one or two streams as it loads and one each time its slip or view changes. */
function readStreamOpensPerMinute(raw: string | undefined): number | null {
  const opens = readWholeNumber('STREAM_OPENS_PER_MINUTE', raw, 30, {
    hint: ' of streams opened per minute per client (0 turns it off)',
  });
  return opens === 0 ? null : opens;
}

/** Longest lease that still lets another instance take a dead holder's stream within 10 s. */
const MAX_LEASE_TTL_MS = 7_500;

function readStreams(env: NodeJS.ProcessEnv): StreamConfig {
  const streams: StreamConfig = {
    idleCloseMs: readPositiveMs('STREAM_IDLE_CLOSE_MS', env.STREAM_IDLE_CLOSE_MS, 60_000),
    maxPerClient: readWholeNumber('STREAM_MAX_PER_CLIENT', env.STREAM_MAX_PER_CLIENT, 20, {
      min: 1,
      hint: ' of open streams per client',
    }),
    opensPerMinute: readStreamOpensPerMinute(env.STREAM_OPENS_PER_MINUTE),
    openBurst: readWholeNumber('STREAM_OPEN_BURST', env.STREAM_OPEN_BURST, 10, {
      min: 1,
      hint: ' of streams opened at once per client',
    }),
    slowClientBytes: readWholeNumber('STREAM_SLOW_CLIENT_BYTES', env.STREAM_SLOW_CLIENT_BYTES, 256 * 1024, {
      min: 1024,
      hint: ' of bytes',
    }),
    slowClientMs: readPositiveMs('STREAM_SLOW_CLIENT_MS', env.STREAM_SLOW_CLIENT_MS, 30_000),
    heartbeatMs: readPositiveMs('STREAM_HEARTBEAT_MS', env.STREAM_HEARTBEAT_MS, 15_000),
    replayMs: readPositiveMs('STREAM_REPLAY_MS', env.STREAM_REPLAY_MS, 60_000),
    resumeWindowMs: readPositiveMs('STREAM_RESUME_WINDOW_MS', env.STREAM_RESUME_WINDOW_MS, 25_000),
    upstreamIdleMs: readPositiveMs('STREAM_UPSTREAM_IDLE_MS', env.STREAM_UPSTREAM_IDLE_MS, 20_000),
    leaseTtlMs: readPositiveMs('STREAM_LEASE_TTL_MS', env.STREAM_LEASE_TTL_MS, 5_000),
  };
  if (streams.leaseTtlMs < 300 || streams.leaseTtlMs > MAX_LEASE_TTL_MS) {
    throw new ConfigError(
      `STREAM_LEASE_TTL_MS must be from 300 to ${MAX_LEASE_TTL_MS} ms (another instance takes a dead holder's stream within 10 s), got "${env.STREAM_LEASE_TTL_MS}".`,
    );
  }
  return streams;
}

function readClientLimit(raw: string | undefined): number | null {
  const limit = readWholeNumber('PROXY_RATE_LIMIT', raw, 600, { hint: ' of requests per minute (0 turns it off)' });
  return limit === 0 ? null : limit;
}

/** UPSTREAM_CLIENT_SHARE, a percentage from 1 to 100, as a part of 1. */
function readClientShare(raw: string | undefined): number {
  const percent = readWholeNumber('UPSTREAM_CLIENT_SHARE', raw, 10, { min: 1, hint: ' of percent (1 to 100)' });
  if (percent > 100) throw new ConfigError(`UPSTREAM_CLIENT_SHARE must be a percentage from 1 to 100, got "${raw}".`);
  return percent / 100;
}

function readClientBurst(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return null;
  return readWholeNumber('PROXY_RATE_BURST', raw, 0, { min: 1, hint: ' of requests' });
}

function readConnectionLimits(env: NodeJS.ProcessEnv): ConnectionLimits {
  const limits = {
    headersTimeoutMs: readPositiveMs('HEADERS_TIMEOUT_MS', env.HEADERS_TIMEOUT_MS, 10_000),
    requestTimeoutMs: readPositiveMs('REQUEST_TIMEOUT_MS', env.REQUEST_TIMEOUT_MS, 30_000),
    keepAliveTimeoutMs: readPositiveMs('KEEP_ALIVE_TIMEOUT_MS', env.KEEP_ALIVE_TIMEOUT_MS, 5_000),
    maxConnections: readWholeNumber('MAX_CONNECTIONS', env.MAX_CONNECTIONS, 2_000, { min: 1 }),
    // What one instance serves within a second of each change (bench/stream-capacity.mjs): 500
    // readers p95 1.1 s, 1,000 readers 5.8 s, about 90 KB of RSS each; see docs/security.md.
    maxStreamConnections: readWholeNumber('MAX_STREAM_CONNECTIONS', env.MAX_STREAM_CONNECTIONS, 500, { min: 1 }),
    maxConnectionsPerClient: readWholeNumber('MAX_CONNECTIONS_PER_CLIENT', env.MAX_CONNECTIONS_PER_CLIENT, 256, {
      min: 1,
    }),
  };
  // Node refuses a head timeout longer than the whole request's.
  if (limits.headersTimeoutMs > limits.requestTimeoutMs) {
    throw new ConfigError(
      `HEADERS_TIMEOUT_MS (${limits.headersTimeoutMs}) must not be longer than REQUEST_TIMEOUT_MS (${limits.requestTimeoutMs}).`,
    );
  }
  return limits;
}

function readSandbox(env: NodeJS.ProcessEnv): SandboxSettings {
  try {
    return readSandboxSettings(env);
  } catch (error) {
    throw error instanceof SandboxSettingError ? new ConfigError(error.message) : error;
  }
}

export function readServerConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const key = env.ODDS_API_KEY?.trim();
  return {
    port: readPort(env.PORT, DEFAULT_PORT),
    host: env.HOST && env.HOST !== '' ? env.HOST : '127.0.0.1',
    upstreamApiKey: key ? key : null,
    upstreamBaseUrl: readBaseUrl(env.ODDS_API_BASE_URL, DEFAULT_UPSTREAM_BASE_URL),
    upstreamTimeoutMs: readPositiveMs('UPSTREAM_TIMEOUT_MS', env.UPSTREAM_TIMEOUT_MS, 15_000),
    upstreamMaxAnswerBytes:
      readWholeNumber('UPSTREAM_MAX_ANSWER_MB', env.UPSTREAM_MAX_ANSWER_MB, 8, { min: 1, hint: ' of megabytes' }) *
      1024 *
      1024,
    sandbox: readSandbox(env),
    staticRoot: env.STATIC_ROOT && env.STATIC_ROOT !== '' ? env.STATIC_ROOT : 'dist/app',
    widgetRoot: env.WIDGET_ROOT && env.WIDGET_ROOT !== '' ? env.WIDGET_ROOT : 'dist/widget',
    // Opt-in: a production start (whatever NODE_ENV says) never serves the demo by accident.
    demoRoot: readSwitch('SERVE_DEMO', env.SERVE_DEMO, false) ? 'demo' : null,
    allowedOrigins: readAllowedOrigins(env.ALLOWED_ORIGINS),
    embedAffiliateHosts: readHostList('EMBED_AFFILIATE_HOSTS', env.EMBED_AFFILIATE_HOSTS),
    clientRequestsPerMinute: readClientLimit(env.PROXY_RATE_LIMIT),
    clientBurst: readClientBurst(env.PROXY_RATE_BURST),
    connections: readConnectionLimits(env),
    shared: readSharedState(env),
    streams: readStreams(env),
  };
}
