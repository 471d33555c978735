import { queryOptions, useQuery } from '@tanstack/react-query';
import { sessionListSchema } from '@contract/auth';
import { envelopeOf } from '@contract/envelope';
import { apiRequest } from '@/lib/api-client';

export const sessionsQueryKey = ['sessions'] as const;

export const getSessions = (signal?: AbortSignal) =>
  apiRequest('/auth/sessions', { schema: envelopeOf(sessionListSchema), signal });

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: sessionsQueryKey,
    queryFn: async ({ signal }) => (await getSessions(signal)).data.query,
    staleTime: 0,
  });

/** Your open sessions, this one marked `current`. */
export const useSessions = () => useQuery(sessionsQueryOptions());
