/**
 * Every control a client may send to force the sandbox's answers: headers on any endpoint
 * (scenario.ts, latency, request-fault.ts, the price-change and line-lock hooks, main-markets-listing.ts) and query
 * parameters named `sandbox_*` (`sandbox_scenario`, `sandbox_fault`). Our server passes exactly
 * these on, and only to the sandbox it runs itself.
 */
export const FORCING_HEADERS: readonly string[] = [
  'x-sandbox-scenario',
  'x-sandbox-latency',
  'x-sandbox-fault',
  'x-sandbox-price-change',
  'x-sandbox-line-lock',
  'x-sandbox-main-markets',
];

/** The prefix of the forcing query parameters, matched in any letter case. */
export const FORCING_QUERY_PREFIX = 'sandbox_';
