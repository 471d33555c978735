/**
 * Why a record of a rollback was skipped, refused or is being checked, in Italian: on the rollback screens, the audit
 * screen and the audit export.
 */
import { crmRefusal } from './crm-refusal';
import type { RollbackReason, RollbackRecord } from './rollbacks';
import { WRITE_REFUSAL_TEXTS } from './write-refusal-texts';

const REASON_TEXTS: Record<RollbackReason, string> = {
  'nothing-to-write': 'Ha già i valori di prima della finestra',
  'created-in-window': 'Creato nella finestra: non esiste una versione precedente a cui tornare',
  unanswered: "Il CRM non ha risposto: l'esito è in verifica rileggendo il record",
  'worker-stopped': "Il rollback si è interrotto dopo l'invio: l'esito è in verifica rileggendo il record",
  'not-applied':
    'Il CRM non ha risposto e una lettura successiva mostra che la modifica non è stata applicata',
  // The reasons a restore meets too, told in the restore's words.
  converted: WRITE_REFUSAL_TEXTS.RECORD_CONVERTED,
  recreating: WRITE_REFUSAL_TEXTS.RECORD_RECREATING,
  'not-kept': WRITE_REFUSAL_TEXTS.RESTORE_NOT_KEPT,
  'owner-changed': WRITE_REFUSAL_TEXTS.OWNER_CHANGED,
  'related-deleted': WRITE_REFUSAL_TEXTS.RELATED_RECORD_DELETED,
  'crm-refused': 'Il CRM ha rifiutato la modifica',
  'changed-since': "Modificato da altri nel CRM dopo la richiesta di rollback: lasciato com'è",
};

const crmRefusedBecause = (reason: string) => `${REASON_TEXTS['crm-refused']}: ${reason}`;

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
  if (reason === 'crm-refused') return refusedBecause(message ?? '');
  return { text: REASON_TEXTS[reason] };
}

function refusedBecause(message: string): { text: string; detail?: string } {
  const refusal = crmRefusal(message);
  return {
    text: refusal.reason ? crmRefusedBecause(refusal.reason) : REASON_TEXTS['crm-refused'],
    ...(refusal.words ? { detail: refusal.words } : {}),
  };
}
