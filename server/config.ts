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
  /** The built widget script (dist/widget), served under /widget/. */
  widgetRoot: string;
  /** The demo host page's folder, served under /demo/; null when not served (production). */
  demoRoot: string | null;
  /**
   * Origins (scheme://host[:port]) whose pages may call /api/v3 from the browser (CORS) and frame
   * /embed. Empty: only our own pages.
   */
  allowedOrigins: string[];
  /** Requests per minute one client may send through the proxy; null = no limit. */
  clientRequestsPerMinute: number | null;
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

/** ALLOWED_ORIGINS: origins separated by commas or spaces, e.g. `https://news.example,https://blog.example`. */
export function readAllowedOrigins(raw: string | undefined): string[] {
  const items = (raw ?? '').split(/[\s,]+/).filter((item) => item !== '');
  const origins = items.map((item) => {
    let url: URL;
    try {
      url = new URL(item);
    } catch {
      throw new ConfigError(`ALLOWED_ORIGINS must list origins like https://news.example, got "${item}".`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new ConfigError(`ALLOWED_ORIGINS may list only http and https origins, got "${item}".`);
    }
    // An origin has no path, query or credentials: anything more is a mistake worth saying so.
    if ((url.pathname !== '/' && url.pathname !== '') || url.search !== '' || url.hash !== '' || url.username !== '' || item.endsWith('/')) {
      throw new ConfigError(`ALLOWED_ORIGINS must list bare origins (scheme://host[:port], no path or trailing slash), got "${item}".`);
    }
    return url.origin;
  });
  return [...new Set(origins)];
}

function readDemoRoot(env: NodeJS.ProcessEnv): string | null {
  const wanted = env.SERVE_DEMO === undefined || env.SERVE_DEMO === '' ? env.NODE_ENV !== 'production' : env.SERVE_DEMO !== '0';
  return wanted ? 'demo' : null;
}

function readClientLimit(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return 600;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 0) throw new ConfigError(`PROXY_RATE_LIMIT must be a whole number of requests per minute (0 turns it off), got "${raw}".`);
  return limit === 0 ? null : limit;
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
    widgetRoot: env.WIDGET_ROOT && env.WIDGET_ROOT !== '' ? env.WIDGET_ROOT : 'dist/widget',
    demoRoot: readDemoRoot(env),
    allowedOrigins: readAllowedOrigins(env.ALLOWED_ORIGINS),
    clientRequestsPerMinute: readClientLimit(env.PROXY_RATE_LIMIT),
  };
}
