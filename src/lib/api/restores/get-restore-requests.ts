import { queryOptions, useQuery } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { pageOf, type Page } from '@contract/page';
import {
  accountRestoreRequestSchema,
  caseRestoreRequestSchema,
  type RestoreStatus,
} from '@contract/restores';
import { apiRequest } from '@/lib/api-client';
import {
  restoreEndpoint,
  viewOfAccountRequest,
  viewOfCaseRequest,
  type RestoreKind,
  type RestoreRequestView,
} from './restore-kind';

export const RESTORES_PAGE_SIZE = 10;

/** Every list of a kind's restore requests lives under this key: a new request or a review invalidates it. */
export const restoreRequestsQueryKey = (kind: RestoreKind) => ['restores', kind] as const;

/** `page` is 1-based (the URL's); the API counts from 0. */
export type RestoreListParams = { kind: RestoreKind; status: RestoreStatus; page: number };

/** `GET /restore-account-request/` or `/restore-case-request/`: one status, newest first, 10 a page. */
export async function getRestoreRequests(
  { kind, status, page }: RestoreListParams,
  signal?: AbortSignal,
): Promise<Page<RestoreRequestView>> {
  const query = { status, page: page - 1, size: RESTORES_PAGE_SIZE, isPaged: true };
  if (kind === 'contact') {
    const answer = await apiRequest(restoreEndpoint.contact, {
      query,
      schema: envelopeOf(pageOf(accountRestoreRequestSchema)),
      signal,
    });
    return { ...answer.data.query, content: answer.data.query.content.map(viewOfAccountRequest) };
  }
  const answer = await apiRequest(restoreEndpoint.case, {
    query,
    schema: envelopeOf(pageOf(caseRestoreRequestSchema)),
    signal,
  });
  return { ...answer.data.query, content: answer.data.query.content.map(viewOfCaseRequest) };
}

export const restoreRequestsQueryOptions = (params: RestoreListParams) =>
  queryOptions({
    queryKey: [...restoreRequestsQueryKey(params.kind), params.status, params.page],
    queryFn: ({ signal }) => getRestoreRequests(params, signal),
    // While the next page of the same tab loads, the current one stays; another tab never shows this one's rows.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === params.kind && previousQuery.queryKey[2] === params.status
        ? previous
        : undefined,
  });

export const useRestoreRequests = (params: RestoreListParams) =>
  useQuery(restoreRequestsQueryOptions(params));
