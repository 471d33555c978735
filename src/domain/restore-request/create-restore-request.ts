import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { CreateRestore } from '@contract/restores';
import { ErrorCode } from '@contract/error-codes';
import { apiData } from '@/lib/api-client';
import { hasErrorCode } from '@/lib/error-message';
import { recordKindTable, type RecordKind } from '@contract/record-kinds';
import { refreshQueries } from '@/lib/refresh-queries';
import { recordKeys, restoreKeys } from '@/domain/kinds/query-keys';
import { recordKinds } from '@/domain/kinds/record-kinds';

/**
 * `POST /restore-account-request/?code=` or `/restore-case-request/?code=`: one request per revision, all or none.
 * A report (type 1) waits for a reviewer; a forced restore (type 2) is written to the CRM at once.
 */
export const createRestoreRequest = (kind: RecordKind, body: CreateRestore, code: string) =>
  apiData(recordKindTable[kind].api.restores, {
    method: 'POST',
    query: { code },
    body,
    schema: z.array(recordKinds[kind].restoreSchema),
  });

export type CreateRestoreInput = { body: CreateRestore; code: string };

/**
 * Online only: nothing is queued. The restore lists and the record's versions are refreshed afterwards, and after a
 * forced restore refused because the record was changed in the CRM since: its newer version was kept, and shows.
 */
export function useCreateRestoreRequest(kind: RecordKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, code }: CreateRestoreInput) => createRestoreRequest(kind, body, code),
    onSuccess: () => void refreshQueries(queryClient, [restoreKeys.all(kind), recordKeys.all(kind)]),
    onError: (error) =>
      hasErrorCode(error, ErrorCode.RECORD_CHANGED_SINCE)
        ? refreshQueries(queryClient, [recordKeys.all(kind)])
        : undefined,
  });
}
