import type { Page, PageQuery } from '../../contract/page';

export type SortOrder<F extends string> = { column: F; direction: 'asc' | 'desc' };

/** `field,asc` / `field,desc` / `field` (asc) of an already validated sort parameter; empty gives the fallback. */
export function parseSort<F extends string>(
  sort: string | undefined,
  fields: readonly F[],
  fallback: SortOrder<F>,
): SortOrder<F> {
  if (!sort) return fallback;
  const [name = '', direction = 'asc'] = sort.split(',');
  const column = fields.find((f) => f.toLowerCase() === name.trim().toLowerCase());
  if (!column) return fallback;
  return { column, direction: direction.trim().toLowerCase() === 'desc' ? 'desc' : 'asc' };
}

/** The rows to fetch for a page, or null for `isPaged=false` (everything). */
export const pageWindow = (query: Pick<PageQuery, 'page' | 'size' | 'isPaged'>) =>
  query.isPaged ? { offset: query.page * query.size, limit: query.size } : null;

/** A page in the contract's shape; an unpaged answer is one page holding every row. */
export function toPage<T>(
  content: T[],
  totalElements: number,
  query: Pick<PageQuery, 'page' | 'size' | 'isPaged'>,
): Page<T> {
  const size = query.isPaged ? query.size : totalElements;
  const number = query.isPaged ? query.page : 0;
  return {
    content,
    totalPages: size > 0 ? Math.ceil(totalElements / size) : 0,
    totalElements,
    size,
    number,
    pageable: { pageNumber: number, pageSize: size },
  };
}
