import type { RestoreStatus } from '@contract/restores';
import { itRestores } from '@/i18n/it-restores';
import { formatDateTime } from '@/lib/dates';

/** docs/product.md#restore-lists: 'Data rifiuto' for a rejected request, 'Data approvazione' otherwise. */
export const decisionDateLabel = (status: RestoreStatus) =>
  status === 'REJECTED' ? itRestores.columns.rejectedAt : itRestores.columns.approvedAt;

/** The date of the decision (DD/MM/YYYY HH:mm), or 'non ancora approvata' while there is none. */
export const decisionDateText = (approvedAt: string | null) =>
  approvedAt ? formatDateTime(approvedAt) || approvedAt : itRestores.notYetApproved;
