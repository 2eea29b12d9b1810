/** Readers for single environment settings: each says clearly what it wanted and what it got. */

export class ConfigError extends Error {}

export function readPort(raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535, got "${raw}".`);
  }
  return port;
}

export function readPositiveMs(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const ms = Number(raw);
  if (!Number.isFinite(ms) || ms <= 0)
    throw new ConfigError(`${name} must be a positive number of milliseconds, got "${raw}".`);
  return ms;
}

export function readWholeNumber(
  name: string,
  raw: string | undefined,
  fallback: number,
  { min = 0, hint = '' }: { min?: number; hint?: string } = {},
): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min) {
    throw new ConfigError(
      `${name} must be a whole number${min > 0 ? ` of at least ${min}` : ''}${hint}, got "${raw}".`,
    );
  }
  return value;
}

/** A switch that means only what it says: `0` or `1`; unset or empty is the fallback. */
export function readSwitch(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1') return true;
  if (raw === '0') return false;
  throw new ConfigError(`${name} must be 0 (off) or 1 (on), got "${raw}".`);
}

/** 127.0.0.0/8, ::1 and localhost: the only hosts an unencrypted upstream may live on. */
function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

export function readBaseUrl(raw: string | undefined, fallback: string): string {
  const value = raw === undefined || raw === '' ? fallback : raw;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(`ODDS_API_BASE_URL must be an absolute http(s) URL, got "${value}".`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`ODDS_API_BASE_URL must use http or https, got "${url.protocol}".`);
  }
  // Plain http would let anyone on the path read our key and answer in the service's name.
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ConfigError(
      `ODDS_API_BASE_URL must use https (plain http is allowed only on this machine: localhost, 127.0.0.0/8, ::1), got "${value}".`,
    );
  }
  return url.href.replace(/\/+$/, '');
}

/** Items separated by commas or spaces. */
export function readList(raw: string | undefined): string[] {
  return (raw ?? '').split(/[\s,]+/).filter((item) => item !== '');
}

const BARE_ORIGIN = /^https?:\/\/[a-z0-9.-]+(?::(\d{1,5}))?$/;

/**
 * ALLOWED_ORIGINS: origins like `https://news.example,https://blog.example`. Only scheme, host
 * (letters, digits, dots, hyphens) and port: the list is copied into the /embed CSP and compared
 * with browsers' Origin headers, so anything else (wildcards, paths, `;`) is refused.
 */
export function readAllowedOrigins(raw: string | undefined): string[] {
  const origins = readList(raw).map((item) => {
    const origin = item.toLowerCase();
    const match = BARE_ORIGIN.exec(origin);
    const port = match?.[1];
    if (!match || (port !== undefined && Number(port) > 65535) || /\/\/[.-]|[.-](?::|$)/.test(origin)) {
      throw new ConfigError(
        `ALLOWED_ORIGINS must list bare origins, scheme://host[:port] with a host of letters, digits, dots and hyphens (e.g. https://news.example), got "${item}".`,
      );
    }
    return new URL(origin).origin;
  });
  return [...new Set(origins)];
}

const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/;

/** EMBED_AFFILIATE_HOSTS: host names (no scheme or port) that /embed's affiliate links may point to. */
export function readHostList(name: string, raw: string | undefined): string[] {
  const hosts = readList(raw).map((item) => {
    const host = item.toLowerCase();
    if (!HOST_NAME.test(host) || host.length > 253) {
      throw new ConfigError(
        `${name} must list host names like partner.example (letters, digits, dots and hyphens; no scheme, port or path), got "${item}".`,
      );
    }
    return host;
  });
  return [...new Set(hosts)];
}
