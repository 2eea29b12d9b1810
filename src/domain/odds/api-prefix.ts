/**
 * Where the odds service's API lives: every path of it, of our proxy and of the sandbox is below
 * this prefix (e.g. `/api/v3/parlay/odds`).
 */
export const API_PREFIX = '/api/v3';

/**
 * Our server's answer to "can this page reach you at all?": an empty 204 any origin may fetch
 * without CORS, so a page whose API request failed can tell its own site's CORS or CSP setup from
 * a lost connection. Outside API_PREFIX: it is ours, not the odds service's.
 */
export const REACHABLE_PATH = '/api/reachable';
