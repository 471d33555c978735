import { useCallback, useState } from 'react';
import { dayToText } from '@/lib/day-input';
import { usePageParam } from '@/lib/page-param';
import type { RecordKind } from '@contract/record-kinds';
import { searchState, useSearch, type Search, type SearchBarData } from '@/domain/search-state';

/**
 * A search list's state: the kept search of its kind (results show only for one), the page from the URL, and
 * what the bar shows when the page opens.
 */
export function useSearchPage(kind: RecordKind) {
  const search = useSearch(kind);
  const [page, setPage, pageParam] = usePageParam();
  const [barDefaults] = useState<SearchBarData | null>(() => {
    const bar = searchState.bar();
    if (bar) return bar;
    const kept = searchState.search(kind);
    return kept
      ? {
          agentId: kept.agentId,
          dateFrom: dayToText(kept.dateFrom),
          dateTo: dayToText(kept.dateTo),
          deleted: kept.deleted ?? false,
        }
      : null;
  });
  const submit = useCallback(
    (next: Search, bar: SearchBarData) => {
      searchState.submit(kind, next, bar);
      // A navigation, even to the same address: the route's loader asks the server again (decision 012).
      setPage(1);
    },
    [kind, setPage],
  );
  return { search, page, pageParam, setPage, barDefaults, submit, saveBar: searchState.saveBar };
}
