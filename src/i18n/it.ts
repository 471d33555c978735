import { CASE_FIELD_LABELS, CONTACT_FIELD_LABELS } from '@contract/field-labels';
import type { PasswordRuleId } from '@contract/password-policy';
import { it as firstLoad } from './it-first-load';

export { translateErrorCode } from './it-first-load';

/**
 * Every Italian text of the app, in one typed table. Components read from `it`; nothing Italian is written inline.
 * The sections of every first page load (sign-in, errors, `errorCodes`: what a refusal's code means) are written
 * in it-first-load.ts and are part of this table too. Screens that no other screen shares (users, settings, the
 * authenticator set-up, audit, rollbacks) keep their texts beside it (it-users.ts, …), loaded with their chunks.
 */
export const it = {
  ...firstLoad,
  layout: {
    logout: 'Esci',
    skipToContent: 'Vai al contenuto',
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
    rollbacks: 'Gestione rollback',
    ownRollbacks: 'Le mie richieste di rollback',
    offline: 'Disponibili offline',
    alerts: 'Avvisi',
    audit: 'Audit',
  },
  home: {
    greeting: (name: string) => `Benvenuto, ${name}!`,
    intro: 'Scegli un agente e un intervallo di date per cercare contatti e casi e confrontarne le versioni.',
  },
  notFound: {
    title: '404',
    message: 'Questa pagina non esiste',
    backHome: 'Torna alla home',
  },
  pages: {
    settings: 'Impostazioni',
    userManagement: 'Gestione utenti',
    caseRestores: 'Gestione ripristini casi',
    contactRestores: 'Gestione ripristini contatti',
    contacts: 'Contatti',
    cases: 'Casi',
    contactDetail: 'Dettaglio Contatto',
    caseDetail: 'Dettaglio Caso',
    alerts: 'Avvisi',
    audit: 'Audit',
  },
  freshness: {
    readAt: (when: string) => `Dati letti il ${when}`,
    refresh: 'Aggiorna',
  },
  clipboard: {
    failed: 'Impossibile copiare negli appunti: seleziona il testo e copialo a mano.',
  },
  passwordRules: {
    heading: 'La password deve contenere:',
    met: 'requisito soddisfatto',
    unmet: 'requisito non soddisfatto',
    mismatch: 'Le password non sono uguali',
    containsUsername: 'La password non può contenere lo username',
    rules: {
      'min-length': 'La password deve essere almeno di 10 caratteri.',
      'max-length': 'La password può avere al massimo 40 caratteri.',
      uppercase: 'Una lettera in maiuscolo',
      lowercase: 'Una lettera in minuscolo',
      digit: 'Un numero',
      special: 'Un carattere speciale (esempio: !,? ecc...)',
    } satisfies Record<PasswordRuleId, string>,
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
  common: {
    emptyTable: 'Nessun risultato trovato',
    noData: 'Non sono presenti dati da visualizzare',
    close: 'Chiudi',
    /** A table's frame while it scrolls sideways: a region of its own, named apart from the page's sections. */
    scrollingTable: (name: string) => `${name}, scorrevole in orizzontale`,
  },
  search: {
    agent: 'Agente',
    agentPlaceholder: 'Seleziona un agente',
    agentFilter: 'Cerca un agente',
    agentEmpty: 'Nessun agente trovato',
    agentList: 'Elenco degli agenti',
    agentsLoading: 'Caricamento degli agenti...',
    agentsFailed: 'Impossibile caricare gli agenti',
    agentsOffline: 'Agenti non disponibili offline',
    from: 'Da',
    to: 'A',
    datePlaceholder: 'GG/MM/AAAA',
    openCalendar: (field: string) => `Scegli la data '${field}' dal calendario`,
    submit: 'Cerca',
    missingParams: 'Inserisci tutti i parametri di ricerca per visualizzare i dati',
    startAfterEnd: 'La data di inizio deve essere precedente alla data di fine',
    invalidDate: 'Inserisci una data valida nel formato GG/MM/AAAA',
    outOfRange: 'La data deve essere compresa tra il 01/01/2000 e il 31/12/2030',
    start: "Scegli un agente e un intervallo di date, poi premi 'Cerca'.",
    results: 'Risultati della ricerca',
    total: (n: number) => (n === 1 ? '1 risultato' : `${n} risultati`),
    selectPage: 'Seleziona tutte le righe della pagina',
    selectRow: (name: string) => `Seleziona ${name}`,
    selectedCount: (n: number) => (n === 1 ? '1 riga selezionata' : `${n} righe selezionate`),
    clearSelection: 'Deseleziona tutto',
    expandColumn: 'Versioni',
    expand: (name: string) => `Mostra le versioni di ${name}`,
    collapse: (name: string) => `Nascondi le versioni di ${name}`,
    detail: 'Dettaglio',
    detailOpensTab: '(si apre in una nuova scheda)',
    loadFailed: 'Errore durante la ricerca',
    deletedOnly: 'Solo eliminati',
  },
  /** A record deleted in the CRM, merged into another, or brought back by Storico as a new record. */
  recordLife: {
    deleted: 'Eliminato nel CRM',
    deletedOn: (day: string) => `Eliminato nel CRM il ${day}`,
    mergedInto: (id: string) => `Unito a ${id}`,
    recreatedAs: (id: string) => `Ricreato come ${id}`,
    replaces: (id: string) => `Sostituisce ${id}`,
    converted: 'Convertito in account aziendale',
    convertedOn: (day: string) => `Convertito in account aziendale il ${day}`,
    bannerTitle: 'Record eliminato nel CRM',
  },
  calendar: {
    labelNext: 'Vai al mese successivo',
    labelPrevious: 'Vai al mese precedente',
    labelMonthDropdown: 'Scegli il mese',
    labelYearDropdown: "Scegli l'anno",
    labelNav: 'Navigazione del calendario',
    /** A day as a screen reader says it: 'Oggi, lunedì 4 marzo 2024, selezionato'. */
    labelDay: (day: string, today: boolean, selected: boolean) =>
      `${today ? 'Oggi, ' : ''}${day}${selected ? ', selezionato' : ''}`,
    /** The calendar pop-up of a date field. */
    dialog: (field: string) => `Calendario '${field}'`,
  },
  compare: {
    versionAt: (date: string) => `Versione al ${date}`,
    same: 'Le versioni sono le medesime',
    changed: 'Valore modificato',
    changedCount: (n: number) =>
      n === 0 ? 'Nessun campo modificato' : n === 1 ? '1 campo modificato' : `${n} campi modificati`,
    /** A search row's expansion whose few fields are the same while others of the record changed. */
    noneOfTheShown: 'Nessuno dei campi mostrati è modificato',
    changedElsewhere: (fields: string) => `Modificati anche, nel dettaglio: ${fields}`,
    /** The detail screen's last section: changed fields a restore would write that no other section shows. */
    otherFields: 'Altri campi',
    onlyDifferences: 'Solo differenze',
    copyJson: 'Copia JSON',
    copyJsonOf: (heading: string) => `Copia JSON: ${heading}`,
    jsonCopied: 'JSON copiato!',
    oldValue: 'Prima',
    newValue: 'Dopo',
    invalidJson: 'Formato JSON non valido',
    more: 'altro',
    less: 'meno',
    empty: '—',
    yes: 'Sì',
    no: 'No',
    back: 'Indietro',
    loading: 'Caricamento delle versioni...',
    loadFailed: 'Errore durante il caricamento delle versioni',
    noRevisions: 'Nessuna versione salvata fino alla data di fine della ricerca',
    urlDatesRefused:
      "Le date nell'indirizzo della pagina non sono valide: il confronto usa le date indicate nei titoli delle versioni.",
    retry: 'Ritenta',
    timeline: {
      title: 'Cronologia delle revisioni',
      intro:
        "Scegli due revisioni e premi 'Confronta le revisioni scelte' per vederle affiancate al posto delle versioni alle date di ricerca.",
      choose: (when: string, source: string) => `Revisione del ${when} (${source})`,
      chosen: (n: number) => `${n} di 2 revisioni scelte`,
      compare: 'Confronta le revisioni scelte',
      reset: 'Torna alle versioni delle date di ricerca',
      left: 'A sinistra',
      right: 'A destra',
      loadMore: 'Carica altre revisioni',
      loadFailed: 'Errore durante il caricamento della cronologia',
      offline:
        'Sei offline e la cronologia di questo record non è mai stata letta su questo dispositivo: sarà disponibile quando torna la connessione.',
      empty: 'Nessuna revisione salvata',
      sources: {
        sync: 'sincronizzazione',
        import: 'importazione',
        restore: (id: string) => `ripristino n. ${id}`,
        rollback: (id: string) => `rollback n. ${id}`,
      },
    },
  },
  contacts: {
    columns: {
      creationDate: 'Data di creazione',
      customerName: 'Nome cliente',
      linkedCases: 'Casi collegati',
      phone: 'Telefono',
      email: 'Email',
    },
    sections: {
      details: 'Details',
      address: 'Address information',
      newsletter: 'Newsletter Consents',
      additional: 'Additional Information',
    },
    fields: CONTACT_FIELD_LABELS,
  },
  cases: {
    columns: {
      description: 'Descrizione feedback prodotto',
      caseNumber: 'Numero caso',
      creationDate: 'Data di creazione',
      agent: 'Agente',
    },
    sections: {
      caseInformation: 'Case information',
      address: 'Address information',
      additional: 'Additional Information',
      product: 'Customer Product Information',
      service: 'Customer Service Information',
      notes: 'Note interne',
      /** Below the two columns; its other texts load with it (it-case-related.ts). */
      related: 'E-mail e commenti',
    },
    fields: CASE_FIELD_LABELS,
  },
  /** How a stored value with no field definition reads: nothing, and a flag (snapshot-value.ts). */
  values: { empty: '—', yes: 'Sì', no: 'No' },
  /** What other screens say of alerts: the header's badge, an alert's window; the alerts screen's texts are in
   * it-alerts.ts. */
  alerts: {
    window: (from: string, to: string) => `dal ${from} al ${to}`,
    badge: (n: number) => (n === 1 ? '1 avviso da verificare' : `${n} avvisi da verificare`),
  },
  /** The links that open 'Prepara rollback'; the rollback screens' own texts are in it-rollbacks.ts. */
  rollbacks: {
    prepare: 'Prepara rollback',
    prepareOf: (agent: string) => `Prepara rollback delle modifiche di ${agent}`,
  },
  restore: {
    report: 'Segnala ripristino',
    force: 'Forza ripristino',
    otpTitle: 'Per procedere al ripristino inserire il codice OTP',
    reportDescription: (n: number) =>
      n === 1
        ? 'Viene inviata una richiesta di ripristino della revisione selezionata, da approvare.'
        : `Vengono inviate ${n} richieste di ripristino delle revisioni selezionate, da approvare.`,
    forceDescription: (n: number) =>
      n === 1
        ? 'La revisione selezionata viene ripristinata subito nel CRM.'
        : `Le ${n} revisioni selezionate vengono ripristinate subito nel CRM.`,
    codeLabel: 'Codice OTP',
    codeRequired: 'Inserisci tutte le 6 cifre del codice',
    confirm: 'Conferma',
    cancel: 'Annulla',
    actions: 'Azioni di ripristino',
    selectRows: 'Seleziona almeno una riga per segnalare o forzare un ripristino',
    /** 'Forza ripristino' disabled: the CRM made the contact (one of those selected) a business account. */
    convertedForce: (selected: number) =>
      selected === 1
        ? 'Il contatto è diventato un account aziendale nel CRM: non può essere ripristinato ora, ma puoi segnalare il ripristino'
        : 'Uno dei contatti selezionati è diventato un account aziendale nel CRM: non possono essere ripristinati ora, ma puoi segnalare il ripristino',
    /** Both restore buttons disabled: the case's contact is deleted in the CRM, to be restored first. */
    contactDeleted: 'Il contatto di questo caso è eliminato nel CRM: ripristina prima il contatto.',
    /** The link to that contact's comparison, by its name (its id when Storico knows none). */
    openContact: (name: string) => `Apri il contatto ${name}`,
    reportSent: 'Richiesta di ripristino inviata con successo',
    restored: { account: 'Contatto ripristinato con successo', case: 'Caso ripristinato con successo' },
    duplicateOnList:
      'Esistono già delle richieste in sospeso o completate per una delle revisioni selezionate',
    duplicateOnDetail: 'Esiste già una richiesta in sospeso o completata per la revisione selezionata',
    invalidCode: 'Il codice inserito non è valido',
    reportFailed: "Errore durante l'invio della richiesta",
    restoreFailed: {
      account: 'Errore durante il ripristino del contatto',
      case: 'Errore durante il ripristino del caso',
    },
    /** A forced restore refused because the record was changed in the CRM since its latest version here. */
    recordChanged: (change: { by: string; at: string } | undefined) =>
      `Il record è stato modificato nel CRM${change ? ` da ${change.by} il ${change.at}` : ''}: controlla il confronto con la versione più recente prima di ripristinare.`,
    /** The field choice of a restore of one record. */
  },
  /** Beneath a failed restore: a CRM refusal, with what the CRM itself said. */
  crmSaid: {
    because: (reason: string, words: string) => `Il CRM ha rifiutato: ${reason}. Ha risposto: «${words}»`,
    only: (words: string) => `Il CRM ha risposto: «${words}»`,
  },
} as const;
