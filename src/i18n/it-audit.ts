/**
 * The Italian texts of the audit screen ('Audit'), beside it.ts: only that screen imports them, so they load with its chunk
 * and stay out of the script every signed-in page loads (tests/e2e/bundle-budget.test.ts).
 */
export const itAudit = {
  intro: 'Gli eventi registrati: accessi, utenti, ripristini, avvisi.',
  user: 'Utente',
  userPlaceholder: 'Username',
  action: 'Azione',
  actionPlaceholder: 'es. auth.login o restore',
  dateFrom: 'Da',
  dateTo: 'A',
  apply: 'Filtra',
  clear: 'Azzera filtri',
  export: 'Esporta CSV',
  exportFailed: "Errore durante l'esportazione",
  dateOrder: 'La data di inizio deve essere precedente alla data di fine',
  columns: {
    at: 'Data e ora',
    user: 'Utente',
    action: 'Azione',
    target: 'Oggetto',
    ip: 'Indirizzo IP',
    details: 'Dettagli',
  },
  system: 'Sistema',
  /** Beside a renamed user's current name: the name the event recorded. */
  formerName: (name: string) => `(allora ${name})`,
  offline:
    'Sei offline: il registro di audit è disponibile solo online. Si aggiornerà quando torna la connessione.',
  loadFailed: 'Errore durante il caricamento del registro',
  retry: 'Ritenta',
  count: (n: number) => (n === 1 ? '1 evento' : `${n} eventi`),
  /** The filter's areas: a prefix lists every action of its area. */
  actionAreas: {
    auth: 'Tutti gli eventi di accesso',
    user: 'Tutte le modifiche agli utenti',
    restore: 'Tutti gli eventi dei ripristini',
    rollback: 'Tutti gli eventi dei rollback',
    alert: 'Tutti gli eventi degli avvisi',
  },
};
