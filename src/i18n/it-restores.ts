/**
 * The Italian texts of the restore review lists ('Gestione ripristini contatti' and 'casi'), beside it.ts: only those
 * screens import them, so they load with their chunks and the first screens of the app stay within their budget
 * (tests/e2e/bundle-budget.test.ts). The texts other screens show (menu, links, error codes) are in it.ts.
 */
export const itRestores = {
  tabs: {
    PENDING: 'In corso di approvazione',
    APPROVED: 'Storico - Approvati',
    REJECTED: 'Storico - Rifiutati',
  },
  columns: {
    id: 'ID ripristino',
    contact: 'Contatto',
    case: 'Caso',
    createdAt: 'Data creazione',
    approvedAt: 'Data approvazione',
    rejectedAt: 'Data rifiuto',
    requestedBy: 'Richiesto da',
    doneBy: 'Eseguito da',
    actions: 'Azioni',
  },
  notYetApproved: 'non ancora approvata',
  /** A pending request whose CRM write went unanswered, until a read of the record settles it. */
  outcomeChecking: 'Esito in verifica',
  outcomeCheckingDetail:
    "Il CRM non ha risposto al ripristino: l'esito è in verifica. La richiesta non può essere approvata o rifiutata finché il CRM non conferma se il ripristino è stato applicato.",
  /** An approval refused because the record was changed in the CRM since the version compared: who, when. */
  recordChanged: (change: { by: string; at: string } | undefined) =>
    `Il record è stato modificato nel CRM${change ? ` da ${change.by} il ${change.at}` : ''}: controlla il confronto con la versione più recente prima di approvare.`,
  /** A CRM refusal whose reason has a translation in `crmErrors`. */
  crmRefused: (reason: string) => `Il CRM ha rifiutato il ripristino: ${reason}`,
  rowActions: (id: number) => `Azioni per la richiesta ${id}`,
  details: 'Dettaglio',
  detailsOf: (id: number) => `Dettaglio della richiesta ${id}`,
  detailTitle: (id: number) => `Richiesta di ripristino n. ${id}`,
  detailDescription:
    'I campi che differivano alla creazione della richiesta e i valori che il ripristino riporta.',
  type: 'Tipo',
  types: { REPORT: 'Segnalazione', FORCED: 'Ripristino forzato' },
  status: 'Stato',
  statuses: { PENDING: 'In corso di approvazione', APPROVED: 'Approvata', REJECTED: 'Rifiutata' },
  searchedRange: 'Intervallo di ricerca',
  range: (from: string, to: string) => `dal ${from} al ${to}`,
  differences: 'Differenze',
  field: 'Campo',
  targetValue: 'Valore da ripristinare',
  noDifferences: 'Nessuna differenza registrata',
  onlyChosen: 'Solo i campi scelti',
  onlyChosenDetail: 'Il ripristino scrive solo questi campi; gli altri restano come sono nel CRM.',
  approve: 'Approva',
  reject: 'Rifiuta',
  approveOf: (id: number) => `Approva la richiesta ${id}`,
  rejectOf: (id: number) => `Rifiuta la richiesta ${id}`,
  approveTitle: (id: number) => `Approva la richiesta n. ${id}`,
  rejectTitle: (id: number) => `Rifiuta la richiesta n. ${id}`,
  reviewDescription: "Inserisci il codice a 6 cifre generato dall'app di autenticazione per confermare.",
  approved: 'Richiesta approvata con successo',
  rejected: 'Richiesta rifiutata con successo',
  reviewFailed: "Errore durante l'approvazione della richiesta",
  loadFailed: 'Errore durante il caricamento delle richieste',
  retry: 'Ritenta',
  count: (n: number) => (n === 1 ? '1 richiesta' : `${n} richieste`),
  outcome: 'Esito',
  outcomes: {
    undeleted: 'Ripristinato dal cestino',
    undeletedWithRelated: (count: number) =>
      `Ripristinato dal cestino con ${count === 1 ? '1 e-mail o commento' : `${count} e-mail e commenti`}`,
    recreated: (id: string) => `Ripristinato con nuovo ID ${id}`,
  },
};
