/**
 * The Italian texts of the alerts screen ('Avvisi'), beside it.ts: only that screen imports them, so they load with
 * its chunk and the first screens of the app stay within their budget (tests/e2e/bundle-budget.test.ts). The badge
 * in the header and an alert's window, which other screens show, are in it.ts.
 */
export const itAlerts = {
  tabs: { open: 'Da verificare', acknowledged: 'Presa visione' },
  intro:
    "Un avviso segnala un agente che in poco tempo ha modificato o eliminato molti contatti o casi, per errore o di proposito, oppure un ripristino forzato da un utente a cui un altro ha dato l'accesso da poco.",
  /** A forced restore by a user someone created or enrolled within the cooldown (docs/product.md#four-eyes). */
  forcedRestore: (id: number, restoredBy: string, at: string) =>
    `Ripristino forzato n. ${id}: da ${restoredBy}, il ${at}`,
  grantedBy: (grant: 'created' | 'enrolled', username: string, day: string) =>
    grant === 'created'
      ? `Utente creato da ${username} il ${day}`
      : `Codice QR inviato da ${username} il ${day}`,
  columns: {
    agent: 'Agente',
    object: 'Oggetto',
    window: 'Intervallo',
    changed: 'Modificati',
    deleted: 'Eliminati',
    topFields: 'Campi più modificati',
    acknowledged: 'Presa visione',
    actions: 'Azioni',
  },
  objects: { Account: 'Contatti', Case: 'Casi' },
  fieldCount: (field: string, count: number) => `${field} (${count})`,
  acknowledgedBy: (username: string, when: string) => `${username}, ${when}`,
  acknowledge: 'Conferma presa visione',
  acknowledgeOf: (agent: string) => `Conferma presa visione dell'avviso su ${agent}`,
  rowActions: (agent: string) => `Azioni per l'avviso su ${agent}`,
  acknowledged: 'Presa visione confermata',
  acknowledgeFailed: 'Errore durante la conferma della presa visione',
  loadFailed: 'Errore durante il caricamento degli avvisi',
  retry: 'Ritenta',
  empty: 'Nessun avviso',
  count: (n: number) => (n === 1 ? '1 avviso' : `${n} avvisi`),
  /** The rollback requested for an alert, and where it stands (src/domain/rollback-state.ts). */
  rollback: (id: number, state: string) => `Rollback n. ${id}: ${state}`,
  /** The same, for a user who cannot open it (USER_RANA, another's request): who asked for it. */
  rollbackOf: (rollback: string, username: string) => `${rollback} (richiesto da ${username})`,
};
