import type { RestoreStatus } from '@contract/restores';
import { it } from '@/i18n/it';
import { formatDateTime } from '@/lib/dates';

/** docs/product.md#restore-lists: 'Data rifiuto' for a rejected request, 'Data approvazione' otherwise. */
export const decisionDateLabel = (status: RestoreStatus) =>
  status === 'REJECTED' ? it.restores.columns.rejectedAt : it.restores.columns.approvedAt;

/** The date of the decision (DD/MM/YYYY HH:mm), or 'non ancora approvata' while there is none. */
export const decisionDateText = (approvedAt: string | null) =>
  approvedAt ? formatDateTime(approvedAt) || approvedAt : it.restores.notYetApproved;
