/**
 * The Italian texts of the user management screen ('Gestione utenti') and its dialogs, beside it.ts: only that screen imports them, so they load with its chunk
 * and stay out of the script every signed-in page loads (tests/e2e/bundle-budget.test.ts).
 */
export const itUsers = {
  create: 'Crea utente',
  edit: 'Modifica',
  editTitle: (username: string) => `Modifica utente ${username}`,
  changePassword: 'Cambia password',
  changePasswordTitle: (username: string) => `Cambia la password di ${username}`,
  changePasswordDescription:
    "Le sessioni dell'utente terminano e un eventuale blocco per troppi tentativi viene rimosso.",
  passwordSelfWarning:
    'Stai cambiando la tua password: verrai disconnesso e dovrai accedere di nuovo con la nuova password.',
  /** After your own password or sessions: this session has ended too. */
  signInAgain: 'Accedi di nuovo per continuare.',
  delete: 'Elimina',
  sendQr: 'Invia QR',
  unlock: 'Sblocca accesso',
  unlockTitle: (username: string) => `Sbloccare l'accesso di ${username}?`,
  unlockDescription:
    "Vengono rimossi i blocchi per troppi tentativi falliti, da ogni indirizzo e browser: l'utente può accedere subito.",
  unlocked: 'Accesso sbloccato',
  noLocks: 'Non erano attivi blocchi per questo utente',
  unlockFailed: "Errore durante lo sblocco dell'accesso",
  endSessions: 'Termina sessioni',
  endSessionsTitle: (username: string) => `Terminare tutte le sessioni di ${username}?`,
  endSessionsDescription:
    "L'utente viene disconnesso da ogni dispositivo e dovrà accedere di nuovo. Il suo account resta attivo.",
  endSessionsSelfWarning: 'Stai terminando le tue sessioni: verrai disconnesso anche da questo dispositivo.',
  sessionsEnded: 'Sessioni terminate',
  endSessionsFailed: 'Errore durante la chiusura delle sessioni',
  rowActions: (username: string) => `Azioni per ${username}`,
  filter: 'Cerca utenti',
  filterPlaceholder: 'Filtra per username o email',
  count: (n: number) => (n === 1 ? '1 utente' : `${n} utenti`),
  columns: { username: 'Username', email: 'Email', role: 'Ruolo', actions: 'Azioni' },
  fields: {
    username: 'Username',
    email: 'Email',
    password: 'Password',
    confirmPassword: 'Conferma password',
    role: 'Ruolo',
    rolePlaceholder: 'Seleziona un ruolo',
  },
  save: 'Salva',
  cancel: 'Annulla',
  created: 'Utente creato con successo',
  createdHint: "Per permettergli di accedere usa 'Invia QR' sulla riga dell'utente.",
  createFailed: "Errore durante la creazione dell'utente",
  updated: 'Utente modificato con successo',
  updateFailed: "Errore durante la modifica dell'utente",
  deleted: 'Utente eliminato con successo',
  deleteFailed: "Errore durante l'eliminazione dell'utente",
  passwordChanged: 'Password modificata con successo',
  passwordFailed: 'Errore durante la modifica della password',
  loadFailed: 'Errore durante il caricamento degli utenti',
  retry: 'Ritenta',
  usernameTaken: 'Questo username è già usato da un altro utente',
  emailTaken: 'Questa email è già usata da un altro utente',
  deleteTitle: "Eliminare l'utente?",
  deleteDescription: (username: string) =>
    `${username} non potrà più accedere. Le revisioni e le richieste di ripristino che ha firmato restano nello storico.`,
  qrTitle: (username: string) => `Invia QR a ${username}`,
  // The user list does not say whether the user has ever signed in with the app: both cases are told.
  qrExplain:
    "Viene preparato un nuovo codice per l'app di autenticazione e un link per configurarlo, valido 24 ore. Se l'utente ha già effettuato l'accesso con l'app, il suo codice attuale continua a funzionare finché non conferma il nuovo dalla pagina del link; allora le sue sessioni terminano. Se non ha mai effettuato l'accesso, vale da subito solo il nuovo codice.",
  qrSelfWarning:
    'Stai generando il QR per il tuo utente: quando confermerai il nuovo codice verrai disconnesso.',
  resetAuthenticator: 'Reimposta autenticatore',
  resetTitle: (username: string) => `Reimpostare l'autenticatore di ${username}?`,
  resetExplain:
    "Il codice attuale dell'utente smette subito di funzionare e le sue sessioni terminano. Viene generato un nuovo codice e un link per configurarlo, valido 24 ore. Usalo se l'utente ha perso il telefono o l'app.",
  resetSelfWarning: 'Stai reimpostando il tuo autenticatore: verrai disconnesso.',
  resetGenerate: 'Reimposta e genera link',
  resetDoneTitle: (username: string) => `Autenticatore di ${username} reimpostato`,
  resetDone:
    "Il codice precedente dell'utente non funziona più e le sue sessioni sono terminate. Il link vale 24 ore e smette di funzionare al suo primo accesso con il nuovo codice.",
  resetFailed: "Errore durante la reimpostazione dell'autenticatore",
  qrGenerate: 'Genera link',
  qrLinkLabel: 'Link di configurazione',
  qrEmailed: (email: string) =>
    `Il link è stato inviato per email a ${email}: solo l'utente lo riceve e non viene mostrato qui.`,
  qrNotEmailed: "Il link non è stato inviato per email: copialo e invialo all'utente.",
  /** Four eyes means two people: whoever gave a user their access does not approve that user's requests for a while. */
  qrFourEyes:
    'Per un periodo non potrai approvare le richieste di ripristino e di rollback di questo utente: le approverà un altro revisore.',
  qrValidity:
    "Il link vale 24 ore e smette di funzionare quando l'utente conferma il nuovo codice (o al suo primo accesso, se non è mai entrato).",
  qrFailed: 'Errore durante la generazione del codice QR',
  copyLink: 'Copia link',
  linkCopied: 'Link copiato',
  close: 'Chiudi',
};
