/**
 * A request the page's own setup blocked (its Content-Security-Policy, or CORS: the API's server does
 * not list this page's origin) fails in the browser exactly as one to an unreachable server does. Told
 * apart here, so the reader is not told their connection is down and the site's developer is told
 * what to fix. Only for the browser's own fetch: CSP and CORS apply to nothing else.
 */
import { REACHABLE_PATH } from '../domain/odds/api-prefix.ts';
import type { BlockedBy } from './types.ts';

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

/** How long a probe of a server that may be down is given. */
const PROBE_TIMEOUT_MS = 5_000;
/** The page's CSP reports a refusal in a task of its own, after the refused fetch has failed. */
const VIOLATION_WAIT_MS = 50;

function originOf(url: string, base?: string): string | null {
  try {
    return new URL(url, base).origin;
  } catch {
    return null;
  }
}

const cspRefusedOrigins = new Set<string>();
let watchingCsp = false;

function watchCspRefusals(): void {
  if (watchingCsp || typeof document === 'undefined') return;
  watchingCsp = true;
  document.addEventListener('securitypolicyviolation', (event) => {
    const origin = originOf(event.blockedURI);
    if (origin !== null) cspRefusedOrigins.add(origin);
  });
}

const warned = new Set<string>();

/** Once per origin and cause: the developer's fix, in the console. */
function warnBlocked(origin: string, by: BlockedBy, pageOrigin: string): void {
  const key = `${by} ${origin}`;
  if (warned.has(key)) return;
  warned.add(key);
  console.warn(
    by === 'csp'
      ? `parlay-builder: this page's Content-Security-Policy blocks requests to ${origin}. To fix: add ${origin} to the policy's connect-src directive.`
      : `parlay-builder: the server at ${origin} does not allow requests from ${pageOrigin}, so the browser blocks them (CORS). To fix: add ${pageOrigin} to ALLOWED_ORIGINS on that server.`,
  );
}

/**
 * Why a failed request to `url` was blocked by the page's setup, or null when it was not (or cannot
 * be told: then it is a connection failure). A refusal the CSP reported names the CSP. Otherwise a
 * cross-origin server that answers a no-cors probe is reachable, so the failure was CORS. The probe
 * is our server's `/api/reachable` under `apiBase`, which any origin may read opaquely: the API's
 * own answers are same-origin resources (Cross-Origin-Resource-Policy), so a no-cors probe of the
 * failed URL itself fails exactly as a lost connection does.
 */
export function browserBlockCheck(
  fetchImpl: Fetch,
  apiBase: string,
): ((url: string) => Promise<BlockedBy | null>) | undefined {
  if (typeof document === 'undefined' || typeof location === 'undefined') return undefined;
  watchCspRefusals();
  return async (url) => {
    if (typeof navigator !== 'undefined' && !navigator.onLine) return null;
    const origin = originOf(url, location.href);
    if (origin === null || origin === location.origin) return null;
    await new Promise((resolve) => setTimeout(resolve, VIOLATION_WAIT_MS));
    let by: BlockedBy | null = cspRefusedOrigins.has(origin) ? 'csp' : null;
    if (by === null) {
      const probe = new URL(`${apiBase.replace(/\/+$/, '')}${REACHABLE_PATH}`, location.href);
      if (probe.origin !== origin) return null;
      by = await fetchImpl(probe.href, {
        mode: 'no-cors',
        cache: 'no-store',
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      })
        .then(() => 'cors' as const)
        .catch(() => null);
    }
    if (by !== null) warnBlocked(origin, by, location.origin);
    return by;
  };
}
