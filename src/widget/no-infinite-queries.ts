/**
 * The widget's stand-in for TanStack Query's paged-query behaviour (scripts/preact-aliases.ts puts
 * it in place of the library's own): the builder asks no paged queries (a league's players are
 * paged inside one query's function), and the library's page logic was ~0.7 KB of the widget's
 * first paint for nothing. A query reaches it only when asked as an infinite query, which fails
 * loudly here rather than fetching one page and calling it all. The page checks are named for the
 * library's infinite-query observer, which the widget never builds.
 */
function refused(): never {
  throw new Error('The parlay builder widget asks no infinite queries (src/widget/no-infinite-queries.ts).');
}

export const infiniteQueryBehavior = refused;
export const hasNextPage = refused;
export const hasPreviousPage = refused;
