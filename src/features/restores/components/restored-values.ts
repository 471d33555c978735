import { parseDiffProperties } from '@contract/revisions';
import type { RestoreRequestView } from '@/domain/kinds/kind-def';
import { restoreFields, type RestoreField } from '@/domain/restore-request/restore-fields';
import { parseSnapshot } from '@/domain/snapshot';

/**
 * The fields a request's restore writes, each with the value it writes back (the target snapshot's): its chosen
 * fields when it has some, else those that differed when it was made. `null` when the target is not readable JSON.
 */
export function restoredValues(
  request: Pick<RestoreRequestView, 'kind' | 'differences' | 'fields' | 'revision'>,
): RestoreField[] | null {
  const snapshot = parseSnapshot(request.revision.json);
  if (!snapshot) return null;
  return restoreFields(request.kind, request.fields ?? parseDiffProperties(request.differences), snapshot);
}
