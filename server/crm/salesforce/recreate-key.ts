import { CrmDuplicateKey, type CrmObject } from '../crm-connector';

/**
 * The re-create key: a custom Text External ID field of the org (SF_RECREATE_KEY_FIELD) that a record Storico
 * re-creates holds the Id of the purged record it stands in for. A re-create is then an upsert by that key
 * (sObject Rows by External ID: https://developer.salesforce.com/docs/platform/api-rest/guide/dome-upsert.html,
 * https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_sobject_upsert_patch.htm):
 * no record holds the key, one is created; one does, it is updated; several do, 300 and nothing is written.
 */

/** A Salesforce Id, the key's value: 18 characters. */
const ID_LENGTH = 18;

/** What describe says of a field that decides whether a re-create can go by it (a DescribeField of field-plan.ts). */
type KeyCandidate = {
  name: string;
  type: string;
  createable: boolean;
  updateable: boolean;
  externalId?: boolean;
  length?: number;
};

/**
 * The org's name of the key field `name` when describe shows one a re-create can go by: `externalId` (the Field
 * properties of sObject Describe, as the SOAP API's DescribeSObjectResult lists them:
 * https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_describesobjects_describesobjectresult.htm),
 * text that holds an Id, and createable and updateable by the integration user (an upsert creates or updates the
 * record holding it). Undefined otherwise: the org lacks it, hides it, or it is another kind of field.
 */
export function recreateKeyOf(
  describe: readonly KeyCandidate[],
  name: string | undefined,
): string | undefined {
  if (!name) return undefined;
  const field = describe.find((f) => f.name.toLowerCase() === name.toLowerCase());
  if (!field?.externalId || field.type !== 'string' || !field.createable || !field.updateable)
    return undefined;
  return (field.length ?? ID_LENGTH) >= ID_LENGTH ? field.name : undefined;
}

/**
 * What an upsert answers: 201 (created) or 200 (updated, API version 46.0 and later) with {id, success, errors,
 * created}; an update in earlier versions, 204 without a body.
 */
export type UpsertAnswer = { id?: string; created?: boolean } | undefined;

/** A record holding a key, live or in the recycle bin. */
export type KeyHolder = { id: string; deleted: boolean };

/**
 * The record a key names among those holding it: the one live record, else (none live) the one in the recycle bin;
 * null when none holds it. Several live ones, or several in the recycle bin and none live, cannot be told apart:
 * CrmDuplicateKey, naming them.
 */
export function keyHolder(
  where: { context: string; object: CrmObject; key: string; value: string },
  holders: readonly KeyHolder[],
): string | null {
  const live = holders.filter((h) => !h.deleted);
  const candidates = live.length > 0 ? live : holders;
  if (candidates.length <= 1) return candidates[0]?.id ?? null;
  const ids = candidates.map((h) => h.id);
  const { context, object, key, value } = where;
  // Said as Salesforce says it of an upsert by this key (300 Multiple Choices), so that the app names the reason.
  throw new CrmDuplicateKey(
    `${context}: Salesforce said MULTIPLE_CHOICES: ${ids.length} ${object} records hold ${key} ${value} ` +
      `(${ids.join(', ')}), so which one Storico created cannot be told. Keep one: delete the others or empty ` +
      `their ${key}, then restore again`,
    ids,
  );
}

/**
 * A create's body without the key field: it goes in the upsert's URL ("Do not specify Id or an external ID field
 * in the request body or an error is generated").
 */
export const withoutKey = (body: Record<string, unknown>, key: string): Record<string, unknown> =>
  Object.fromEntries(Object.entries(body).filter(([name]) => name.toLowerCase() !== key.toLowerCase()));
