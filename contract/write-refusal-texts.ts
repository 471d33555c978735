/**
 * Why the CRM did not take or keep a write, in Italian: a restore's refusal by its error code
 * (src/i18n/it-first-load.ts `errorCodes`) and a rollback record's reason (contract/rollback-reasons.ts) say it
 * alike.
 */
import type { ErrorCode } from './error-codes';

export const WRITE_REFUSAL_TEXTS = {
  RECORD_RECREATING:
    'Il record, eliminato definitivamente dal CRM, è in corso di ricreazione: riprova tra qualche minuto',
  RESTORE_NOT_KEPT:
    "Il CRM non ha mantenuto i valori ripristinati: subito dopo la scrittura il record ne ha altri (li ha cambiati una regola o un'automazione del CRM)",
  OWNER_CHANGED:
    'Il CRM ha assegnato il record a un altro proprietario durante la scrittura (una regola di assegnazione?)',
  RECORD_CONVERTED:
    'Il contatto è diventato un account aziendale nel CRM: non può essere ripristinato finché non torna un contatto',
  RELATED_RECORD_DELETED:
    'Il contatto di questo caso è eliminato nel CRM: ripristina prima il contatto, poi riprova',
  RECORD_CHANGED_SINCE:
    'Il record è stato modificato nel CRM dopo la versione confrontata: controlla il confronto con la versione più recente',
} as const satisfies Partial<Record<ErrorCode, string>>;
