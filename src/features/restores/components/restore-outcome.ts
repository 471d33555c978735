import { itRestores } from '@/i18n/it-restores';
import type { RestoreRequestView } from '@/domain/kinds/kind-def';

/**
 * How an applied restore brought back a record deleted in the CRM: out of the recycle bin with its id (a case with
 * the e-mails and comments that came back with it), or re-created with a new one. Null for a live record's restore,
 * or before the request is applied.
 */
export function outcomeText({ outcome, newRecordId, relatedRestored }: RestoreRequestView): string | null {
  const t = itRestores.outcomes;
  if (outcome === 'undeleted') return relatedRestored ? t.undeletedWithRelated(relatedRestored) : t.undeleted;
  if (outcome === 'recreated') return t.recreated(newRecordId ?? '—');
  return null;
}
