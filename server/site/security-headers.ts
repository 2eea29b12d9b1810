/**
 * The security headers of everything we serve: pages may not be framed (but /embed by the allowed
 * origins) and load only our own scripts; the widget script may be loaded by any page; API answers
 * are data that, even opened as a page, load and run nothing; HSTS on what came over HTTPS.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { arrivedOverHttps, socketAddress, type TrustProxy } from '../guards/client-address.ts';
import { embedFrameAncestors } from '../guards/cross-origin.ts';
import { API_SECURITY_HEADERS, hasFinalHeaders } from '../proxy/final-headers.ts';

const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // React sets style attributes (e.g. widths); no inline <style> or scripts are used.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

const commonSecureHeaders: SecureHeadersOptions = {
  // Set by strictTransportSecurity, and only on answers that came over HTTPS: over plain HTTP the
  // header means nothing to a browser and tells a tester's proxy the wrong thing.
  strictTransportSecurity: false,
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginEmbedderPolicy: false,
  permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
};

/** Paths of the /embed page (for iframes on the allowed origins). */
export const EMBED_PATHS: ReadonlySet<string> = new Set(['/embed', '/embed/']);

/**
 * Answers of the API: set by hand, not by secureHeaders, so that an answer the proxy sent complete
 * is left alone.
 */
const apiSecurityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  if (hasFinalHeaders(c.res)) return;
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) c.res.headers.set(name, value);
};

/** Each kind of answer's security headers, by its path. */
export function securityHeaders(allowedOrigins: readonly string[]): MiddlewareHandler {
  // Every page may not be framed, except /embed by the allowed origins (then no X-Frame-Options,
  // which cannot express a list); the widget script may be loaded by any page.
  const pageHeaders = secureHeaders({ ...commonSecureHeaders, contentSecurityPolicy, xFrameOptions: 'DENY' });
  const embedHeaders = secureHeaders({
    ...commonSecureHeaders,
    contentSecurityPolicy: { ...contentSecurityPolicy, frameAncestors: embedFrameAncestors(allowedOrigins) },
    xFrameOptions: false,
  });
  const widgetScriptHeaders = secureHeaders({
    ...commonSecureHeaders,
    contentSecurityPolicy,
    xFrameOptions: 'DENY',
    crossOriginResourcePolicy: 'cross-origin',
  });
  return (c, next) => {
    if (EMBED_PATHS.has(c.req.path)) return embedHeaders(c, next);
    if (c.req.path.startsWith('/widget/')) return widgetScriptHeaders(c, next);
    if (c.req.path.startsWith('/api/')) return apiSecurityHeaders(c, next);
    return pageHeaders(c, next);
  };
}

const HSTS = { 'strict-transport-security': 'max-age=15552000; includeSubDomains' };

/** HSTS for a request that came over HTTPS (to us, or to a proxy we trust); nothing otherwise. */
export function strictTransportSecurityFor(c: Context, trustProxy: TrustProxy): Record<string, string> {
  const https = arrivedOverHttps(c.req.url, socketAddress(c), c.req.header('x-forwarded-proto'), trustProxy);
  return https ? HSTS : {};
}

export function strictTransportSecurity(trustProxy: TrustProxy): MiddlewareHandler {
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(strictTransportSecurityFor(c, trustProxy)))
      c.res.headers.set(name, value);
  };
}
