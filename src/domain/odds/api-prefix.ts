/**
 * Where the odds service's API lives: every path of it, of our proxy and of the sandbox is below
 * this prefix (e.g. `/api/v3/parlay/odds`).
 */
export const API_PREFIX = '/api/v3';
