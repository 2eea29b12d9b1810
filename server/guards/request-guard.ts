/**
 * Who may spend our key: a page on another site can send a "simple" cross-site request (a form
 * POST with `text/plain`, an image GET) that CORS does not stop, only hides the answer of. So,
 * before any upstream call:
 * - a POST must say `Content-Type: application/json` (415 otherwise), which a simple request
 *   cannot, so other sites' pages need a preflight, which only ALLOWED_ORIGINS pass;
 * - a request the browser marks cross-site (`Sec-Fetch-Site`), or whose `Origin` is neither ours
 *   nor listed, is refused with 403.
 * Requests without either header (curl, servers, old browsers' GETs) are not a browser acting
 * for another site; the per-client limit applies to them as to everyone.
 */
import type { Context, MiddlewareHandler } from 'hono';

function refuse(c: Context, status: 403 | 415, message: string) {
  return c.json({ error: message }, status, { 'Cache-Control': 'no-store' });
}

const JSON_MEDIA_TYPE = /^application\/json\s*(?:;|$)/i;

/** The request's own origin as the browser addressed us: scheme-less host:port from Host. */
function isOurOrigin(origin: string, hostHeader: string | undefined): boolean {
  if (hostHeader === undefined) return false;
  try {
    // Behind a TLS-terminating proxy the scheme differs; the host (and port) is what identifies us.
    return new URL(origin).host === hostHeader.toLowerCase();
  } catch {
    return false;
  }
}

export function requestGuard(allowedOrigins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(allowedOrigins);
  return async (c, next) => {
    if (c.req.method === 'POST' && !JSON_MEDIA_TYPE.test(c.req.header('content-type') ?? '')) {
      return refuse(c, 415, 'Send the request body as JSON, with Content-Type: application/json.');
    }
    const origin = c.req.header('origin');
    const site = c.req.header('sec-fetch-site')?.toLowerCase();
    const listed = origin !== undefined && allowed.has(origin);
    const crossSite = site === 'cross-site' || site === 'same-site';
    const foreignOrigin = origin !== undefined && site !== 'same-origin' && !isOurOrigin(origin, c.req.header('host'));
    if (!listed && (crossSite || foreignOrigin)) {
      return refuse(
        c,
        403,
        'Requests from other sites are not accepted. The site owner can list an origin in ALLOWED_ORIGINS.',
      );
    }
    return next();
  };
}
