import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { envelopeOf } from '@contract/envelope';
import { restoreRequestsQueryKey } from '@/lib/api/restores/get-restore-requests';
import { recordQueryRoot, restoreEndpoint, type RestoreKind } from '@/lib/api/restores/restore-kind';
import { apiRequest } from '@/lib/api-client';
import { refreshQueries } from '@/lib/refresh-queries';

export type ReviewInput = { id: number; reviewerId: number; approved: boolean; code: string };

/**
 * `POST .../{id}/review/{reviewerId}?approved=&code=`, with SPEC.md's review payload repeated in the body.
 * Approving writes the target version to the CRM; rejecting only records the decision.
 */
export const reviewRestoreRequest = (kind: RestoreKind, { id, reviewerId, approved, code }: ReviewInput) =>
  apiRequest(`${restoreEndpoint[kind]}${id}/review/${reviewerId}`, {
    method: 'POST',
    query: { approved, code },
    body: { userReviewerId: reviewerId, restoreRequestsIdList: [id], approved },
    schema: envelopeOf(z.unknown()),
  });

/** Online only. Every list of the kind changes (the request leaves PENDING), and so may the record's versions. */
export function useReviewRestoreRequest(kind: RestoreKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => reviewRestoreRequest(kind, input),
    // Awaited: the reviewed row has left the list by the time the dialog closes.
    onSuccess: () => refreshQueries(queryClient, [restoreRequestsQueryKey(kind), recordQueryRoot[kind]]),
  });
}
