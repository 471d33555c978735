import { ErrorCode } from '@contract/error-codes';
import type { RollbackReason, RollbackRecord } from '@contract/rollbacks';
import { translateErrorCode } from '@/i18n/it';
import { itRollbacks } from '@/i18n/it-rollbacks';
import { crmRefusal } from './crm-refusal';

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
export function recordReason(
  record: Pick<RollbackRecord, 'reason' | 'message'>,
): { text: string; detail?: string } | null {
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
