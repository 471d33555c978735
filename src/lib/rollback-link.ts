/** 'Gestione rollback': the rollbacks in SPEC.md's three tabs, under 'Gestione'. */
export const ROLLBACKS_PATH = '/gestione_rollback/gestioneRollback';

/** 'Le mie richieste di rollback': USER_RANA follows the rollbacks she requested, in the same three tabs. */
export const OWN_ROLLBACKS_PATH = '/rollback/richieste';

/** Where a rollback is prepared: the alerts and the search page link there, with the scope in the query. */
export const ROLLBACK_PREPARE_PATH = '/rollback/prepara';
