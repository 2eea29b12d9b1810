/** The live odds service as the server's tests stand it in. */
import type { UpstreamTarget } from '../proxy/upstream-call.ts';

/**
 * A target at a made-up address with the server's key, answered by `fetch`; `overrides` for what a
 * test changes (its timeout, the controls it passes on).
 */
export function standInService(
  fetch: UpstreamTarget['fetch'],
  overrides: Partial<UpstreamTarget> = {},
): UpstreamTarget {
  return {
    baseUrl: 'https://odds.example/api/v3',
    apiKey: 'server-key',
    timeoutMs: 2_000,
    fetch,
    ...overrides,
  };
}
