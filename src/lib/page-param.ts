import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The `page` search parameter: an integer of at least 1; anything else reads as 1. */
export function parsePageParam(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** The page of the URL, a function to go to another, and the parameter as written (for `usePageInRange`). */
export function usePageParam(): [page: number, setPage: (page: number) => void, param: string | null] {
  const [params, setParams] = useSearchParams();
  const param = params.get('page');
  const page = parsePageParam(param);
  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set('page', String(Math.max(1, Math.trunc(next))));
        return updated;
      }),
    [setParams],
  );
  return [page, setPage, param];
}

/**
 * Keeps a list's `page` in its URL a page of the list: past the last page it goes to the last (once the list's
 * size is known), and a `page` that reads as another (0, -1, 'abc', 2.5 read as 1) is written as the page shown.
 */
export function usePageInRange(
  param: string | null,
  page: number,
  totalPages: number,
  go: (page: number) => void,
): void {
  useEffect(() => {
    if (totalPages > 0 && page > totalPages) go(totalPages);
    else if (param !== null && param !== String(page)) go(page);
  }, [param, page, totalPages, go]);
}
