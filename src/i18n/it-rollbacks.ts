/**
 * The Italian texts of the rollback screens ('Prepara rollback', 'Gestione rollback', 'Le mie richieste di
 * rollback'), beside it.ts: only those
 * screens import them, so they load with their chunks and the first page of the app stays within its budget
 * (tests/e2e/bundle-budget.test.ts). The texts other screens show (menu, links, error codes) are in it.ts.
 */
export const itRollbacks = {
  prepareIntro:
    "Ogni record modificato dall'agente nell'intervallo torna alla versione in vigore subito prima. I record modificati anche da altri utenti, nell'intervallo o dopo, sono elencati a parte e restano esclusi, se non li selezioni.",
  missingScope: 'Mancano agente, oggetto o intervallo: apri il rollback da un avviso o dalla ricerca.',
  scope: (agent: string, object: string, from: string, to: string) =>
    `${object} modificati da ${agent} dal ${from} al ${to}`,
  objects: { Account: 'Contatti', Case: 'Casi' },
  loadFailed: "Errore durante il calcolo dell'anteprima",
  retry: 'Ritenta',
  records: (n: number) => (n === 1 ? '1 record modificato' : `${n} record modificati`),
  withoutEarlierVersion: (n: number) =>
    n === 1
      ? "1 record creato nell'intervallo: non ha una versione precedente e viene saltato"
      : `${n} record creati nell'intervallo: non hanno una versione precedente e vengono saltati`,
  fieldsTitle: 'Campi da ripristinare',
  fieldsHint: 'Togli la spunta ai campi da lasciare come sono: senza scelta si ripristinano tutti.',
  fieldCountsTitle: 'Record da ripristinare per campo',
  field: 'Campo',
  count: 'Record',
  noChanges: 'Nessun campo da ripristinare',
  sampleTitle: 'Esempio di valori',
  record: 'Record',
  before: 'Prima (valore ripristinato)',
  after: 'Ora',
  deleted: 'Eliminato: viene ripristinato',
  laterTitle: 'Modificati anche da altri utenti',
  laterHint: 'Sono esclusi dal rollback: seleziona quelli da includere comunque.',
  laterNone: "Nessun record è stato modificato da altri utenti, nell'intervallo o dopo.",
  laterChangedBy: (who: string, when: string) => `da ${who}, ${when}`,
  storicoWrite: (kind: 'restore' | 'rollback', id: number) =>
    kind === 'restore' ? `Storico (ripristino n. ${id})` : `Storico (rollback n. ${id})`,
  include: (label: string) => `Includi ${label}`,
  create: 'Crea richiesta',
  createTitle: 'Per creare la richiesta di rollback inserire il codice OTP',
  createDescription: (n: number) =>
    n === 1
      ? 'Viene inviata una richiesta di rollback di 1 record, da approvare da un revisore.'
      : `Viene inviata una richiesta di rollback di ${n} record, da approvare da un revisore.`,
  created: (id: number) => `Richiesta di rollback n. ${id} inviata con successo`,
  totalChanged: (now: number, shown: number) =>
    `Comprende ${now === 1 ? '1 record' : `${now} record`}, non ${shown}: i dati sono cambiati dopo l'anteprima.`,
  /** The toast's action after a request is sent: to 'Le mie richieste di rollback'. */
  openOwn: 'Vedi le mie richieste',
  createFailed: "Errore durante l'invio della richiesta di rollback",
  tabs: {
    PENDING: 'In corso di approvazione',
    APPROVED: 'Storico - Approvati',
    REJECTED: 'Storico - Rifiutati',
  },
  columns: {
    id: 'ID rollback',
    agent: 'Agente',
    object: 'Oggetto',
    window: 'Intervallo',
    /** Who asked, and when beneath. */
    requested: 'Richiesta',
    /** Who approved or rejected it, and when beneath. */
    approved: 'Approvazione',
    rejected: 'Rifiuto',
    progress: 'Avanzamento',
    actions: 'Azioni',
  },
  progress: (done: number, total: number) => `${done} / ${total}`,
  neverApplied: 'Rifiutato: non viene applicato',
  awaitingReview: 'In attesa di approvazione',
  stoppedBy: (who: string, when: string) => `Interrotto da ${who} il ${when}`,
  runs: {
    waiting: 'In attesa',
    running: 'In corso',
    stopped: 'Interrotto',
    finished: 'Completato',
  },
  details: 'Dettaglio',
  detailsOf: (id: number) => `Dettaglio del rollback ${id}`,
  detailTitle: (id: number) => `Rollback n. ${id}`,
  detailDescription: 'Avanzamento e esito di ogni record.',
  allFields: 'Tutti i campi',
  counts: (restored: number, skipped: number, refused: number, unknown: number) =>
    `Ripristinati ${restored} · Saltati ${skipped} · Rifiutati ${refused}${unknown ? ` · In verifica ${unknown}` : ''}`,
  outcomeColumn: 'Esito',
  messageColumn: 'Dettagli',
  outcomes: {
    restored: 'Ripristinato',
    skipped: 'Saltato',
    refused: 'Rifiutato',
    unknown: 'Esito in verifica',
    pending: 'Da applicare',
    notApplied: 'Non applicato',
  },
  laterChanged: 'modificato anche da altri',
  /** Who changed a record skipped for it: the CRM user's name, or their CRM id when the CRM could not name them. */
  changedSinceBy: (who: string) => `Modificato da ${who}`,
  approve: 'Approva',
  reject: 'Rifiuta',
  approveOf: (id: number) => `Approva il rollback ${id}`,
  rejectOf: (id: number) => `Rifiuta il rollback ${id}`,
  approveTitle: (id: number) => `Approva il rollback n. ${id}`,
  rejectTitle: (id: number) => `Rifiuta il rollback n. ${id}`,
  reviewDescription: "Inserisci il codice a 6 cifre generato dall'app di autenticazione per confermare.",
  /** What a review decides, above the code: the agent, object and window, and how many records. */
  reviewScope: (object: string, agent: string, window: string, total: number) =>
    `${object} modificati da ${agent} ${window}: ${total === 1 ? '1 record' : `${total} record`}. Il Dettaglio mostra i valori che il rollback ripristina.`,
  /** A change a record still to be applied would get: the field, the value it goes back to and the one it holds. */
  changeBack: (field: string, before: string, after: string) => `${field}: torna a ${before} (ora ${after})`,
  approved: 'Rollback approvato: viene applicato a lotti',
  rejected: 'Rollback rifiutato con successo',
  reviewFailed: "Errore durante l'approvazione del rollback",
  stop: 'Interrompi',
  stopOf: (id: number) => `Interrompi il rollback ${id}`,
  rowActions: (id: number) => `Azioni per il rollback ${id}`,
  previewOffline:
    "Sei offline: l'anteprima del rollback si prepara sul server e sarà disponibile quando torna la connessione.",
  stopTitle: (id: number) => `Interrompere il rollback n. ${id}?`,
  /** What stopping leaves: the records done stay as they are now, those not done yet are never rolled back. */
  stopConsequences: (done: number, restored: number, left: number) =>
    [
      done === 1
        ? `Il record già elaborato resta com'è ora (${restored === 1 ? 'ripristinato' : 'non ripristinato'}).`
        : `I ${done} record già elaborati restano come sono ora (${restored === 1 ? '1 ripristinato' : `${restored} ripristinati`}).`,
      left === 1
        ? "Il record non ancora elaborato non viene ripristinato: resta nel CRM com'è."
        : `I ${left} record non ancora elaborati non vengono ripristinati: restano nel CRM come sono.`,
      'Non si può annullare.',
    ].join(' '),
  cancel: 'Annulla',
  stopped: 'Rollback interrotto',
  stopFailed: "Errore durante l'interruzione del rollback",
  listFailed: 'Errore durante il caricamento dei rollback',
  countLabel: (n: number) => (n === 1 ? '1 rollback' : `${n} rollback`),
  notYetApproved: 'non ancora approvato',
  ownIntro:
    'Le richieste di rollback che hai inviato, con il loro avanzamento: le approva o le rifiuta un revisore.',
  /** A tab of 'Le mie richieste di rollback' with none of hers. */
  ownEmpty: {
    PENDING: 'Non hai richieste di rollback in attesa di approvazione',
    APPROVED: 'Nessuna tua richiesta di rollback è stata approvata',
    REJECTED: 'Nessuna tua richiesta di rollback è stata rifiutata',
  },
  /** The rollback refusals' codes (contract/error-codes.ts), told where rollbacks are made. */
  errorCodes: {
    ROLLBACK_OPEN: "Esiste già un rollback in attesa o in corso per queste modifiche dell'agente",
    ROLLBACK_EMPTY: "Nell'intervallo l'agente non ha modificato record da riportare indietro",
    ROLLBACK_NOT_RUNNING: 'Il rollback non è in corso: non può essere interrotto',
  } as Partial<Record<string, string>>,
};
