/**
 * TanStack Query's `useQueries` with `combine`, minus its extra render after the queries' keys
 * change: `useQueries` takes the raw results array as its `useSyncExternalStore` snapshot, and the
 * effect that hands the observer its new queries replaces that array, so React renders once more
 * even when the combined result is the same (with it, a leg added takes one render pass more before
 * any answer: bench/render.mjs). Built on the public `QueriesObserver`: the
 * component renders again only when the observer says the combined result changed (it notifies
 * only then, having shared its structure with the last).
 *
 * Results read while rendering are the cache's as it stands: a query about to be fetched reads as
 * not fetched yet. The grid reads only data, errors and when they came, and its questions are asked
 * before it renders (data/slip-asking.ts), so the cache already says "asking" by then.
 * No suspense, error boundaries or restoring: the grid uses none of them.
 */
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import {
  notifyManager,
  QueriesObserver,
  useQueryClient,
  type QueryKey,
  type QueryObserverOptions,
  type QueryObserverResult,
  type UseQueryOptions,
} from '@tanstack/react-query';

export function useCombinedQueries<TData, TCombined, TKey extends QueryKey>(
  queries: readonly UseQueryOptions<TData, Error, TData, TKey>[],
  combine: (results: QueryObserverResult<TData>[]) => TCombined,
): TCombined {
  const queryClient = useQueryClient();
  const defaulted = useMemo(
    () => queries.map((query) => queryClient.defaultQueryOptions(query as QueryObserverOptions)),
    [queryClient, queries],
  );
  const observerOptions = useMemo(
    () => ({ combine: combine as (results: QueryObserverResult[]) => TCombined }),
    [combine],
  );
  const [observer] = useState(() => new QueriesObserver<TCombined>(queryClient, defaulted, observerOptions));
  // Bumped by the observer's notifications, which come only when the combined result changed.
  const [store] = useState(() => ({ version: 0 }));
  const subscribe = useCallback(
    (onStoreChange: () => void) =>
      observer.subscribe(
        notifyManager.batchCalls(() => {
          store.version++;
          onStoreChange();
        }),
      ),
    [observer, store],
  );
  useSyncExternalStore(
    subscribe,
    () => store.version,
    () => store.version,
  );
  useEffect(() => {
    observer.setQueries(defaulted, observerOptions);
  }, [observer, defaulted, observerOptions]);
  const [, combined] = observer.getOptimisticResult(defaulted, observerOptions.combine);
  return combined();
}
