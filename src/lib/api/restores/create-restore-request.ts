import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { envelopeOf } from '@contract/envelope';
import type { CreateRestore } from '@contract/restores';
import { apiRequest } from '@/lib/api-client';
import { refreshQueries } from '@/lib/refresh-queries';
import { restoreRequestsQueryKey } from './get-restore-requests';
import { recordQueryRoot, restoreEndpoint, restoreRequestSchema, type RestoreKind } from './restore-kind';

/**
 * `POST /restore-account-request/?code=` or `/restore-case-request/?code=`: one request per revision, all or none.
 * A report (type 1) waits for a reviewer; a forced restore (type 2) is written to the CRM at once.
 */
export const createRestoreRequest = (kind: RestoreKind, body: CreateRestore, code: string) =>
  apiRequest(restoreEndpoint[kind], {
    method: 'POST',
    query: { code },
    body,
    schema: envelopeOf(z.array(restoreRequestSchema[kind])),
  });

export type CreateRestoreInput = { body: CreateRestore; code: string };

/** Online only: nothing is queued. The restore lists and the record's versions are refreshed afterwards. */
export function useCreateRestoreRequest(kind: RestoreKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, code }: CreateRestoreInput) => createRestoreRequest(kind, body, code),
    onSuccess: () => void refreshQueries(queryClient, [restoreRequestsQueryKey(kind), recordQueryRoot[kind]]),
  });
}
