/**
 * Every Italian text of the app, in one typed table. Components read from `it`; nothing Italian is written inline.
 * `serverMessages` translates the server's English messages (part of the API contract) for display.
 */
export const it = {
  app: {
    name: 'Storico',
    tagline: 'Revisioni e ripristini CRM',
    loading: 'Caricamento in corso...',
  },
  layout: {
    logout: 'Esci',
    menu: 'Menu',
    openMenu: 'Apri il menu',
    closeMenu: 'Chiudi il menu',
    mainNavigation: 'Navigazione principale',
    search: 'Ricerca',
    contacts: 'Contatti',
    cases: 'Casi',
    settings: 'Impostazioni',
    management: 'Gestione',
    userManagement: 'Gestione utenti',
    caseRestores: 'Gestione ripristini casi',
    contactRestores: 'Gestione ripristini contatti',
    userMenu: 'Menu utente',
  },
  roles: {
    ADMIN: 'Admin',
    USER_RANA: 'User Rana',
  } as Record<string, string>,
  home: {
    greeting: (name: string) => `Benvenuto, ${name}!`,
    intro: 'Scegli un agente e un intervallo di date per cercare contatti e casi e confrontarne le versioni.',
  },
  notFound: {
    title: '404',
    message: 'Questa pagina non esiste',
    backHome: 'Torna alla home',
  },
  errorView: {
    title: 'Si è verificato un errore',
    retry: 'Ritenta',
    unknown: 'Errore sconosciuto',
  },
  pages: {
    signIn: 'Accedi',
    forgotPassword: 'Password dimenticata',
    resetPassword: 'Reimposta password',
    twoFactor: "Configura l'autenticatore",
    settings: 'Impostazioni',
    userManagement: 'Gestione utenti',
    caseRestores: 'Gestione ripristini casi',
    contactRestores: 'Gestione ripristini contatti',
    contacts: 'Contatti',
    cases: 'Casi',
    contactDetail: 'Dettaglio Contatto',
    caseDetail: 'Dettaglio Caso',
  },
  signIn: {
    title: 'Accedi a Storico',
    subtitle: 'Inserisci le tue credenziali',
    username: 'Username',
    password: 'Password',
    submit: 'Accedi',
  },
  forgotPassword: {
    title: 'Password dimenticata',
    message:
      "Per reimpostare la password devi prima ricevere l'e-mail di reimpostazione. Chiedi a un amministratore di inviartela.",
    backToSignIn: 'Torna al login',
  },
  resetPassword: {
    title: 'Reimposta password',
    invalidLink: 'Il link di reimpostazione non è valido: servono un indirizzo e-mail valido e un token.',
    backToSignIn: 'Torna al login',
  },
  pagination: {
    label: 'Paginazione',
    previous: 'Precedente',
    next: 'Successiva',
    page: (n: number) => `Pagina ${n}`,
    more: 'Altre pagine',
  },
  errors: {
    sessionExpired: "Sessione scaduta, effettua nuovamente l'accesso",
    notSignedIn: "Non hai effettuato l'accesso",
    notFound: 'Risultato non trovato',
    network: 'Impossibile contattare il server. Controlla la connessione e riprova.',
    timeout: 'Il server non ha risposto in tempo. Riprova.',
    generic: 'Si è verificato un errore imprevisto',
    forbidden: 'Non hai i permessi per questa operazione',
  },
  common: {
    emptyTable: 'Nessun risultato trovato',
    noData: 'Non sono presenti dati da visualizzare',
    cancel: 'Annulla',
    confirm: 'Conferma',
    close: 'Chiudi',
  },
  serverMessages: {
    'Invalid Totp': 'Il codice inserito non è valido',
    'You have some requests already in pending or done for one of the revision selected':
      'Esistono già delle richieste in sospeso o completate per una delle revisioni selezionate',
    'Authentication required': "Non hai effettuato l'accesso",
    'Session expired or revoked': "Sessione scaduta, effettua nuovamente l'accesso",
    'Your role does not allow this': 'Non hai i permessi per questa operazione',
    'Internal server error': 'Si è verificato un errore imprevisto',
  } as Record<string, string>,
} as const;

/** The Italian for a server message, or the message itself when the table has none. */
export function translateServerMessage(message: string): string {
  return it.serverMessages[message] ?? message;
}
