import { queryOptions } from '@tanstack/react-query';
import { envelopeOf } from '@contract/envelope';
import { differencesSchema } from '@contract/revisions';
import { apiRequest } from '@/lib/api-client';

/** `GET /revision-account/differences`: the fields that differ between two revisions of a contact. */
export const getAccountDifferences = (firstId: number, secondId: number, signal?: AbortSignal) =>
  apiRequest('/revision-account/differences', {
    query: { firstRevisionAccountID: firstId, secondRevisionAccountID: secondId },
    schema: envelopeOf(differencesSchema),
    signal,
  }).then((answer) => answer.data.query);

export const accountDifferencesOptions = (firstId: number, secondId: number) =>
  queryOptions({
    queryKey: ['contacts', 'differences', firstId, secondId],
    queryFn: ({ signal }) => getAccountDifferences(firstId, secondId, signal),
    // Revisions never change, so neither does their difference.
    staleTime: Infinity,
  });
