/**
 * Answers whose headers are complete when the proxy returns them (every header the app's
 * middleware would add is already there). Middleware leaves such an answer's headers alone: the
 * first touch of `Response.headers` turns @hono/node-server's plain header object into a WHATWG
 * Headers, which it must then validate, sort and copy back for every request, and on a cached
 * answer that was most of the work left. Any middleware may still touch them (HSTS over HTTPS
 * does): the answer stays right, only slower.
 */

/**
 * What every /api answer carries so that, even opened as a page, it loads nothing and runs
 * nothing: the same set Hono's secureHeaders sets with the options app.ts gives it for /api
 * (server/proxy/final-headers.test.ts compares the two).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

const complete = new WeakSet<Response>();

export function withFinalHeaders(response: Response): Response {
  complete.add(response);
  return response;
}

export function hasFinalHeaders(response: Response): boolean {
  return complete.has(response);
}
