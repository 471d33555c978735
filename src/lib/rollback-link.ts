/** 'Gestione rollback': the rollbacks in SPEC.md's three tabs, under 'Gestione'. */
export const ROLLBACKS_PATH = '/gestione_rollback/gestioneRollback';

/** Where a rollback is prepared: the alerts and the search page link there, with the scope in the query. */
export const ROLLBACK_PREPARE_PATH = '/rollback/prepara';
