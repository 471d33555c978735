import type { Migration, MigrationProvider } from 'kysely';
import { initialSchema } from './0001-initial-schema';
import { restoreClaims } from './0002-restore-claims';
import { deletedRecords } from './0003-deleted-records';
import { revisionOwner } from './0004-revision-owner';
import { alerts } from './0005-alerts';
import { security } from './0006-security';
import { restoreOutcomeUnknown } from './0007-restore-outcome-unknown';
import { pendingSecret } from './0008-pending-secret';
import { restoreFields } from './0009-restore-fields';
import { rollbacks } from './0010-rollbacks';
import { revisionPartitions } from './0011-revision-partitions';
import { sessionChanges } from './0012-session-changes';
import { recordLife } from './0013-record-life';
import { firstRevisionTime } from './0014-first-revision-time';
import { revisionsWithoutRecordKey } from './0015-revisions-without-record-key';
import { convertedContacts } from './0016-converted-contacts';
import { conversionTime } from './0017-conversion-time';
import { rollbackReasons } from './0018-rollback-reasons';
import { rollbackAlertsAndUserNames } from './0019-rollback-alerts-and-user-names';
import { auditActorId } from './0020-audit-actor-id';
import { crmFieldLabels } from './0021-crm-field-labels';
import { accessGrants } from './0022-access-grants';
import { relatedRevisions } from './0023-related-revisions';
import { relatedRestored } from './0024-related-restored';

/** Migrations are listed here rather than read from disk, so they work the same under tsx, vitest and a bundle. */
const migrations: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-restore-claims': restoreClaims,
  '0003-deleted-records': deletedRecords,
  '0004-revision-owner': revisionOwner,
  '0005-alerts': alerts,
  '0006-security': security,
  '0007-restore-outcome-unknown': restoreOutcomeUnknown,
  '0008-pending-secret': pendingSecret,
  '0009-restore-fields': restoreFields,
  '0010-rollbacks': rollbacks,
  '0011-revision-partitions': revisionPartitions,
  '0012-session-changes': sessionChanges,
  '0013-record-life': recordLife,
  '0014-first-revision-time': firstRevisionTime,
  '0015-revisions-without-record-key': revisionsWithoutRecordKey,
  '0016-converted-contacts': convertedContacts,
  '0017-conversion-time': conversionTime,
  '0018-rollback-reasons': rollbackReasons,
  '0019-rollback-alerts-and-user-names': rollbackAlertsAndUserNames,
  '0020-audit-actor-id': auditActorId,
  '0021-crm-field-labels': crmFieldLabels,
  '0022-access-grants': accessGrants,
  '0023-related-revisions': relatedRevisions,
  '0024-related-restored': relatedRestored,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
