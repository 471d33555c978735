import { ErrorCode, isErrorCode } from '@contract/error-codes';
import { WRITE_REFUSAL_TEXTS } from '@contract/write-refusal-texts';

/**
 * The texts of every first page load: the frame (errors, toasts, the update prompt, the error view) and the sign-in
 * page. They are sections of `it` (it.ts) like any other and are read from there everywhere else; the modules of the
 * frame and of sign-in import this part alone, so that the first page does not download the whole table
 * (decision 023).
 */
export const it = {
  app: {
    name: 'Storico',
    loading: 'Caricamento in corso...',
    /** While the server loads the demo history (or runs its first CRM sync) after a first start. */
    startupLoading: 'Caricamento dati dimostrativi…',
    startupProgress: (progress: string) => `Caricamento dati dimostrativi… (${progress})`,
  },
  offline: {
    badge: 'Offline',
    badgeHint: 'Nessuna connessione: sono disponibili solo i confronti salvati',
    onlineOnly: 'Disponibile solo online',
    savedAt: (when: string) => `Offline - dati salvati il ${when}`,
    neverSeen:
      'Sei offline e questo elenco non è mai stato letto su questo dispositivo: sarà disponibile quando torna la connessione.',
    notSaved:
      "Sei offline e questo record non è mai stato aperto su questo dispositivo, quindi non è salvato per l'uso offline: sarà disponibile quando torna la connessione.",
    title: 'Disponibili offline',
    intro:
      'I confronti aperti di recente restano consultabili anche senza connessione (fino a 200, per 30 giorni).',
    empty:
      'Nessun confronto salvato: apri il dettaglio di un contatto o di un caso per averlo anche offline.',
    columns: {
      record: 'Record',
      type: 'Tipo',
      dates: 'Date confrontate',
      savedAt: 'Salvato il',
      open: 'Apri',
    },
    kinds: { account: 'Contatto', case: 'Caso' } as Record<'account' | 'case', string>,
    range: (from: string, to: string) => `dal ${from} al ${to}`,
    /** A row's 'Apri' as a screen reader's list of links names it. */
    openRecord: (label: string, from: string, to: string) => `Apri ${label} dal ${from} al ${to}`,
  },
  toasts: {
    /** The notifications' landmark, announced with its keyboard shortcut. */
    region: 'Notifiche',
    close: 'Chiudi la notifica',
  },
  update: {
    available: 'Nuova versione disponibile',
    reload: 'Aggiorna',
  },
  errorView: {
    title: 'Si è verificato un errore',
    retry: 'Ritenta',
    unknown: 'Errore sconosciuto',
  },
  signIn: {
    title: 'Accedi a Storico',
    subtitle: 'Inserisci le tue credenziali',
    username: 'Username',
    password: 'Password',
    submit: 'Accedi',
    checking: 'Verifica in corso...',
    codeTitle: 'Codice di verifica',
    codeSubtitle: "Inserisci il codice a 6 cifre generato dall'app di autenticazione",
    codeLabel: 'Codice a 6 cifre',
    verify: 'Verifica',
    back: 'Indietro',
    codeRequired: 'Inserisci tutte le 6 cifre del codice',
    success: 'Accesso effettuato con successo',
    wrongCredentials: 'Email o password errati',
    wrongCode: 'Il codice inserito non è corretto',
    notEnrolled:
      "Il tuo utente non ha ancora un'app di autenticazione: apri il link di attivazione che ti ha inviato un amministratore, o chiedigliene uno nuovo",
    requestInvalid: 'Richiesta non valida, contatta il servizio clienti',
    locked: 'Troppi tentativi non riusciti: accesso temporaneamente bloccato. Riprova più tardi.',
    lockedFor: (wait: string) =>
      `Troppi tentativi non riusciti: accesso temporaneamente bloccato. Riprova tra ${wait}.`,
    seconds: (n: number) => (n === 1 ? '1 secondo' : `${n} secondi`),
    minutes: (n: number) => (n === 1 ? '1 minuto' : `${n} minuti`),
  },
  validation: {
    required: 'Campo obbligatorio',
    minLength: (n: number) => `Inserisci almeno ${n} caratteri`,
    maxLength: (n: number) => `Inserisci al massimo ${n} caratteri`,
    email: 'Inserisci un indirizzo email valido',
    invalid: 'Valore non valido',
    illFormed: 'Contiene caratteri non ammessi (tabulazioni, a capo o altri caratteri di controllo)',
    usernameCharacters: "Usa solo lettere dell'alfabeto latino (anche accentate), cifre e i segni . _ - @ '",
  },
  forgotPassword: {
    title: 'Password dimenticata',
    // Nobody can send a reset e-mail (docs/product.md#forgotten-password-and-reset-link): an administrator
    // sets a new password ('Cambia password' in 'Gestione utenti').
    message:
      'Per reimpostare la password chiedi a un amministratore di impostarne una nuova per te, poi accedi con quella.',
    backToSignIn: 'Torna al login',
  },
  errors: {
    sessionExpired: "Sessione scaduta, effettua nuovamente l'accesso",
    notSignedIn: "Non hai effettuato l'accesso",
    signedOutElsewhere: "Sei uscito da Storico in un'altra scheda: accedi di nuovo per continuare",
    notFound: 'Risultato non trovato',
    network: 'Impossibile contattare il server. Controlla la connessione e riprova.',
    timeout: 'Il server non ha risposto in tempo. Riprova.',
    generic: 'Si è verificato un errore imprevisto',
    forbidden: 'Non hai i permessi per questa operazione',
    /** A 400 of a generic code: the server names the refused field (`body.dateTo`, `query.code`). */
    invalidField: (field: string) =>
      `Il server ha rifiutato il valore del campo «${field}»: controllalo e riprova`,
    invalidRequest: 'Il server ha rifiutato la richiesta: controlla i dati inseriti e riprova',
    /** A 409 of a generic code: something changed meanwhile. */
    conflict: 'I dati sono stati modificati nel frattempo: aggiorna la pagina e riprova',
    /** A 5xx of a generic or unknown code. */
    server: "Il server non è riuscito a completare l'operazione. Riprova tra qualche istante.",
  },
  /** The request fields a person types, by the name the server gives a refused one; any other keeps its name. */
  requestFields: {
    dateFrom: 'Da',
    dateTo: 'A',
    from: 'Dal',
    to: 'Al',
    code: 'Codice',
    username: 'Username',
    email: 'Email',
    password: 'Password',
    oldPassword: 'Password attuale',
    newPassword: 'Nuova password',
    'role.name': 'Ruolo',
    name: 'Nome',
    fields: 'Campi',
  } as Partial<Record<string, string>>,
  /** Codes whose meaning is fixed; a generic one (BAD_REQUEST, NOT_FOUND, CONFLICT) is told by its status. */
  errorCodes: {
    [ErrorCode.INVALID_CODE]: 'Il codice inserito non è valido',
    [ErrorCode.CODE_USED]:
      "Questo codice è già stato usato: attendi che l'app di autenticazione ne mostri uno nuovo e inserisci quello",
    [ErrorCode.DUPLICATE_REQUEST]:
      'Esistono già delle richieste in sospeso o completate per una delle revisioni selezionate',
    [ErrorCode.UNAUTHORIZED]: "Non hai effettuato l'accesso",
    [ErrorCode.SESSION_EXPIRED]: "Sessione scaduta, effettua nuovamente l'accesso",
    [ErrorCode.FORBIDDEN]: 'Non hai i permessi per questa operazione',
    [ErrorCode.INTERNAL]: 'Si è verificato un errore imprevisto',
    [ErrorCode.USERNAME_TAKEN]: 'Questo username è già usato da un altro utente',
    [ErrorCode.EMAIL_TAKEN]: 'Questa email è già usata da un altro utente',
    [ErrorCode.USERNAME_AND_EMAIL_TAKEN]: 'Username ed email sono già usati da un altro utente',
    [ErrorCode.OWN_USER]: 'Non puoi eliminare il tuo utente',
    [ErrorCode.LAST_ADMIN]:
      "Non resterebbe nessun amministratore in grado di accedere: assegna prima il ruolo Admin a un altro utente che abbia già configurato l'autenticatore",
    [ErrorCode.WRONG_PASSWORD]: 'La password attuale non è corretta',
    [ErrorCode.SAME_PASSWORD]: 'La nuova password deve essere diversa da quella attuale',
    [ErrorCode.PASSWORD_COMMON]: 'Questa password è troppo comune: scegline una meno prevedibile',
    [ErrorCode.PASSWORD_HAS_USERNAME]: 'La password non può contenere lo username',
    [ErrorCode.OWN_PASSWORD_ONLY]: 'Puoi modificare solo la tua password',
    [ErrorCode.CODES_LOCKED]: 'Troppi codici errati: account temporaneamente bloccato, riprova più tardi',
    [ErrorCode.OWN_REQUEST]: 'Non puoi approvare o rifiutare una tua richiesta',
    [ErrorCode.ALREADY_REVIEWED]: 'La richiesta è già stata approvata o rifiutata',
    [ErrorCode.CLAIMED_ELSEWHERE]:
      'La richiesta è già stata approvata o rifiutata, o la sta esaminando un altro utente',
    [ErrorCode.ALREADY_ACKNOWLEDGED]: "Un altro utente ha già confermato la presa visione dell'avviso",
    [ErrorCode.RATE_LIMITED]: 'Troppe richieste in poco tempo: riprova tra qualche secondo',
    [ErrorCode.DATABASE_UNAVAILABLE]:
      'Il database di Storico non risponde: nulla è stato salvato, riprova tra qualche istante',
    [ErrorCode.CRM_UNAVAILABLE]: "Nessun CRM è configurato: l'operazione non è disponibile",
    [ErrorCode.CRM_ERROR]: "Il CRM non ha eseguito l'operazione",
    [ErrorCode.CRM_LIMIT]: 'Il CRM ha raggiunto il limite di richieste consentite: riprova più tardi',
    [ErrorCode.CRM_OUTCOME_UNKNOWN]: "Il CRM non ha risposto: l'esito del ripristino è in verifica",
    [ErrorCode.OUTCOME_CHECKING]:
      "L'esito del ripristino è ancora in verifica nel CRM: la richiesta non può essere esaminata ora",
    [ErrorCode.ENROLMENT_EXPIRED]:
      'Il link è scaduto o è già stato usato. Chiedi a un amministratore di inviarti un nuovo codice QR.',
    [ErrorCode.NOTHING_TO_CONFIRM]:
      "Non c'è un nuovo codice da confermare: accedi con il codice che mostra l'app.",
    [ErrorCode.NOTHING_TO_RESTORE]:
      'Nessuno dei campi scelti viene ripristinato (il CRM li aggiorna da sé): scegli almeno un altro campo.',
    ...WRITE_REFUSAL_TEXTS,
  } as Partial<Record<ErrorCode, string>>,
} as const;

/** What a refusal's code means in Italian, when the code has a fixed meaning. */
export function translateErrorCode(code: unknown): string | undefined {
  return isErrorCode(code) ? it.errorCodes[code] : undefined;
}
