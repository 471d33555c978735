import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rollbackRequestSchema } from '@contract/rollbacks';
import { apiData } from '@/lib/api-client';
import { isConflict } from '@/lib/error-message';
import { refreshQueries } from '@/lib/refresh-queries';
import { rollbacksQueryKey } from './rollback-keys';

export type RollbackReview = { id: number; reviewerId: number; approved: boolean; code: string };

/** `POST /rollback-request/{id}/review/{reviewerId}?approved=&code=`: never the creator's own. */
export const reviewRollback = ({ id, reviewerId, approved, code }: RollbackReview) =>
  apiData(`/rollback-request/${id}/review/${reviewerId}`, {
    method: 'POST',
    query: { approved, code },
    schema: rollbackRequestSchema,
  });

/**
 * Online only. The rollback moves to another tab; so it has when the review is refused with 409 (another reviewer
 * decided first): the list is read again rather than offering Approva and Rifiuta on it.
 */
export function useReviewRollback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewRollback,
    onSuccess: () => refreshQueries(queryClient, [rollbacksQueryKey]),
    onError: (error) => (isConflict(error) ? refreshQueries(queryClient, [rollbacksQueryKey]) : undefined),
  });
}
