import { ErrorCode } from '@contract/error-codes';
import type { RollbackReason, RollbackRecord } from '@contract/rollbacks';
import { it, translateErrorCode } from '@/i18n/it';
import { itRollbacks } from '@/i18n/it-rollbacks';
import { ApiError } from '@/lib/api-client';
import { crmRefusal } from '@/lib/crm-refusal';
import { failureReason } from '@/lib/error-message';
import { formatDateTime, formatDay } from '@/lib/dates';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day of the search bar as DD/MM/YYYY, an alert's instant with its time. */
export const windowEnd = (value: string) => (DAY.test(value) ? formatDay(value) : formatDateTime(value));

/** A snapshot value as text: an address by its parts, a flag as Sì / No, nothing as a dash. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? it.restores.yes : it.restores.no;
  if (typeof value === 'object')
    return (
      Object.values(value as Record<string, unknown>)
        .filter((part) => part !== null && part !== '')
        .join(', ') || '—'
    );
  return String(value as string | number);
}

/** The reasons a restore meets too, told in the restore's words. */
const SAID_AS_RESTORES = {
  converted: ErrorCode.RECORD_CONVERTED,
  recreating: ErrorCode.RECORD_RECREATING,
  'not-kept': ErrorCode.RESTORE_NOT_KEPT,
  'owner-changed': ErrorCode.OWNER_CHANGED,
} as const satisfies Partial<Record<RollbackReason, ErrorCode>>;
const saidAsRestore = (reason: RollbackReason): reason is keyof typeof SAID_AS_RESTORES =>
  reason in SAID_AS_RESTORES;

/**
 * Why a record of a rollback was skipped, refused or is being checked, in Italian, and beneath a CRM refusal what
 * the CRM itself said (an org's validation rule speaks its own language). An outcome stored before the reasons were
 * kept tells a CRM refusal its message holds, and nothing else of the server's English (its outcome says enough).
 */
export function recordReason(record: RollbackRecord): { text: string; detail?: string } | null {
  const { reason, message } = record;
  if (!reason) return crmRefusal(message ?? '').words === undefined ? null : refusedBecause(message!);
  if (saidAsRestore(reason)) return { text: translateErrorCode(SAID_AS_RESTORES[reason])! };
  if (reason === 'crm-refused') return refusedBecause(message ?? '');
  return { text: itRollbacks.reasons[reason] };
}

function refusedBecause(message: string): { text: string; detail?: string } {
  const refusal = crmRefusal(message);
  return {
    text: refusal.reason ? itRollbacks.crmRefusedBecause(refusal.reason) : itRollbacks.crmRefused,
    ...(refusal.words ? { detail: refusal.words } : {}),
  };
}

/** Why a rollback call failed, in Italian: the rollback refusals' own texts, else the app's. */
export const rollbackFailure = (error: unknown): string =>
  (error instanceof ApiError && typeof error.code === 'string' && itRollbacks.errorCodes[error.code]) ||
  failureReason(error);
