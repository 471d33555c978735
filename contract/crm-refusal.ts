/**
 * A CRM refusal as Storico tells it in Italian: on the screens (restores, rollbacks, audit) and in the audit export.
 */
import { ownEntry } from './own-entry';

/**
 * A CRM_ERROR's message carries Salesforce's own error code after `Salesforce said ` (e.g. `Updating Case …:
 * Salesforce said FIELD_CUSTOM_VALIDATION_EXCEPTION: …`): the code, when there is one, for a translated reason.
 */
export const crmErrorCodeOf = (message: string): string | undefined =>
  /Salesforce said ([A-Z][A-Z_]+):/.exec(message)?.[1];

/** Salesforce's error codes that Storico meets when it writes, in Italian. */
const CRM_ERROR_TEXTS: Partial<Record<string, string>> = {
  UNKNOWN_EXCEPTION: 'errore interno del CRM, riprova più tardi',
  SERVER_UNAVAILABLE: 'il CRM non è al momento disponibile, riprova più tardi',
  FIELD_CUSTOM_VALIDATION_EXCEPTION: 'una regola di convalida del CRM non accetta i valori da ripristinare',
  REQUIRED_FIELD_MISSING: 'manca un campo obbligatorio per il CRM',
  DUPLICATES_DETECTED: 'il CRM segnala un record duplicato',
  INVALID_FIELD_FOR_INSERT_UPDATE: 'un campo non può essere modificato nel CRM',
  // In an org with Private or Read Only sharing only "Modify All Records" on the object lets the integration user
  // edit records it does not own (docs/salesforce-org.md, step 3).
  INSUFFICIENT_ACCESS_OR_READONLY:
    "l'utente di integrazione non ha i permessi per modificare il record: gli serve il permesso «Modifica tutti i record» (Modify All Records) su Account e Caso, o una condivisione che gli dia la modifica",
  ENTITY_IS_DELETED: 'il record è stato eliminato nel CRM',
  NOT_FOUND: 'il record non esiste più nel CRM',
  UNABLE_TO_LOCK_ROW: 'il record è in modifica nel CRM, riprova più tardi',
  MULTIPLE_CHOICES:
    'più record del CRM portano la chiave del record da ricreare: va tenuto uno solo prima di riprovare',
};

/** What a refusal's Salesforce error code means in Italian, when the app has words for it. */
export const crmErrorText = (message: string): string | undefined =>
  ownEntry(CRM_ERROR_TEXTS, crmErrorCodeOf(message) ?? '');

/**
 * A CRM refusal as the app tells it: the reason in Italian when Salesforce's error code has a translation, and what
 * the CRM itself said (the part of the server's message after `Salesforce said CODE: `, an org's validation rule
 * speaking its own language), never the server's own English: a message without the CRM's words has none.
 */
export function crmRefusal(message: string): { reason: string | undefined; words: string | undefined } {
  const words = /Salesforce said [A-Z][A-Z_]+: (.*)$/s.exec(message)?.[1];
  return { reason: crmErrorText(message), words };
}
