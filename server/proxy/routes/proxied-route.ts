/** What our server knows about one endpoint of the service it passes on. */
import type { FreshnessPolicy } from '../answer-cache.ts';
import type { QueryRules } from '../query-allow-list.ts';

export interface ProxiedRoute {
  method: 'GET' | 'POST';
  /** The service's path below /api/v3: where the call goes, whatever the browser's spelling of it. */
  path: string;
  /** The query parameters passed on, each with its normal form; any other is dropped. */
  query: QueryRules;
  /** How long an answer is fresh, then served stale while one request refreshes it. */
  freshness: FreshnessPolicy;
  /** The same for everyone and slow to change (the catalog): browsers and CDNs may keep its answers. */
  publiclyCacheable?: boolean;
}
