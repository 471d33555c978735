import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { recordKeys, restoreKeys } from '@/domain/kinds/query-keys';
import { ErrorCode } from '@contract/error-codes';
import { apiData } from '@/lib/api-client';
import { hasErrorCode, isConflict } from '@/lib/error-message';
import { recordKindTable, type RecordKind } from '@contract/record-kinds';
import { refreshQueries } from '@/lib/refresh-queries';

export type ReviewInput = { id: number; reviewerId: number; approved: boolean; code: string };

/**
 * `POST .../{id}/review/{reviewerId}?approved=&code=`, with the review payload repeated in the body
 * (docs/product.md#restore-and-review-payloads).
 * Approving writes the target version to the CRM; rejecting only records the decision.
 */
export const reviewRestoreRequest = (kind: RecordKind, { id, reviewerId, approved, code }: ReviewInput) =>
  apiData(`${recordKindTable[kind].api.restores}${id}/review/${reviewerId}`, {
    method: 'POST',
    query: { approved, code },
    body: { userReviewerId: reviewerId, restoreRequestsIdList: [id], approved },
    schema: z.unknown(),
  });

/** Online only. Every list of the kind changes (the request leaves PENDING), and so may the record's versions. */
export function useReviewRestoreRequest(kind: RecordKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewInput) => reviewRestoreRequest(kind, input),
    // Awaited: the reviewed row has left the list by the time the dialog closes.
    onSuccess: () => refreshQueries(queryClient, [restoreKeys.all(kind), recordKeys.all(kind)]),
    // The CRM did not answer: the request now shows 'Esito in verifica' (and the lists' read may settle it). A 409
    // (reviewed or being reviewed elsewhere, its outcome being checked): the list shows what the server holds,
    // rather than Approva and Rifiuta on a request that can no longer take them.
    onError: (error) =>
      hasErrorCode(error, ErrorCode.CRM_OUTCOME_UNKNOWN)
        ? refreshQueries(queryClient, [restoreKeys.all(kind)])
        : isConflict(error)
          ? refreshQueries(queryClient, [restoreKeys.all(kind), recordKeys.all(kind)])
          : undefined,
  });
}
