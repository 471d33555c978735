import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The `page` search parameter: an integer of at least 1; anything else reads as 1. */
export function parsePageParam(value: string | null): number {
  if (value === null || !/^\d+$/.test(value)) return 1;
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

export function usePageParam(): [page: number, setPage: (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const page = parsePageParam(params.get('page'));
  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const updated = new URLSearchParams(current);
        updated.set('page', String(Math.max(1, Math.trunc(next))));
        return updated;
      }),
    [setParams],
  );
  return [page, setPage];
}
