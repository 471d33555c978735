import { queryOptions, useQuery } from '@tanstack/react-query';
import { rollbackPreviewSchema, type RollbackScope } from '@contract/rollbacks';
import { apiData } from '@/lib/api-client';
import { rollbacksQueryKey } from './rollback-keys';

/** `POST /rollback-request/preview` (USER_RANA): what the rollback would write, per field and in a sample. */
export const previewRollback = (scope: RollbackScope, signal?: AbortSignal) =>
  apiData('/rollback-request/preview', {
    method: 'POST',
    body: scope,
    schema: rollbackPreviewSchema,
    signal,
  });

export const rollbackPreviewOptions = (scope: RollbackScope) =>
  queryOptions({
    queryKey: [...rollbacksQueryKey, 'preview', scope],
    queryFn: ({ signal }) => previewRollback(scope, signal),
    // The field choice reads a new preview; the one without a choice stays for the checkboxes.
    placeholderData: (previous) => previous,
  });

export const useRollbackPreview = (scope: RollbackScope | null) =>
  useQuery({
    ...rollbackPreviewOptions(scope ?? { sfUserID: '', object: 'Account', from: '', to: '' }),
    enabled: scope !== null,
    // Read again whenever the page opens (the records change with every sync), not when the window regains focus:
    // the checkboxes of the later-changed records must not shift under the user.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
