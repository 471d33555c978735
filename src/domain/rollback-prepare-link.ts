import { ROLLBACK_PREPARE_PATH } from './rollback-link';

export type RollbackLink = {
  sfUserID: string;
  object: 'Account' | 'Case';
  /** Days (`YYYY-MM-DD`, whole days in Rome) from the search bar, instants from an alert. */
  from: string;
  to: string;
  alertId?: number;
};

const PARAMS = { sfUserID: 'agente', object: 'oggetto', from: 'da', to: 'a', alertId: 'avviso' } as const;

export function rollbackPrepareHref(link: RollbackLink): string {
  const query = new URLSearchParams({
    [PARAMS.sfUserID]: link.sfUserID,
    [PARAMS.object]: link.object,
    [PARAMS.from]: link.from,
    [PARAMS.to]: link.to,
  });
  if (link.alertId !== undefined) query.set(PARAMS.alertId, String(link.alertId));
  return `${ROLLBACK_PREPARE_PATH}?${query.toString()}`;
}

/** The scope in a prepare page's query; null when a part is missing. */
export function parseRollbackLink(params: URLSearchParams): RollbackLink | null {
  const sfUserID = params.get(PARAMS.sfUserID);
  const object = params.get(PARAMS.object);
  const from = params.get(PARAMS.from);
  const to = params.get(PARAMS.to);
  if (!sfUserID || !from || !to || (object !== 'Account' && object !== 'Case')) return null;
  const alert = Number(params.get(PARAMS.alertId));
  return { sfUserID, object, from, to, ...(Number.isInteger(alert) && alert > 0 ? { alertId: alert } : {}) };
}
