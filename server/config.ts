/** Server configuration from the environment, validated once at start-up. */

export const DEFAULT_UPSTREAM_BASE_URL = 'https://api.opticodds.com/api/v3';
export const DEFAULT_PORT = 5173;
export const DEFAULT_SANDBOX_API_KEY = 'sandbox-key';

export interface ServerConfig {
  port: number;
  host: string;
  /** The real service's key; null means the built-in sandbox answers instead. */
  upstreamApiKey: string | null;
  upstreamBaseUrl: string;
  upstreamTimeoutMs: number;
  sandboxLatency: 'realistic' | 'zero';
  sandboxRandomFailures: boolean;
  staticRoot: string;
}

export class ConfigError extends Error {}

function readPort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}".`);
  }
  return port;
}

function readPositiveMs(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const ms = Number(raw);
  if (!Number.isFinite(ms) || ms <= 0) throw new ConfigError(`${name} must be a positive number of milliseconds, got "${raw}".`);
  return ms;
}

function readBaseUrl(raw: string | undefined): string {
  const value = raw === undefined || raw === '' ? DEFAULT_UPSTREAM_BASE_URL : raw;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`ODDS_API_BASE_URL must be an absolute http(s) URL, got "${value}".`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`ODDS_API_BASE_URL must use http or https, got "${url.protocol}".`);
  }
  return url.href.replace(/\/+$/, '');
}

export function readServerConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const key = env.ODDS_API_KEY?.trim();
  return {
    port: readPort(env.PORT, DEFAULT_PORT),
    host: env.HOST && env.HOST !== '' ? env.HOST : '127.0.0.1',
    upstreamApiKey: key ? key : null,
    upstreamBaseUrl: readBaseUrl(env.ODDS_API_BASE_URL),
    upstreamTimeoutMs: readPositiveMs('UPSTREAM_TIMEOUT_MS', env.UPSTREAM_TIMEOUT_MS, 15_000),
    sandboxLatency: env.SANDBOX_LATENCY === 'zero' ? 'zero' : 'realistic',
    sandboxRandomFailures: env.SANDBOX_FAILURES !== '0',
    staticRoot: env.STATIC_ROOT && env.STATIC_ROOT !== '' ? env.STATIC_ROOT : 'dist/app',
  };
}
