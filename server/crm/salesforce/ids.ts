import { CrmError, type SyncedObject } from '../crm-connector';

export const ID_PATTERN = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;

/**
 * Ids named in one query (`Id IN (...)`): a query's SOQL travels in its URL, about 30 characters an id once encoded,
 * and Salesforce takes at most 16,384 bytes for a URI with its headers
 * (https://help.salesforce.com/s/articleView?id=000386264&type=1).
 */
const IDS_PER_QUERY = 200;

export function checkId(object: SyncedObject, id: string): void {
  if (!ID_PATTERN.test(id)) throw new CrmError(`${object} id '${id}' is not a Salesforce id`);
}

/** `ids` quoted for SOQL (`'001...'`), in lists of as many as one query names. */
export function quotedLists(ids: readonly string[]): string[][] {
  const lists: string[][] = [];
  for (let start = 0; start < ids.length; start += IDS_PER_QUERY)
    lists.push(ids.slice(start, start + IDS_PER_QUERY).map((id) => `'${id}'`));
  return lists;
}
