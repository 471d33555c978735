import { queryOptions } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { differencesSchema } from '@contract/revisions';
import { apiRequest } from '@/lib/api-client';

/** `GET /revision-case/differences`: the fields that differ between two revisions of a case. */
export const getCaseDifferences = (firstId: number, secondId: number, signal?: AbortSignal) =>
  apiRequest('/revision-case/differences', {
    query: { firstRevisionCaseID: firstId, secondRevisionCaseID: secondId },
    schema: envelopeOf(differencesSchema),
    signal,
  }).then((answer) => answer.data.query);

export const caseDifferencesOptions = (firstId: number, secondId: number) =>
  queryOptions({
    queryKey: ['cases', 'differences', firstId, secondId],
    queryFn: ({ signal }) => getCaseDifferences(firstId, secondId, signal),
    // Revisions never change, so neither does their difference.
    staleTime: Infinity,
  });
