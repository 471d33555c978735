/**
 * The audit log's words in Italian: what each action was, what it was done to, the names of its details' keys and
 * the values that are codes. Shared by the audit screen (src/features/audit) and the server's CSV export
 * (server/audit/audit-csv.ts), so that the file tells an entry as the screen does; audit-detail-lines.ts puts an
 * entry's details into lines with them.
 */
import type { AuditDetailKey } from './audit';
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
  'restore.related-applied': 'E-mail e commenti del caso ripristinati',
  'restore.failed': 'Ripristino non riuscito',
  'restore.outcome_unknown': 'Esito del ripristino in verifica',
  'restore.not_applied': 'Ripristino non applicato',
  'restore.refused-four-eyes': 'Approvazione rifiutata: quattro occhi',
  'restore.code_refused': 'Codice errato per un ripristino',
  'restore.code_locked': 'Account bloccato: codici errati per un ripristino',
  'rollback.previewed': 'Anteprima di rollback',
  'rollback.created': 'Rollback richiesto',
  'rollback.approved': 'Rollback approvato',
  'rollback.rejected': 'Rollback rifiutato',
  'rollback.stopped': 'Rollback interrotto',
  'rollback.finished': 'Rollback terminato',
  'rollback.record': 'Record di un rollback',
  'rollback.refused-four-eyes': 'Approvazione di un rollback rifiutata: quattro occhi',
  'rollback.code_refused': 'Codice errato per un rollback',
  'rollback.code_locked': 'Account bloccato: codici errati per un rollback',
  'alert.raised': 'Avviso di modifiche massive',
  'alert.forced-restore': 'Avviso di ripristino forzato',
  'alert.acknowledged': 'Avviso preso visione',
};

/** What an entry was done to, by the prefix of its target (`user:12`). */
const TARGET_NAMES: Partial<Record<string, (id: string) => string>> = {
  user: (id) => `Utente n. ${id}`,
  account: (username) => `Account «${username}»`,
  'account-hmac': (hmac) => `Username sconosciuto (impronta ${hmac.slice(0, 12)}…)`,
  'restore-account-request': (id) => `Richiesta di ripristino di un contatto n. ${id}`,
  'restore-case-request': (id) => `Richiesta di ripristino di un caso n. ${id}`,
  'rollback-request': (id) => `Rollback n. ${id}`,
  alert: (id) => `Avviso n. ${id}`,
  'sf-user': (id) => `Agente ${id}`,
};

/** A target named by its kind alone: what was being made when the entry was written (a code refused at creation). */
const NEW_TARGET_NAMES: Partial<Record<string, string>> = {
  'restore-account-request': 'Nuova richiesta di ripristino di un contatto',
  'restore-case-request': 'Nuova richiesta di ripristino di un caso',
};

/** An action's Italian name; an action the app has no name for gives undefined (its code is shown alone). */
export const auditActionName = (action: string): string | undefined => ownEntry(AUDIT_ACTION_NAMES, action);

/**
 * What an entry was done to, in Italian ('Utente n. 12' for `user:12`); an unknown kind of target as recorded. A CRM
 * user (`sf-user:…`) is named by `crmUserName` when one is known, their id beside it.
 */
export function auditTargetText(target: string | null, crmUserName: string | null = null): string {
  if (!target) return '';
  const colon = target.indexOf(':');
  if (colon < 0) return ownEntry(NEW_TARGET_NAMES, target) ?? target;
  const kind = target.slice(0, colon);
  const id = target.slice(colon + 1);
  if (kind === 'sf-user' && crmUserName) return `Agente ${crmUserNameText(crmUserName, id)}`;
  const said = colon > 0 ? ownEntry(TARGET_NAMES, kind) : undefined;
  return said ? said(id) : target;
}

/** A CRM user by name, their Salesforce id beside it: the id is what the CRM and the details recorded. */
export const crmUserNameText = (name: string, id: string) => `${name} (${id})`;

/** The name of each key of an entry's details (contract/audit.ts AUDIT_DETAIL_KEYS), in the order they are shown. */
export const AUDIT_DETAIL_LABELS = {
  sfUserID: 'Agente',
  object: 'Oggetto',
  from: 'Dal',
  to: 'Al',
  windowStart: 'Inizio intervallo',
  windowEnd: 'Fine intervallo',
  alertId: 'Avviso n.',
  type: 'Tipo',
  forced: 'Forzato',
  recordId: 'Id del record',
  revisionId: 'Versione',
  fields: 'Campi',
  written: 'Campi scritti',
  records: 'Numero di record',
  laterChangedIncluded: 'Di cui modificati anche da altri',
  changed: 'Modificati',
  deleted: 'Eliminati',
  appliedRevisionId: 'Versione registrata',
  outcome: 'Esito',
  returned: 'Record riportato',
  newRecordId: 'Nuovo Id del record',
  reviewerId: 'Revisore (n. utente)',
  request: 'Richiesta',
  grantedAt: "Accesso dato all'utente il",
  settled: 'Esito accertato rileggendo il record',
  reason: 'Motivo',
  error: 'Errore',
  message: 'Messaggio',
  username: 'Username',
  usernameHmac: 'Impronta dello username (HMAC)',
  usernameLength: 'Lunghezza dello username',
  email: 'Email',
  role: 'Ruolo',
  before: 'Prima',
  after: 'Dopo',
  bootstrap: 'Creato al primo avvio',
  via: 'Tramite',
  source: 'Provenienza',
  until: 'Bloccato fino al',
  lockCount: 'Blocchi di fila',
  cleared: 'Blocchi rimossi',
  ended: 'Sessioni terminate',
  method: 'Metodo',
  url: 'Indirizzo della richiesta',
} satisfies Record<AuditDetailKey, string>;

/** The recorded values that are codes, in Italian; any other value shows as recorded. */
export const AUDIT_VALUE_TEXTS = {
  yes: 'Sì',
  no: 'No',
  none: '—',
  changedTo: (before: string, after: string) => `${before} → ${after}`,
  type: { FORCED: 'Ripristino forzato', REPORT: 'Segnalazione' } as Partial<Record<string, string>>,
  object: { Account: 'Contatti', Case: 'Casi' } as Partial<Record<string, string>>,
  outcome: {
    undeleted: 'Ripristinato dal cestino',
    recreated: 'Ricreato con un nuovo Id',
    restored: 'Ripristinato',
    skipped: 'Saltato',
    refused: 'Rifiutato',
    unknown: 'Esito in verifica',
  } as Partial<Record<string, string>>,
  /** Why a sign-in failed (the other reasons are a rollback's). */
  signInReason: {
    bad_credentials: 'Username o password errati',
    bad_code: 'Codice errato',
    replayed_code: 'Codice già usato',
    locked: 'Account bloccato',
    rate_limited: 'Troppi tentativi',
  } as Partial<Record<string, string>>,
  /** How the reviewer gave the requester their access (a four-eyes refusal). */
  fourEyesReason: {
    created: "ha creato l'utente",
    enrolled: "ha inviato il codice QR o reimpostato l'autenticatore",
    'password-set': 'ha impostato la password',
  } as Partial<Record<string, string>>,
  via: { 'command line': 'riga di comando', link: 'link del codice QR' } as Partial<Record<string, string>>,
  /** Why a signed-in caller was refused (403), by the refusal's code. */
  forbidden: {
    FORBIDDEN: 'Il ruolo non lo consente',
    OWN_PASSWORD_ONLY: 'Password di un altro utente',
    OWN_REQUEST: 'Revisione di una propria richiesta',
    FOUR_EYES: "Approvazione di una richiesta di un utente a cui si è dato l'accesso",
  } as Partial<Record<string, string>>,
  source: {
    ip: (address: string) => `indirizzo ${address}`,
    device: () => 'browser che aveva già avuto accesso',
    codes: () => 'codici di conferma',
  } as Partial<Record<string, (rest: string) => string>>,
};
