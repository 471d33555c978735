/**
 * What the audit log's actions and targets are called in Italian: shared by the audit screen (src/i18n/it-audit.ts,
 * src/features/audit/components/audit-text.ts) and the server's CSV export (server/audit/audit-csv.ts), so that the
 * file names an entry as the screen does.
 */
import { ownEntry } from './own-entry';

/** What each recorded action was, beside its code (the code is what the filter takes). */
export const AUDIT_ACTION_NAMES: Partial<Record<string, string>> = {
  'auth.login': 'Accesso',
  'auth.login-failed': 'Accesso non riuscito',
  'auth.login-refused-locked': 'Accesso rifiutato: account bloccato',
  'auth.logout': 'Uscita',
  'auth.locked': 'Account bloccato',
  'auth.lock-cleared': 'Blocco rimosso',
  'auth.code-replayed': 'Codice già usato',
  'auth.account-under-attack': 'Tentativi da più indirizzi',
  'auth.refused-token': 'Accesso rifiutato: sessione non valida',
  'auth.refused-forbidden': 'Operazione non permessa al ruolo',
  'auth.sessions-ended': 'Sessioni terminate',
  'auth.sessions-ended-by-admin': "Sessioni terminate dall'amministratore",
  'auth.session-ended-password-guessing': 'Sessione terminata: password errate',
  'user.created': 'Utente creato',
  'user.updated': 'Utente modificato',
  'user.deleted': 'Utente eliminato',
  'user.reset': 'Utente reimpostato',
  'user.password-set': 'Password impostata',
  'user.password-changed': 'Password cambiata',
  'user.password-change-refused': 'Cambio password rifiutato',
  'user.authenticator-reset': 'Autenticatore reimpostato',
  'user.enrolment-issued': 'Codice QR inviato',
  'user.enrolment-opened': 'Link del codice QR aperto',
  'user.enrolment-confirmed': 'Nuovo autenticatore confermato',
  'user.enrolment-confirm-refused': 'Conferma del nuovo autenticatore rifiutata',
  'user.enrolment-completed': 'Autenticatore attivato',
  'restore.created': 'Richiesta di ripristino creata',
  'restore.approved': 'Ripristino approvato',
  'restore.rejected': 'Ripristino rifiutato',
  'restore.applied': 'Ripristino applicato',
  'restore.failed': 'Ripristino non riuscito',
  'restore.outcome_unknown': 'Esito del ripristino in verifica',
  'restore.not_applied': 'Ripristino non applicato',
  'restore.code_refused': 'Codice errato per un ripristino',
  'restore.code_locked': 'Account bloccato: codici errati per un ripristino',
  'rollback.previewed': 'Anteprima di rollback',
  'rollback.created': 'Rollback richiesto',
  'rollback.approved': 'Rollback approvato',
  'rollback.rejected': 'Rollback rifiutato',
  'rollback.stopped': 'Rollback interrotto',
  'rollback.finished': 'Rollback terminato',
  'rollback.record': 'Record di un rollback',
  'rollback.code_refused': 'Codice errato per un rollback',
  'rollback.code_locked': 'Account bloccato: codici errati per un rollback',
  'alert.raised': 'Avviso di modifiche massive',
  'alert.acknowledged': 'Avviso preso visione',
};

/** What an entry was done to, by the prefix of its target (`user:12`). */
const TARGET_NAMES: Partial<Record<string, (id: string) => string>> = {
  user: (id) => `Utente n. ${id}`,
  account: (username) => `Account «${username}»`,
  'restore-account-request': (id) => `Richiesta di ripristino di un contatto n. ${id}`,
  'restore-case-request': (id) => `Richiesta di ripristino di un caso n. ${id}`,
  'rollback-request': (id) => `Rollback n. ${id}`,
  alert: (id) => `Avviso n. ${id}`,
  'sf-user': (id) => `Agente ${id}`,
};

/** An action's Italian name; an action the app has no name for gives undefined (its code is shown alone). */
export const auditActionName = (action: string): string | undefined => ownEntry(AUDIT_ACTION_NAMES, action);

/** What an entry was done to, in Italian ('Utente n. 12' for `user:12`); an unknown kind of target as recorded. */
export function auditTargetText(target: string | null): string {
  if (!target) return '';
  const colon = target.indexOf(':');
  const said = colon > 0 ? ownEntry(TARGET_NAMES, target.slice(0, colon)) : undefined;
  return said ? said(target.slice(colon + 1)) : target;
}
