/** 'Gestione rollback', under 'Gestione': the rollbacks in three tabs (docs/product.md#agent-rollbacks). */
export const ROLLBACKS_PATH = '/gestione_rollback/gestioneRollback';

/** 'Le mie richieste di rollback': USER_RANA follows the rollbacks she requested, in the same three tabs. */
export const OWN_ROLLBACKS_PATH = '/rollback/richieste';

/** The tab of the rollback screens, in their query next to `page`. */
export const ROLLBACK_STATUS_PARAM = 'stato';
/** A rollback whose detail the rollback screens open, in their query: where an alert's rollback leads. */
export const ROLLBACK_DETAIL_PARAM = 'dettaglio';

/** A rollback's detail, on the screen `path` (a reviewer's or USER_RANA's own), under its tab. */
export const rollbackDetailHref = (path: string, rollback: { id: number; status: string }) =>
  `${path}?${new URLSearchParams({ [ROLLBACK_STATUS_PARAM]: rollback.status, [ROLLBACK_DETAIL_PARAM]: String(rollback.id) }).toString()}`;

/** Where a rollback is prepared: the alerts and the search page link there, with the scope in the query. */
export const ROLLBACK_PREPARE_PATH = '/rollback/prepara';
