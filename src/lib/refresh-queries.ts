import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * After a change on the server: the queries on screen refetch, the others are dropped. Queries do not refetch
 * on mount (docs/product.md#reading-fresh-data), so an invalidated query that is not on screen would
 * otherwise come back stale.
 */
export async function refreshQueries(
  queryClient: QueryClient,
  queryKeys: readonly QueryKey[],
): Promise<void> {
  for (const queryKey of queryKeys) queryClient.removeQueries({ queryKey, type: 'inactive' });
  await Promise.all(queryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
