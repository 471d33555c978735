import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_DATE_FROM, DEFAULT_DATE_TO } from '@contract/dates';
import { isValidDay } from '@/lib/day-input';
import type { RecordKind } from '@contract/record-kinds';
import type { OtherRecord } from './record-life';
import { searchState, useSearch, type Search } from '@/domain/search-state';

/**
 * The detail link carries the search (dates and agent): a new tab opened without an opener does not inherit
 * session storage, and the link can be bookmarked or shared.
 */
export function detailHref(path: string, search: Search): string {
  const params = new URLSearchParams({ dateFrom: search.dateFrom, dateTo: search.dateTo });
  if (search.agentId) params.set('agent', search.agentId);
  return `${path}?${params.toString()}`;
}

/**
 * A link to the record another was merged into, or re-created as or from: the same dates, and the agent only for a
 * re-created record (Storico gives it the old one's owner). The record a contact or case was merged into is another
 * agent's as often as not, and a restore from its screen would name this search's agent as its own.
 */
export const otherRecordHref = (path: string, search: Search, other: OtherRecord): string =>
  detailHref(path, other === 'merged' ? { ...search, agentId: '' } : search);

function searchFromParams(params: URLSearchParams): Search | null {
  const dateFrom = params.get('dateFrom') ?? '';
  const dateTo = params.get('dateTo') ?? '';
  if (!isValidDay(dateFrom) || !isValidDay(dateTo) || dateFrom > dateTo) return null;
  return { agentId: params.get('agent') ?? '', dateFrom, dateTo };
}

/**
 * Whether the URL names dates the screen cannot use (not days `YYYY-MM-DD`, or the start after the end): the screen
 * then compares at the kept search's or the default dates, and says so.
 */
export const urlDatesRefused = (params: URLSearchParams): boolean =>
  (params.has('dateFrom') || params.has('dateTo')) && searchFromParams(params) === null;

/** `urlDatesRefused` of the current URL. */
export function useUrlDatesRefused(): boolean {
  const [params] = useSearchParams();
  return urlDatesRefused(params);
}

const DEFAULT_SEARCH: Search = { agentId: '', dateFrom: DEFAULT_DATE_FROM, dateTo: DEFAULT_DATE_TO };

/** What `useDetailSearch` answers, read once (for the detail route's loader). */
export const detailSearchOf = (kind: RecordKind, params: URLSearchParams): Search =>
  searchFromParams(params) ?? searchState.search(kind) ?? DEFAULT_SEARCH;

/**
 * The dates and agent a detail screen compares at: from its URL, else the kept search, else the schema
 * defaults (docs/product.md#detail-screens). A search arriving in the URL is kept for this tab when it has
 * none, so 'Indietro' finds the list as it was.
 */
export function useDetailSearch(kind: RecordKind): Search {
  const [params] = useSearchParams();
  const kept = useSearch(kind);
  const fromUrl = useMemo(() => searchFromParams(params), [params]);
  useEffect(() => {
    if (fromUrl?.agentId) searchState.adopt(kind, fromUrl);
  }, [fromUrl, kind]);
  return useMemo(() => fromUrl ?? kept ?? DEFAULT_SEARCH, [fromUrl, kept]);
}
