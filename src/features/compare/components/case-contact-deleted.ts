import { revisionSchema, type DeletedContact } from '@contract/revisions';
import { it } from '@/i18n/it';
import type { RecordKind } from '@contract/record-kinds';
import type { RevisionPair } from '@/domain/revision-pair';
import type { Search } from '@/domain/search-state';
import { parseSnapshot } from '@/domain/snapshot';
import { detailHref } from '@/domain/comparison/use-detail-search';
import { recordRoutes } from '@/domain/kinds/record-routes';
import type { RestoreBlock } from '@/domain/restore-request/restore-actions';

const deletedContactField = revisionSchema.pick({ deletedContact: true });

/**
 * The case's contact deleted in the CRM, as Storico last saw it, when the version a restore writes (`pair.first`)
 * points at it too: the server refuses that restore (409 RELATED_RECORD_DELETED) until the contact is restored. A
 * version that moves the case to another contact is not held back. An answer kept from before the server said so
 * (a comparison saved on this device, a persisted query) reads as a live contact.
 */
function deletedContactOf(kind: RecordKind, pair: RevisionPair): DeletedContact | null {
  if (kind !== 'case') return null;
  const parsed = deletedContactField.safeParse(pair.first);
  const contact = parsed.success ? parsed.data.deletedContact : null;
  return contact && parseSnapshot(pair.first.json)?.AccountId === contact.id ? contact : null;
}

/**
 * Why a case cannot be restored while its contact is deleted, with a link to the contact's comparison at the same
 * dates, where it can be restored. Without the case's agent: the contact may be another agent's, and a restore from
 * its screen would name that agent as its own.
 */
export function contactDeletedBlock(
  kind: RecordKind,
  pair: RevisionPair,
  search: Search,
): RestoreBlock | null {
  const contact = deletedContactOf(kind, pair);
  if (!contact) return null;
  return {
    reason: it.restore.contactDeleted,
    link: {
      to: detailHref(recordRoutes.account.detail(contact.id), { ...search, agentId: '' }),
      text: it.restore.openContact(contact.name || contact.id),
    },
  };
}
